-- Sportsbook bets (issue 13). A bet keeps everything its settlement needs: each leg's match,
-- market (type, sub-period, line in quarters), selection and the odds it was placed at; the feed
-- keeps nothing of the bet. status is the spec's bet order status: 0 pending, 9999 drawn (settled).
CREATE TABLE sport_bets (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL,
  type text NOT NULL CHECK (type IN ('single', 'parlay')),
  amount bigint NOT NULL CHECK (amount > 0),
  from_cash bigint NOT NULL DEFAULT 0 CHECK (from_cash >= 0),
  from_bonus bigint NOT NULL DEFAULT 0 CHECK (from_bonus >= 0),
  status integer NOT NULL DEFAULT 0 CHECK (status IN (0, 9999)),
  -- what the bet returned once settled (stake x factor, floored to the centavo)
  payout bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
  created_at timestamptz NOT NULL,
  settled_at timestamptz
);
CREATE INDEX sport_bets_user_idx ON sport_bets (user_id, id DESC);
CREATE INDEX sport_bets_open_idx ON sport_bets (id) WHERE status = 0;

CREATE TABLE sport_bet_legs (
  bet_id bigint NOT NULL REFERENCES sport_bets (id),
  leg smallint NOT NULL,
  match_id text NOT NULL,
  market_id text NOT NULL,
  selection_id text NOT NULL,
  market_type text NOT NULL,
  period smallint NOT NULL,
  line_quarters integer NOT NULL,
  selection text NOT NULL,
  -- decimal odds in thousandths (1.950 is 1950)
  odds integer NOT NULL CHECK (odds >= 1000),
  -- the spec's bet-result code once settled: 10 win, 21 half win, 90 refund, 11 half lose, 20 lose
  result smallint,
  PRIMARY KEY (bet_id, leg)
);
CREATE INDEX sport_bet_legs_open_idx ON sport_bet_legs (match_id) WHERE result IS NULL;

-- The outcome each match was settled with (the feed's, or one set by hand outside production);
-- a later row for the same match is a correction.
CREATE TABLE sport_results (
  match_id text PRIMARY KEY,
  outcome jsonb NOT NULL,
  settled_at timestamptz NOT NULL
);
