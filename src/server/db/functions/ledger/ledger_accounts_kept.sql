-- Ledger accounts are never deleted (nor truncated): an entry's account cannot disappear after the
-- entry is written, which is what lets ledger_check_balanced check accounts without a foreign key.
CREATE OR REPLACE FUNCTION ledger_accounts_kept()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'ledger accounts are never deleted';
END
$function$;

CREATE OR REPLACE TRIGGER ledger_accounts_kept BEFORE DELETE OR TRUNCATE ON ledger_accounts FOR EACH STATEMENT EXECUTE FUNCTION ledger_accounts_kept();
