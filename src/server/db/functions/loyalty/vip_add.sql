-- A player's VIP progress: adds a deposit (p_pay) and counted stakes (p_game), and for an invited
-- player the day's counted stakes to wager_days (the referral commissions read them), then
-- vip_reach raises the level. Test accounts have none. Returns the new level when it rose, else
-- NULL. Called by wallet_count_wager for stakes and by deposits/service.ts for deposits.
CREATE OR REPLACE FUNCTION vip_add(p_user bigint, p_pay bigint, p_game bigint, p_at timestamp with time zone)
 RETURNS smallint
 LANGUAGE plpgsql
AS $function$
DECLARE
  u record;
  pr vip_progress;
BEGIN
  SELECT is_test, inviter_id INTO u FROM users WHERE id = p_user;
  IF NOT FOUND OR u.is_test THEN
    RETURN NULL;
  END IF;
  IF p_game > 0 AND u.inviter_id IS NOT NULL THEN
    INSERT INTO wager_days AS w (user_id, day, counted) VALUES (p_user, (p_at AT TIME ZONE 'America/Sao_Paulo')::date, p_game)
      ON CONFLICT (user_id, day) DO UPDATE SET counted = w.counted + EXCLUDED.counted;
  END IF;
  INSERT INTO vip_progress AS v (user_id, pay_sum, game_sum) VALUES (p_user, p_pay, p_game)
    ON CONFLICT (user_id) DO UPDATE SET pay_sum = v.pay_sum + EXCLUDED.pay_sum, game_sum = v.game_sum + EXCLUDED.game_sum
    RETURNING * INTO pr;
  RETURN vip_reach(pr, p_at);
END
$function$;
