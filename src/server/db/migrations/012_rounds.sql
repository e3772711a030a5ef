-- Shared rounds (issue 12): each game's rounds and the bets on them. A round's hash is its chain's
-- link for its number (seq); it is written here once the round is settled (revealed).
CREATE TABLE rounds (
  id bigserial PRIMARY KEY,
  game text NOT NULL,
  chain_id bigint NOT NULL REFERENCES round_chains (id),
  seq integer NOT NULL CHECK (seq >= 1),
  -- The public id: the row's id for Double and Row Double, the period id for Lucky Color.
  round_id text NOT NULL,
  phase text NOT NULL CHECK (phase IN ('betting', 'drawing', 'settled', 'void')),
  started_at timestamptz NOT NULL,
  betting_ends_at timestamptz NOT NULL,
  hash text CHECK (hash ~ '^[0-9a-f]{64}$'),
  roll smallint,
  settled_at timestamptz,
  UNIQUE (chain_id, seq),
  UNIQUE (game, round_id),
  CHECK ((phase = 'settled') = (roll IS NOT NULL))
);
-- One round in play per game.
CREATE UNIQUE INDEX rounds_one_open ON rounds (game) WHERE phase IN ('betting', 'drawing');
CREATE INDEX rounds_closed_idx ON rounds (game, id DESC) WHERE phase IN ('settled', 'void');

CREATE TABLE round_bets (
  id bigserial PRIMARY KEY,
  round_pk bigint NOT NULL REFERENCES rounds (id),
  user_id bigint NOT NULL,
  game text NOT NULL,
  choice text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  from_cash bigint NOT NULL CHECK (from_cash >= 0),
  from_bonus bigint NOT NULL CHECK (from_bonus >= 0),
  state text NOT NULL CHECK (state IN ('open', 'won', 'lost', 'refunded')),
  -- ten-thousandths; 0 until settled and when lost
  multiplier bigint NOT NULL DEFAULT 0,
  payout bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  settled_at timestamptz,
  CHECK (from_cash + from_bonus = amount)
);
CREATE INDEX round_bets_round_idx ON round_bets (round_pk, user_id);
CREATE INDEX round_bets_user_idx ON round_bets (user_id, id DESC);

-- A bet on the open round of a game: refused (a code, nothing written) when the round is not the
-- one open for bets, or its betting time has passed at p_at, or the wallet refuses the stake.
-- The round's row is read FOR SHARE: closing a round updates it, so a round closes only once the
-- bets in flight on it have committed, and no bet lands after it closed.
CREATE FUNCTION round_bet(
  p_user bigint, p_game text, p_round_id text, p_choice text, p_stake bigint, p_at timestamptz, p_day date, p_bonus_max bigint,
  OUT code text, OUT bet_id bigint, OUT balance bigint, OUT version bigint
) LANGUAGE plpgsql AS $$
DECLARE
  r rounds;
  w record;
BEGIN
  SELECT * INTO r FROM rounds WHERE game = p_game AND round_id = p_round_id FOR SHARE;
  IF NOT FOUND OR r.phase <> 'betting' OR p_at >= r.betting_ends_at THEN
    code := 'ROUND_CLOSED';
    RETURN;
  END IF;
  bet_id := nextval('round_bets_id_seq');
  SELECT * INTO w FROM wallet_bet(p_user, p_stake, NULL, 'round:' || bet_id, p_at, p_day, jsonb_build_object('game', p_game), p_bonus_max);
  code := w.code;
  IF w.code <> 'OK' THEN
    bet_id := NULL;
    RETURN;
  END IF;
  INSERT INTO round_bets (id, round_pk, user_id, game, choice, amount, from_cash, from_bonus, state, created_at)
    VALUES (bet_id, r.id, p_user, p_game, p_choice, p_stake, w.from_cash, w.from_bonus, 'open', p_at);
  balance := w.balance;
  version := w.version;
END
$$;
