-- Provider games through a seamless wallet (issue 15). A launch opens a provider session (the
-- token the provider sends back on every wallet call); every bet, win and rollback the provider
-- sends is one row, keyed by the provider's transaction id, written in the same transaction as its
-- money, so a repeat finds it and moves nothing.
CREATE TABLE provider_sessions (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id),
  provider text NOT NULL,
  game text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  closed_at timestamptz
);
CREATE INDEX provider_sessions_user_idx ON provider_sessions (user_id) WHERE closed_at IS NULL;

CREATE TABLE provider_transactions (
  provider text NOT NULL,
  transaction_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback')),
  user_id bigint NOT NULL REFERENCES users (id),
  game text NOT NULL,
  round_id text NOT NULL,
  amount bigint NOT NULL CHECK (amount >= 0),
  -- win and rollback: the bet they refer to.
  reference_id text,
  -- A bet: how its stake was paid (a win goes back the same way; a rollback returns it so).
  from_cash bigint NOT NULL DEFAULT 0,
  from_bonus bigint NOT NULL DEFAULT 0,
  -- A bet: 'open', 'settled' (a win came), 'rolled_back', or 'void' (a rollback came first: no bet
  -- may take this id any more). A win or a rollback: 'done'.
  state text NOT NULL,
  tx_id bigint REFERENCES ledger_transactions (id),
  -- What the request was (a repeat with the same id must be the same request) and the first reply.
  request_hash text NOT NULL,
  reply jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (provider, transaction_id)
);
CREATE INDEX provider_transactions_user_idx ON provider_transactions (user_id, created_at DESC);
CREATE INDEX provider_transactions_reference_idx ON provider_transactions (provider, reference_id) WHERE reference_id IS NOT NULL;

-- An account an operator disabled: providers are told USER_DISABLED.
ALTER TABLE users ADD COLUMN disabled_at timestamptz;
