-- The operators' audit trail is append-only: whatever code path or person holds the app's
-- connection, a row once written is never changed or removed (issue 35).
CREATE OR REPLACE FUNCTION ops_audit_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'ops_audit is append-only: % refused', TG_OP;
END
$function$;

CREATE OR REPLACE TRIGGER ops_audit_append_only BEFORE UPDATE OR DELETE ON ops_audit FOR EACH ROW EXECUTE FUNCTION ops_audit_append_only();
CREATE OR REPLACE TRIGGER ops_audit_no_truncate BEFORE TRUNCATE ON ops_audit FOR EACH STATEMENT EXECUTE FUNCTION ops_audit_append_only();
