-- The one home of sport_match_payouts: a bet's potential payout added on each match of its legs
-- (p_sign 1, as sport_play places it) or taken off (-1, as sport/bets.ts settleMatch settles it),
-- once per leg, as the per-match cap counts it. A match's row goes when nothing is left on it.
-- Called under the player's account locks, as every reader of the table reads it.
CREATE OR REPLACE FUNCTION sport_match_payouts_move(p_user bigint, p_bet bigint, p_sign integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF p_sign > 0 THEN
    INSERT INTO sport_match_payouts AS e (user_id, match_id, potential)
      SELECT p_user, l.match_id, b.potential * count(*) FROM sport_bet_legs l JOIN sport_bets b ON b.id = l.bet_id
      WHERE l.bet_id = p_bet GROUP BY l.match_id, b.potential
      ON CONFLICT (user_id, match_id) DO UPDATE SET potential = e.potential + EXCLUDED.potential;
  ELSE
    -- An UPDATE, not an upsert: a CHECK is tested on an upsert's proposed row, negative here.
    UPDATE sport_match_payouts e SET potential = e.potential - x.potential
      FROM (SELECT l.match_id, b.potential * count(*) AS potential FROM sport_bet_legs l JOIN sport_bets b ON b.id = l.bet_id
            WHERE l.bet_id = p_bet GROUP BY l.match_id, b.potential) x
      WHERE e.user_id = p_user AND e.match_id = x.match_id;
    DELETE FROM sport_match_payouts e WHERE e.user_id = p_user AND e.potential = 0
      AND e.match_id IN (SELECT l.match_id FROM sport_bet_legs l WHERE l.bet_id = p_bet);
  END IF;
END
$function$;
