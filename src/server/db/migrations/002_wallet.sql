-- The wallet: idempotency keys, price packages, deposit and withdrawal orders, payment events,
-- transfers, saved withdrawal accounts, bonus wagering, KYC tax ids and game locks.

-- One row per (user, Idempotency-Key): claimed in the same transaction as the call's work, and
-- holding the reply once the work is done, so a replay answers the first reply and moves nothing.
CREATE TABLE idempotency_keys (
  user_id bigint NOT NULL REFERENCES users (id),
  key text NOT NULL,
  request_hash text NOT NULL,
  http_status smallint,
  response text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- Deposit packages (the spec's price packages). Amounts in centavos; gift_wager_x is how many
-- times the gift must be wagered before the bonus turns into cash.
CREATE TABLE price_packages (
  id serial PRIMARY KEY,
  curreny text NOT NULL CHECK (curreny IN ('BRL', 'EXTPAY', 'BTBRL', 'FCBRL', 'INSBRL', 'EXPPAY', '')),
  price bigint NOT NULL CHECK (price > 0),
  gift bigint NOT NULL DEFAULT 0 CHECK (gift >= 0),
  gift_wager_x integer NOT NULL DEFAULT 15 CHECK (gift_wager_x >= 0),
  sort integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true
);
-- The spec: a R$100 package preselected among BRL ones; gifts wagered 15x; compensation (INSBRL)
-- bonus 2x; bonus boost (EXPPAY) 1x.
INSERT INTO price_packages (curreny, price, gift, gift_wager_x, sort) VALUES
  ('BRL', 2000, 0, 15, 1),
  ('BRL', 5000, 500, 15, 2),
  ('BRL', 10000, 1500, 15, 3),
  ('BRL', 20000, 4000, 15, 4),
  ('BRL', 50000, 12000, 15, 5),
  ('BRL', 100000, 30000, 15, 6),
  ('EXTPAY', 300000, 100000, 15, 7),
  ('EXTPAY', 1000000, 400000, 15, 8),
  ('BTBRL', 3000, 1000, 15, 9),
  ('FCBRL', 5000, 2500, 15, 10),
  ('INSBRL', 1000, 500, 2, 1),
  ('INSBRL', 3000, 1500, 2, 2),
  ('INSBRL', 5000, 2500, 2, 3),
  ('INSBRL', 10000, 5000, 2, 4),
  ('INSBRL', 20000, 10000, 2, 5),
  ('EXPPAY', 5000, 5000, 1, 1);

-- Deposits (type 10) and withdrawals (type 11), with the spec's status codes.
CREATE TABLE orders (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  type smallint NOT NULL CHECK (type IN (10, 11)),
  status text NOT NULL DEFAULT '00' CHECK (status IN ('00', '01', '10')),
  amount bigint NOT NULL CHECK (amount > 0),
  -- Deposits: the package, and the bonus it credits (0 when taken without the gift).
  pkg_id integer REFERENCES price_packages (id),
  gift bigint NOT NULL DEFAULT 0 CHECK (gift >= 0),
  gift_wager_x integer NOT NULL DEFAULT 0,
  isapp smallint NOT NULL DEFAULT 0,
  provider text,
  pay_no text UNIQUE,
  expires_at timestamptz,
  -- Withdrawals: where the money goes.
  pay_card_bank text,
  pay_card_no text,
  ifsc text,
  holder_name text,
  whatsapp text,
  created_at timestamptz NOT NULL,
  closed_at timestamptz,
  close_reason text
);
CREATE INDEX orders_user_idx ON orders (user_id, created_at);
CREATE INDEX orders_pending_idx ON orders (type, created_at) WHERE status = '00';
-- The spec: one open payment order per user.
CREATE UNIQUE INDEX orders_one_open_deposit ON orders (user_id) WHERE type = 10 AND status = '00';

-- Every webhook event a provider sent, once: a replay is recognised and changes nothing.
CREATE TABLE payment_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  pay_no text NOT NULL,
  type text NOT NULL,
  outcome text NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (provider, event_id)
);

CREATE TABLE transfers (
  id bigserial PRIMARY KEY,
  from_user bigint NOT NULL REFERENCES users (id),
  to_user bigint NOT NULL REFERENCES users (id),
  amount bigint NOT NULL CHECK (amount > 0),
  tx_id bigint NOT NULL REFERENCES ledger_transactions (id),
  created_at timestamptz NOT NULL,
  CHECK (from_user <> to_user)
);
CREATE INDEX transfers_from_idx ON transfers (from_user, created_at);
CREATE INDEX transfers_to_idx ON transfers (to_user, created_at);

-- The account a user last withdrew to, per withdrawal type (getWithdraw's cardInfo).
CREATE TABLE withdraw_cards (
  user_id bigint NOT NULL REFERENCES users (id),
  type text NOT NULL,
  pay_card_no text NOT NULL,
  ifsc text NOT NULL DEFAULT '',
  holder_name text NOT NULL DEFAULT '',
  whatsapp text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, type)
);

-- The bonus still to be wagered: `required` grows by gift x multiple with each gift, `wagered`
-- by every stake; when wagered reaches required the bonus balance turns into cash.
CREATE TABLE bonus_wagering (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  required bigint NOT NULL DEFAULT 0 CHECK (required >= 0),
  wagered bigint NOT NULL DEFAULT 0 CHECK (wagered >= 0)
);

-- One CPF belongs to one verified account.
CREATE TABLE kyc_tax_ids (
  card_no text PRIMARY KEY,
  user_id bigint NOT NULL UNIQUE REFERENCES users (id),
  verified_at timestamptz NOT NULL
);

-- A game that has taken a stake and not settled it writes a row here (ref: its round or bet id)
-- and deletes it when it settles; while a user has any row, withdrawals are refused (the spec's
-- 'Sua fatura do jogo está sendo gerada' lock).
CREATE TABLE open_game_locks (
  user_id bigint NOT NULL REFERENCES users (id),
  ref text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, ref)
);

CREATE INDEX ledger_transactions_kind_idx ON ledger_transactions (user_id, kind, created_at);
