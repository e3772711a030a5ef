-- Gives a stake back the way it was paid (refund.ts's refundStake calls it too): kind 'refund'
-- from the player's house sub-account; the player's accounts locked first, in id order. A stake
-- given back is a return of its day (play_days), as a win is.
CREATE OR REPLACE FUNCTION wallet_refund_stake(p_user bigint, p_amount bigint, p_from_cash bigint, p_from_bonus bigint, p_ref text, p_meta jsonb, p_at timestamp with time zone)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  acc record;
  cash_id bigint;
  bonus_id bigint;
  house bigint;
  tx bigint;
BEGIN
  IF p_amount <= 0 THEN
    RETURN NULL;
  END IF;
  IF p_from_cash < 0 OR p_from_bonus < 0 OR p_from_cash + p_from_bonus <> p_amount THEN
    RAISE EXCEPTION 'a stake is paid by its cash and bonus parts';
  END IF;
  FOR acc IN SELECT a.id, a.kind FROM ledger_accounts a
    WHERE a.user_id = p_user AND a.kind IN ('cash', 'bonus') ORDER BY a.id FOR NO KEY UPDATE LOOP
    IF acc.kind = 'cash' THEN cash_id := acc.id; ELSE bonus_id := acc.id; END IF;
  END LOOP;
  SELECT h.account_id INTO house FROM house_account(p_user) h;
  IF cash_id IS NULL OR bonus_id IS NULL OR house IS NULL THEN
    RAISE EXCEPTION 'user % has no cash, bonus or house account', p_user;
  END IF;
  IF p_from_cash > 0 THEN UPDATE ledger_accounts SET balance = balance + p_from_cash WHERE id = cash_id; END IF;
  IF p_from_bonus > 0 THEN UPDATE ledger_accounts SET balance = balance + p_from_bonus WHERE id = bonus_id; END IF;
  UPDATE ledger_accounts SET balance = balance - p_amount WHERE id = house;
  INSERT INTO ledger_transactions (kind, ref, user_id, created_at, meta) VALUES ('refund', p_ref, p_user, p_at, p_meta) RETURNING id INTO tx;
  INSERT INTO ledger_entries (tx_id, account_id, amount)
    SELECT tx, x.a, x.m FROM unnest(ARRAY[house, cash_id, bonus_id], ARRAY[-p_amount, p_from_cash, p_from_bonus]) WITH ORDINALITY AS x(a, m, n)
    WHERE x.m <> 0 ORDER BY x.n;
  PERFORM play_days_returned(p_user, p_amount, p_at);
  RETURN tx;
END
$function$;
