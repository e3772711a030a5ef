-- A transaction id seen before: the first reply again when it is the same request, else DUPLICATE_TRANSACTION.
CREATE OR REPLACE FUNCTION provider_repeat(seen provider_transactions, p_op text, p_hash text, p_user bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  IF seen.kind = 'bet' AND seen.state = 'void' THEN
    RETURN provider_answer('TRANSACTION_ROLLED_BACK', p_user);
  END IF;
  IF seen.kind = p_op AND seen.request_hash = p_hash THEN
    RETURN seen.reply;
  END IF;
  RETURN provider_answer('DUPLICATE_TRANSACTION', p_user);
END
$function$;
