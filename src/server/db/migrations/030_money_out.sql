-- Issue 29, money out and the PIX rails.
--
-- Every payment ever credited, by its end-to-end id, for good: the retention job purges
-- payment_events 90 days after their order closed, and a PSP that delivers the same payment again
-- after that must still find it credited (not a second payment of a paid charge, returned to its
-- payer while the player keeps the credit). A few dozen bytes a deposit; never purged. It also
-- names whose deposit a payment was, which a MED return needs.
CREATE TABLE credited_payments (
  provider text NOT NULL,
  e2e_id text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  order_id bigint NOT NULL REFERENCES orders (id),
  amount bigint NOT NULL CHECK (amount > 0),
  credited_at timestamptz NOT NULL,
  PRIMARY KEY (provider, e2e_id)
);
CREATE INDEX credited_payments_user_idx ON credited_payments (user_id);
-- The payments credited before this table existed.
INSERT INTO credited_payments (provider, e2e_id, user_id, order_id, amount, credited_at)
  SELECT provider, e2e_id, user_id, id, COALESCE(paid_amount, amount), COALESCE(closed_at, created_at)
  FROM orders WHERE type = 10 AND status = '10' AND e2e_id IS NOT NULL AND provider IS NOT NULL
  ON CONFLICT DO NOTHING;

-- A credited payment returned to its payer through the MED (API Pix devolução of nature
-- MED_OPERACIONAL or MED_FRAUDE), once per devolução: `taken` left the player's cash, `debt` is
-- what the cash could not cover (added to player_debts), `forfeited` the bonus that went with it.
CREATE TABLE pix_returns (
  provider text NOT NULL,
  e2e_id text NOT NULL,
  id text NOT NULL,
  rtr_id text NOT NULL,
  natureza text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  amount bigint NOT NULL CHECK (amount > 0),
  taken bigint NOT NULL CHECK (taken >= 0),
  debt bigint NOT NULL CHECK (debt >= 0),
  forfeited bigint NOT NULL CHECK (forfeited >= 0),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (provider, e2e_id, id),
  CHECK (taken + debt = amount)
);
CREATE INDEX pix_returns_user_idx ON pix_returns (user_id);

-- What a player owes the house after a MED return their cash could not cover. Never a negative
-- balance: the debt lives here, withdrawals and transfers wait while it is above zero, and the
-- next deposits settle it first.
CREATE TABLE player_debts (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  amount bigint NOT NULL CHECK (amount >= 0),
  updated_at timestamptz NOT NULL
);

-- A withdrawal that waits for a person's approval before any payout is sent (a CNPJ withdrawal,
-- WITHDRAW_CNPJ=on): 'waiting' until an operator decides; NULL for the others.
ALTER TABLE orders ADD COLUMN approval text CHECK (approval IN ('waiting', 'approved'));

-- The emulator's devoluções carry their nature (API Pix Devolucao.natureza; absent means ORIGINAL).
ALTER TABLE psp_sandbox_refunds ADD COLUMN natureza text NOT NULL DEFAULT 'ORIGINAL';
