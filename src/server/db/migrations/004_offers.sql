-- Bonus-boost offers (the spec's userBetAmount event): at most one a player a São Paulo day.
CREATE TABLE boost_offers (
  user_id bigint NOT NULL REFERENCES users (id),
  day date NOT NULL,
  bouns numeric(10, 4) NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, day)
);
-- Today's stakes are summed by player and time.
CREATE INDEX casino_bets_user_created_idx ON casino_bets (user_id, created_at);

-- The provider's payment page of a deposit, so an open order can be shown again after a reload.
ALTER TABLE orders ADD COLUMN pay_url text;
