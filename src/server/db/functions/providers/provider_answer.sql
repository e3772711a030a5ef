-- The provider wallet's reply for a status: the player's balance (cash + bonus) in the reply's
-- shape, read without locks.
CREATE OR REPLACE FUNCTION provider_answer(p_status text, p_user bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN jsonb_build_object('status', p_status, 'balance', (SELECT b.balance FROM wallet_balance(p_user) b));
END
$function$;
