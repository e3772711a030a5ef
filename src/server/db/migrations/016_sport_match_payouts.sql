-- Issue 34: what a player's open sport bets on one match may pay together (SPORT_MAX_MATCH_PAYOUT),
-- kept per player and match (sport_match_payouts_move adds a bet's potential payout when it is
-- placed and takes it off when it settles). sport_play summed it over the player's open bets on
-- every bet, a cost that grew with them: the soak's sportsbook-only run, whose matches stay open,
-- saw the server's CPU per bet rise 2.54 -> 5.91 ms in five minutes on PGlite; and PostgreSQL
-- planned that sum over every sport bet the player ever placed and every open bet of the book.
CREATE TABLE sport_match_payouts (
  user_id bigint NOT NULL REFERENCES users (id),
  match_id text NOT NULL,
  potential bigint NOT NULL CHECK (potential >= 0),
  PRIMARY KEY (user_id, match_id)
);
INSERT INTO sport_match_payouts (user_id, match_id, potential)
  SELECT b.user_id, l.match_id, sum(b.potential) FROM sport_bets b JOIN sport_bet_legs l ON l.bet_id = b.id
  WHERE b.status = 0 GROUP BY b.user_id, l.match_id;
