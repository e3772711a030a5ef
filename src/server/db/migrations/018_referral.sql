-- Three-level referral commissions (issue 14). Each referee's counted stakes (what wallet_count_wager
-- counts: settled, by the contribution table and net exposure) are summed per São Paulo day; a daily
-- job pays each inviter up the chain (levels 1 to 3) its rate of them, once per day and referee
-- (the primary key), through the ledger as a promotion (award type 141).
CREATE TABLE wager_days (
  user_id bigint NOT NULL REFERENCES users (id),
  day date NOT NULL,
  counted bigint NOT NULL DEFAULT 0 CHECK (counted >= 0),
  PRIMARY KEY (user_id, day)
);
CREATE INDEX wager_days_day_idx ON wager_days (day);

CREATE TABLE referral_commissions (
  beneficiary bigint NOT NULL REFERENCES users (id),
  referee bigint NOT NULL REFERENCES users (id),
  day date NOT NULL,
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
  base bigint NOT NULL CHECK (base >= 0),
  amount bigint NOT NULL CHECK (amount >= 0),
  tx_id bigint,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (beneficiary, referee, day)
);
CREATE INDEX referral_commissions_level_idx ON referral_commissions (beneficiary, level);
CREATE INDEX referral_commissions_day_idx ON referral_commissions (beneficiary, day);

-- The days a job has paid (so a day is looked at once, and a missed day is caught up).
CREATE TABLE referral_days (
  day date PRIMARY KEY,
  paid_at timestamptz NOT NULL
);

-- vip_add as in 017, and a referee's counted stakes summed per São Paulo day.
CREATE OR REPLACE FUNCTION vip_add(p_user bigint, p_pay bigint, p_game bigint, p_at timestamptz) RETURNS smallint LANGUAGE plpgsql AS $$
DECLARE
  u record;
  pr vip_progress;
  lvl smallint;
BEGIN
  SELECT is_test, inviter_id INTO u FROM users WHERE id = p_user;
  IF NOT FOUND OR u.is_test THEN
    RETURN NULL;
  END IF;
  IF p_game > 0 AND u.inviter_id IS NOT NULL THEN
    INSERT INTO wager_days AS w (user_id, day, counted) VALUES (p_user, (p_at AT TIME ZONE 'America/Sao_Paulo')::date, p_game)
      ON CONFLICT (user_id, day) DO UPDATE SET counted = w.counted + EXCLUDED.counted;
  END IF;
  INSERT INTO vip_progress AS v (user_id, pay_sum, game_sum) VALUES (p_user, p_pay, p_game)
    ON CONFLICT (user_id) DO UPDATE SET pay_sum = v.pay_sum + EXCLUDED.pay_sum, game_sum = v.game_sum + EXCLUDED.game_sum
    RETURNING * INTO pr;
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
