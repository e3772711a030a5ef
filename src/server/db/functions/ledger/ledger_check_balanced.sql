-- The ledger's invariant, once per INSERT statement over the rows it inserted: every transaction's
-- entries sum to zero, and every entry names an account that exists (a set-based probe in place of
-- a foreign key, which took one locking lookup per entry row).
CREATE OR REPLACE FUNCTION ledger_check_balanced()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  bad bigint;
BEGIN
  SELECT tx_id INTO bad FROM new_entries GROUP BY tx_id HAVING sum(amount) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % does not balance', bad;
  END IF;
  SELECT n.account_id INTO bad FROM new_entries n WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = n.account_id) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger entry names account %, which does not exist', bad USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE TRIGGER ledger_balanced AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_balanced();
