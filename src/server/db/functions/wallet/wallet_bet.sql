-- A bet's money, in as few statements as it takes: the stake, cash first, then bonus, and when
-- the bet is settled at once (p_payout not null) its win, as two ledger transactions ('bet' with
-- how the stake was paid in its meta, then 'win'), each account updated once by its net amount.
-- Refuses (a code, nothing written) when cash + bonus is short or, while a gift is being wagered,
-- when the stake is above p_bonus_max. The part of a win that the bonus paid for goes back to
-- bonus while a wagering requirement is open, so winning with a gift does not skip its wagering.
-- Every stake counts toward the deposits' turnover and today's stakes at once; toward a gift's
-- wagering when it settles (wallet_count_wager). Returns the balance (cash + bonus) and its version.
CREATE OR REPLACE FUNCTION wallet_bet(p_user bigint, p_stake bigint, p_payout bigint, p_ref text, p_at timestamp with time zone, p_day date, p_meta jsonb, p_bonus_max bigint, OUT code text, OUT bet_tx bigint, OUT from_cash bigint, OUT from_bonus bigint, OUT balance bigint, OUT version bigint, OUT is_test boolean, OUT day_total bigint)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  cash_id bigint;
  cash bigint := 0;
  bonus_id bigint;
  bonus bigint := 0;
  house bigint;
  payout bigint := COALESCE(p_payout, 0);
  win_tx bigint;
  to_bonus bigint := 0;
  d_cash bigint;
  d_bonus bigint;
BEGIN
  IF p_stake <= 0 OR payout < 0 THEN
    RAISE EXCEPTION 'a stake must be positive and a win not negative';
  END IF;
  -- The player's cash and bonus, locked in id order (the lock order of every posting), and the
  -- player's house sub-account (play money's for a test account), in one statement.
  WITH mine AS (
    SELECT a.id, a.kind, a.balance FROM ledger_accounts a
    WHERE a.user_id = p_user AND a.kind IN ('cash', 'bonus') ORDER BY a.id FOR NO KEY UPDATE
  )
  SELECT max(mine.id) FILTER (WHERE mine.kind = 'cash'), max(mine.balance) FILTER (WHERE mine.kind = 'cash'),
      max(mine.id) FILTER (WHERE mine.kind = 'bonus'), max(mine.balance) FILTER (WHERE mine.kind = 'bonus'),
      max(theirs.account_id), bool_or(theirs.is_test)
    INTO cash_id, cash, bonus_id, bonus, house, is_test
    FROM mine CROSS JOIN house_account(p_user) theirs;
  IF cash_id IS NULL OR bonus_id IS NULL OR house IS NULL THEN
    RAISE EXCEPTION 'user % has no cash, bonus or house account', p_user;
  END IF;
  IF p_stake > cash + bonus THEN
    code := 'INSUFFICIENT_BALANCE';
    RETURN;
  END IF;
  IF p_stake > p_bonus_max AND bonus > 0
    AND EXISTS (SELECT 1 FROM bonus_wagering w WHERE w.user_id = p_user AND w.required > w.wagered) THEN
    code := 'BONUS_MAX_STAKE';
    RETURN;
  END IF;
  from_cash := LEAST(p_stake, cash);
  from_bonus := p_stake - from_cash;
  IF payout > 0 AND from_bonus > 0 AND EXISTS (SELECT 1 FROM bonus_wagering w WHERE w.user_id = p_user AND w.required > 0) THEN
    to_bonus := (payout * from_bonus) / p_stake;
  END IF;
  d_cash := payout - to_bonus - from_cash;
  d_bonus := to_bonus - from_bonus;
  -- Each account once, by its net amount (the player's first: the lock order).
  IF d_cash <> 0 THEN UPDATE ledger_accounts la SET balance = la.balance + d_cash WHERE la.id = cash_id; END IF;
  IF d_bonus <> 0 THEN UPDATE ledger_accounts la SET balance = la.balance + d_bonus WHERE la.id = bonus_id; END IF;
  IF p_stake <> payout THEN UPDATE ledger_accounts la SET balance = la.balance + (p_stake - payout) WHERE la.id = house; END IF;
  INSERT INTO ledger_transactions (kind, ref, user_id, created_at, meta)
    VALUES ('bet', p_ref, p_user, p_at, COALESCE(p_meta, '{}'::jsonb) || jsonb_build_object('fromCash', from_cash::text, 'fromBonus', from_bonus::text))
    RETURNING id INTO bet_tx;
  IF payout > 0 THEN
    INSERT INTO ledger_transactions (kind, ref, user_id, created_at, meta) VALUES ('win', p_ref, p_user, p_at, p_meta) RETURNING id INTO win_tx;
  END IF;
  -- Both transactions' entries in one statement (one balance check), in posting order.
  WITH e AS (
    INSERT INTO ledger_entries (tx_id, account_id, amount)
      SELECT x.tx, x.a, x.m FROM (VALUES (1, bet_tx, house, p_stake), (2, bet_tx, cash_id, -from_cash), (3, bet_tx, bonus_id, -from_bonus),
        (4, win_tx, house, -payout), (5, win_tx, cash_id, payout - to_bonus), (6, win_tx, bonus_id, to_bonus)) AS x(n, tx, a, m)
      WHERE x.m <> 0 ORDER BY x.n
      RETURNING id, account_id
  )
  SELECT max(e.id) FILTER (WHERE e.account_id <> house) INTO version FROM e;
  UPDATE cash_turnover SET outstanding = GREATEST(outstanding - p_stake, 0) WHERE user_id = p_user AND outstanding > 0;
  UPDATE daily_stakes d SET total = d.total + p_stake WHERE d.user_id = p_user AND d.day = p_day RETURNING d.total INTO day_total;
  IF NOT FOUND THEN
    INSERT INTO daily_stakes AS d (user_id, day, total) VALUES (p_user, p_day, p_stake)
      ON CONFLICT (user_id, day) DO UPDATE SET total = d.total + EXCLUDED.total
      RETURNING d.total INTO day_total;
  END IF;
  balance := cash + bonus + d_cash + d_bonus;
  code := 'OK';
END
$function$;
