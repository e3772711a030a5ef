-- wallet_count_wagers' last step: a met requirement ends, and what is left
-- of the bonus turns into cash. Returns what was released.
CREATE OR REPLACE FUNCTION wallet_release_bonus(p_user bigint, p_at timestamp with time zone)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  acc record;
  cash_id bigint;
  bonus_id bigint;
  bonus_left bigint := 0;
  tx bigint;
BEGIN
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
$function$;
