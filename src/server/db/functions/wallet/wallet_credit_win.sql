-- Pays a win (kind 'win') or a prize (kind 'prize') from the player's house sub-account. The part
-- of a win that the bonus paid for goes back to bonus while a wagering requirement is open, so
-- winning with a gift does not skip its wagering. Nothing is posted for 0. A win is a return of
-- its day (play_days), which the loss limits net against the stakes.
CREATE OR REPLACE FUNCTION wallet_credit_win(p_user bigint, p_amount bigint, p_ref text, p_at timestamp with time zone, p_from_cash bigint, p_from_bonus bigint, p_kind text, p_meta jsonb)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  acc record;
  cash_id bigint;
  bonus_id bigint;
  to_bonus bigint := 0;
  house bigint;
  tx bigint;
BEGIN
  IF p_amount < 0 THEN
    RAISE EXCEPTION 'a win cannot be negative';
  END IF;
  IF p_amount = 0 THEN
    RETURN NULL;
  END IF;
  FOR acc IN SELECT a.id, a.kind FROM ledger_accounts a
    WHERE a.user_id = p_user AND a.kind IN ('cash', 'bonus') ORDER BY a.id FOR NO KEY UPDATE LOOP
    IF acc.kind = 'cash' THEN cash_id := acc.id; ELSE bonus_id := acc.id; END IF;
  END LOOP;
  IF p_from_bonus > 0 AND EXISTS (SELECT 1 FROM bonus_wagering w WHERE w.user_id = p_user AND w.required > 0) THEN
    to_bonus := (p_amount * p_from_bonus) / (p_from_cash + p_from_bonus);
  END IF;
  SELECT h.account_id INTO house FROM house_account(p_user) h;
  IF p_amount - to_bonus > 0 THEN UPDATE ledger_accounts SET balance = balance + (p_amount - to_bonus) WHERE id = cash_id; END IF;
  IF to_bonus > 0 THEN UPDATE ledger_accounts SET balance = balance + to_bonus WHERE id = bonus_id; END IF;
  UPDATE ledger_accounts SET balance = balance - p_amount WHERE id = house;
  INSERT INTO ledger_transactions (kind, ref, user_id, created_at, meta)
    VALUES (p_kind, p_ref, p_user, p_at, p_meta) RETURNING id INTO tx;
  INSERT INTO ledger_entries (tx_id, account_id, amount)
    SELECT tx, x.a, x.m FROM unnest(ARRAY[house, cash_id, bonus_id], ARRAY[-p_amount, p_amount - to_bonus, to_bonus]) WITH ORDINALITY AS x(a, m, n)
    WHERE x.m <> 0 ORDER BY x.n;
  -- What a bet paid back counts against the player's net loss (rg_room); a prize is no bet's return.
  IF p_kind = 'win' THEN
    PERFORM play_days_returned(p_user, p_amount, p_at);
  END IF;
  RETURN tx;
END
$function$;
