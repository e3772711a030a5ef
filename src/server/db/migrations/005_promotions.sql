-- Promotions that cannot be farmed (issue 10):
-- - promotional packages (INSBRL compensation, EXPPAY bonus boost) need an offer the server made;
-- - a gift's wagering counts only stakes placed after it was granted;
-- - deposited cash must be staked before it can leave (anti-money-laundering turnover);
-- - play money has its own house account.

-- An offer the server made to one player: the low-balance compensation (INSBRL) or the bonus boost
-- (EXPPAY). prePay takes it for one order; the payment that credits the gift marks it used, so
-- one offer pays one gift even when a cancelled order of it is paid late.
CREATE TABLE promo_offers (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  curreny text NOT NULL CHECK (curreny IN ('INSBRL', 'EXPPAY')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_order_id bigint REFERENCES orders (id)
);
CREATE INDEX promo_offers_user_idx ON promo_offers (user_id, curreny, expires_at);

ALTER TABLE orders ADD COLUMN offer_id bigint REFERENCES promo_offers (id);
-- How many times the deposit's cash must be staked before it can be withdrawn or transferred.
ALTER TABLE orders ADD COLUMN turnover_x integer NOT NULL DEFAULT 1 CHECK (turnover_x >= 0);

-- Per package: the cash turnover multiple (NULL: the DEPOSIT_TURNOVER setting). The spec's table:
-- the compensation and the bonus-boost deposits are turned over once.
ALTER TABLE price_packages ADD COLUMN turnover_x integer CHECK (turnover_x >= 0);
UPDATE price_packages SET turnover_x = 1 WHERE curreny IN ('INSBRL', 'EXPPAY');
-- The spec's 2x (compensation) and 1x (boost) gift wagering, with the originals counting 10 % of
-- a stake and a 1 % house edge, left a farmer +R$ 45 per boost (scripts/promo-ev.ts). 10x is the
-- smallest multiple at which neither promotional package pays a player who bets at the best
-- allowed odds.
UPDATE price_packages SET gift_wager_x = 10 WHERE curreny IN ('INSBRL', 'EXPPAY');

-- Stakes placed before this moment do not count toward the open requirement.
ALTER TABLE bonus_wagering ADD COLUMN granted_at timestamptz;

-- Deposited cash still to be staked before it may leave (centavos; every stake lowers it).
CREATE TABLE cash_turnover (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  outstanding bigint NOT NULL DEFAULT 0 CHECK (outstanding >= 0)
);

-- Test accounts bet against their own house: play money never touches the real house's books.
INSERT INTO ledger_accounts (kind, is_system) VALUES ('play_house', true);
