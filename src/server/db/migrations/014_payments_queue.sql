-- Issue 35: the console's payments queue and returns.
--
-- A return an operator makes of a credited deposit (API Pix devolução) is a pix_refunds row like
-- the automatic refunds, which also says whose cash it was taken from (user_id), of which order,
-- and who asked: a PSP's refusal gives that cash back. One payment may have several returns
-- (parts, or one again after a refusal), so the one-refund-per-payment rule now holds only for the
-- automatic refunds (money never credited to anyone: user_id NULL).
ALTER TABLE pix_refunds ADD COLUMN user_id bigint REFERENCES users (id);
ALTER TABLE pix_refunds ADD COLUMN order_id bigint REFERENCES orders (id);
ALTER TABLE pix_refunds ADD COLUMN operator_id bigint REFERENCES operators (id);
ALTER TABLE pix_refunds DROP CONSTRAINT pix_refunds_provider_e2e_id_key;
CREATE UNIQUE INDEX pix_refunds_one_automatic ON pix_refunds (provider, e2e_id) WHERE user_id IS NULL;
CREATE INDEX pix_refunds_order ON pix_refunds (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX pix_refunds_failed ON pix_refunds (updated_at) WHERE state = 'failed';

-- A queue item an operator handled: a deposit ('D100007') or a refused refund (its id, 'R...'),
-- resolved with a reason (no money moved) or returned to its payer. One row per item: a second
-- operator acting on it is told it was handled.
CREATE TABLE payment_reviews (
  item text PRIMARY KEY,
  action text NOT NULL CHECK (action IN ('resolved', 'returned')),
  operator_id bigint NOT NULL REFERENCES operators (id),
  reason text NOT NULL,
  at timestamptz NOT NULL
);

-- Operators' Idempotency-Keys: a key space of their own, by operator, apart from the players'
-- (idempotency_keys, by users.id), so an operator's key can never answer a player's call nor a
-- player's an operator's, whatever the two ids.
CREATE TABLE ops_idempotency_keys (
  operator_id bigint NOT NULL REFERENCES operators (id),
  key text NOT NULL,
  request_hash text NOT NULL,
  http_status smallint,
  response text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (operator_id, key)
);
CREATE INDEX ops_idempotency_keys_created ON ops_idempotency_keys (created_at);

-- Money on its way out to a payer: taken from the player's cash when a return is asked, then to
-- clearing once the PSP says DEVOLVIDO (it left our account), or back to the cash on NAO_REALIZADO.
INSERT INTO ledger_accounts (user_id, kind, balance, is_system, shard) VALUES (NULL, 'pix_outgoing', 0, true, 0);
