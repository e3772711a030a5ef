-- What a bet paid back later (a win, a cash-out, a refund), added to the player's São Paulo day of
-- p_at in play_days: the loss limits (rg_room) net it against the stakes. Called with the player's
-- accounts locked, by wallet_credit_win and wallet_refund_stake.
CREATE OR REPLACE FUNCTION play_days_returned(p_user bigint, p_amount bigint, p_at timestamp with time zone)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO play_days AS d (user_id, day, staked, returned) VALUES (p_user, (p_at AT TIME ZONE 'America/Sao_Paulo')::date, 0, p_amount)
    ON CONFLICT (user_id, day) DO UPDATE SET returned = d.returned + EXCLUDED.returned
$function$;
