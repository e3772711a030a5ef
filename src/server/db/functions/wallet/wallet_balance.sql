-- A player's balance (cash + bonus) and its version (the cash account's last entry), read without
-- locks. PL/pgSQL so its statement is planned once per connection (see house_account).
CREATE OR REPLACE FUNCTION wallet_balance(p_user bigint, OUT balance bigint, OUT version bigint)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  SELECT COALESCE(sum(a.balance), 0)::bigint,
    COALESCE(max((SELECT max(e.id) FROM ledger_entries e WHERE e.account_id = a.id)), 0)::bigint
    INTO balance, version
  FROM ledger_accounts a WHERE a.user_id = p_user AND a.kind IN ('cash', 'bonus');
END
$function$;
