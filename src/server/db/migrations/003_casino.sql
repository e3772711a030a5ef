-- Provably-fair seed pairs and the casino originals' bets (dice, limbo, mines).
CREATE TABLE fair_seeds (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  server_seed text NOT NULL,
  server_seed_hash text NOT NULL,
  client_seed text NOT NULL,
  -- The next bet's nonce; one per bet across the instant games, one per mines game.
  nonce integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  revealed_at timestamptz
);
CREATE UNIQUE INDEX fair_seeds_active_idx ON fair_seeds (user_id) WHERE active;

CREATE TABLE casino_bets (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  game text NOT NULL CHECK (game IN ('dice', 'limbo', 'mines')),
  seed_id bigint NOT NULL REFERENCES fair_seeds (id),
  nonce integer NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  -- dice: target in hundredths and 'over'/'under'; limbo: target in hundredths; mines: mine count.
  target integer,
  condition text,
  mines smallint,
  -- dice: the roll; limbo: the result (hundredths).
  outcome integer,
  revealed jsonb NOT NULL DEFAULT '[]',
  state text NOT NULL CHECK (state IN ('active', 'won', 'lost')),
  -- ten-thousandths
  multiplier bigint NOT NULL DEFAULT 0,
  payout bigint NOT NULL DEFAULT 0,
  -- how the stake was paid, so a win is paid back the same way
  from_cash bigint NOT NULL DEFAULT 0,
  from_bonus bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  settled_at timestamptz,
  UNIQUE (seed_id, nonce)
);
CREATE INDEX casino_bets_user_idx ON casino_bets (user_id, id DESC);
-- One open mines game per user.
CREATE UNIQUE INDEX casino_bets_active_mines_idx ON casino_bets (user_id) WHERE game = 'mines' AND state = 'active';
