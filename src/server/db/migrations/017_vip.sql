-- VIP levels (issue 14). The spec's table read as: the award for reaching a level, the total
-- deposited and the total wagered needed to reach it, both thresholds met (src/shared/loyalty/vip.ts
-- holds the same table; a test keeps them equal). The wagered total counts what a gift's wagering
-- counts (the contribution table, net exposure, the 1.5x rule: wallet_count_wager's p_counted), so no
-- level can be bought at a profit. Test accounts (play money) have no VIP progress.
CREATE TABLE vip_levels (
  level smallint PRIMARY KEY,
  award bigint NOT NULL CHECK (award >= 0),
  pay_min bigint NOT NULL CHECK (pay_min >= 0),
  game_min bigint NOT NULL CHECK (game_min >= 0)
);
INSERT INTO vip_levels (level, award, pay_min, game_min) VALUES
  (0, 0, 0, 0),
  (1, 1000, 10000, 50000),
  (2, 5000, 50000, 400000),
  (3, 20000, 200000, 1600000),
  (4, 120000, 1000000, 8000000),
  (5, 600000, 5000000, 40000000),
  (6, 2400000, 20000000, 160000000),
  (7, 7500000, 50000000, 300000000),
  (8, 22500000, 150000000, 600000000),
  (9, 75000000, 500000000, 2000000000),
  (10, 200000000, 1000000000, 4000000000);

-- Each player's sums (centavos) and level; seen_level is the level the VIP page last showed them.
CREATE TABLE vip_progress (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  pay_sum bigint NOT NULL DEFAULT 0 CHECK (pay_sum >= 0),
  game_sum bigint NOT NULL DEFAULT 0 CHECK (game_sum >= 0),
  level smallint NOT NULL DEFAULT 0,
  seen_level smallint NOT NULL DEFAULT 0
);
INSERT INTO vip_progress (user_id, pay_sum)
  SELECT o.user_id, sum(o.amount) FROM orders o JOIN users u ON u.id = o.user_id
  WHERE o.type = 10 AND o.status = '10' AND NOT u.is_test GROUP BY o.user_id;

-- Each level reached, once per player and level; its award is credited by Node (src/server/vip)
-- through the ledger, and credited_at set in the same transaction.
CREATE TABLE vip_awards (
  user_id bigint NOT NULL REFERENCES users (id),
  level smallint NOT NULL,
  award bigint NOT NULL CHECK (award > 0),
  reached_at timestamptz NOT NULL,
  credited_at timestamptz,
  tx_id bigint,
  PRIMARY KEY (user_id, level)
);
CREATE INDEX vip_awards_pending_idx ON vip_awards (reached_at) WHERE credited_at IS NULL;

-- Adds to a player's sums; on reaching new levels records each one's award (once) and raises the
-- level. Returns the new level when it rose, else NULL.
CREATE FUNCTION vip_add(p_user bigint, p_pay bigint, p_game bigint, p_at timestamptz) RETURNS smallint LANGUAGE plpgsql AS $$
DECLARE
  pr vip_progress;
  lvl smallint;
BEGIN
  INSERT INTO vip_progress AS v (user_id, pay_sum, game_sum)
    SELECT p_user, p_pay, p_game FROM users WHERE id = p_user AND NOT is_test
    ON CONFLICT (user_id) DO UPDATE SET pay_sum = v.pay_sum + EXCLUDED.pay_sum, game_sum = v.game_sum + EXCLUDED.game_sum
    RETURNING * INTO pr;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT max(l.level) INTO lvl FROM vip_levels l WHERE l.pay_min <= pr.pay_sum AND l.game_min <= pr.game_sum;
  IF lvl IS NULL OR lvl <= pr.level THEN
    RETURN NULL;
  END IF;
  INSERT INTO vip_awards (user_id, level, award, reached_at)
    SELECT p_user, l.level, l.award, p_at FROM vip_levels l WHERE l.level > pr.level AND l.level <= lvl AND l.award > 0
    ON CONFLICT DO NOTHING;
  UPDATE vip_progress SET level = lvl WHERE user_id = p_user;
  UPDATE users SET level = lvl WHERE id = p_user;
  RETURN lvl;
END
$$;

CREATE OR REPLACE FUNCTION wallet_count_wager(p_user bigint, p_counted bigint, p_placed_at timestamptz, p_at timestamptz) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  req bigint;
  done bigint;
  acc record;
  cash_id bigint;
  bonus_id bigint;
  bonus_left bigint := 0;
  tx bigint;
BEGIN
  IF p_counted <= 0 THEN
    RETURN 0;
  END IF;
  -- Every counted stake also counts toward the VIP levels (gameSumAmount).
  PERFORM vip_add(p_user, 0, p_counted, p_at);
  UPDATE bonus_wagering SET wagered = wagered + p_counted
    WHERE user_id = p_user AND required > 0 AND (granted_at IS NULL OR granted_at <= p_placed_at)
    RETURNING required, wagered INTO req, done;
  IF NOT FOUND OR done < req THEN
    RETURN 0;
  END IF;
  UPDATE bonus_wagering SET required = 0, wagered = 0 WHERE user_id = p_user;
  FOR acc IN SELECT a.id, a.kind, a.balance FROM ledger_accounts a
    WHERE a.user_id = p_user AND a.kind IN ('cash', 'bonus') ORDER BY a.id FOR NO KEY UPDATE LOOP
    IF acc.kind = 'cash' THEN cash_id := acc.id; ELSE bonus_id := acc.id; bonus_left := acc.balance; END IF;
  END LOOP;
  IF bonus_left = 0 THEN
    RETURN 0;
  END IF;
  UPDATE ledger_accounts SET balance = balance - bonus_left WHERE id = bonus_id;
  UPDATE ledger_accounts SET balance = balance + bonus_left WHERE id = cash_id;
  INSERT INTO ledger_transactions (kind, ref, user_id, created_at, meta) VALUES ('bonus_release', NULL, p_user, p_at, NULL) RETURNING id INTO tx;
  INSERT INTO ledger_entries (tx_id, account_id, amount) VALUES (tx, bonus_id, -bonus_left), (tx, cash_id, bonus_left);
  RETURN bonus_left;
END
$$;
