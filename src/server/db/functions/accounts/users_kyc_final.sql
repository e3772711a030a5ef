-- A verified identity is final (kyc/routes refuses any change): the database holds to it too,
-- whatever code path writes the row.
CREATE OR REPLACE FUNCTION users_kyc_final()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF OLD.kyc = 1 AND (NEW.kyc <> 1 OR NEW.name IS DISTINCT FROM OLD.name OR NEW.card_no IS DISTINCT FROM OLD.card_no) THEN
    RAISE EXCEPTION 'the verified name and CPF of user % cannot change', OLD.id;
  END IF;
  RETURN NEW;
END
$function$;

CREATE OR REPLACE TRIGGER users_kyc_final BEFORE UPDATE OF kyc, name, card_no ON users FOR EACH ROW EXECUTE FUNCTION users_kyc_final();
