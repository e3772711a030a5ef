-- Accounts, sessions, captchas, password resets, in-play games and the ledger.
CREATE TABLE users (
  id bigserial PRIMARY KEY,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  name text NOT NULL DEFAULT '',
  card_no text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  header smallint NOT NULL DEFAULT 0 CHECK (header BETWEEN 0 AND 35),
  level smallint NOT NULL DEFAULT 0,
  yqm text NOT NULL UNIQUE,
  inviter_id bigint REFERENCES users (id),
  is_test boolean NOT NULL DEFAULT false,
  test_password text,
  isapp smallint NOT NULL DEFAULT 0,
  kyc smallint NOT NULL DEFAULT 0,
  lx text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL
);
ALTER SEQUENCE users_id_seq RESTART WITH 100001;
CREATE INDEX users_inviter_idx ON users (inviter_id);

CREATE TABLE sessions (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id),
  device_id text NOT NULL DEFAULT '',
  ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE captchas (
  code_id integer NOT NULL,
  ip text NOT NULL,
  answer text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (code_id, ip)
);
CREATE INDEX captchas_expiry_idx ON captchas (expires_at);

CREATE TABLE password_resets (
  email text PRIMARY KEY,
  user_id bigint REFERENCES users (id),
  code_hash text NOT NULL,
  sent_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  chk_hash text,
  chk_expires_at timestamptz
);

CREATE TABLE game_sessions (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  game_code text NOT NULL,
  product_code text NOT NULL,
  started_at timestamptz NOT NULL
);

-- The ledger: every movement is one transaction whose entries sum to zero.
CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  user_id bigint REFERENCES users (id),
  kind text NOT NULL,
  balance bigint NOT NULL DEFAULT 0,
  is_system boolean NOT NULL DEFAULT false,
  CONSTRAINT ledger_user_nonnegative CHECK (is_system OR balance >= 0),
  CONSTRAINT ledger_owner CHECK (is_system = (user_id IS NULL))
);
CREATE UNIQUE INDEX ledger_accounts_user_kind ON ledger_accounts (user_id, kind) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_system_kind ON ledger_accounts (kind) WHERE user_id IS NULL;

CREATE TABLE ledger_transactions (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  ref text,
  user_id bigint REFERENCES users (id),
  created_at timestamptz NOT NULL,
  meta jsonb
);
CREATE INDEX ledger_transactions_user_idx ON ledger_transactions (user_id, created_at);

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  tx_id bigint NOT NULL REFERENCES ledger_transactions (id),
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  amount bigint NOT NULL CHECK (amount <> 0)
);
CREATE INDEX ledger_entries_tx_idx ON ledger_entries (tx_id);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id);

-- Checked at commit, so a transaction may insert its entries one by one.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE tx_id = NEW.tx_id) <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance', NEW.tx_id;
  END IF;
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER ledger_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();

INSERT INTO ledger_accounts (kind, is_system) VALUES ('house', true), ('clearing', true), ('promotions', true), ('play_money', true);
