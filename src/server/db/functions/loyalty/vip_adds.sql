-- Players' VIP progress, the one home of its rule, for one player (vip_add) or many (the casino
-- batch, through wallet_count_wagers): adds deposits (pay) and counted stakes (game), and for an
-- invited player the day's counted stakes to wager_days (the referral commissions read them), then
-- vip_reach raises the level where the sums now reach a higher one. Test accounts have none.
-- Answers the players whose level rose, with the new level. One row per player in a call.
CREATE OR REPLACE FUNCTION vip_adds(p_users bigint[], p_pay bigint[], p_game bigint[], p_at timestamp with time zone[])
 RETURNS TABLE(user_id bigint, level smallint)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
#variable_conflict use_column
BEGIN
  INSERT INTO wager_days AS w (user_id, day, counted)
    SELECT x.u, (x.at AT TIME ZONE 'America/Sao_Paulo')::date, x.game FROM unnest(p_users, p_game, p_at) AS x(u, game, at)
    JOIN users usr ON usr.id = x.u
    WHERE x.game > 0 AND NOT usr.is_test AND usr.inviter_id IS NOT NULL
    ON CONFLICT ON CONSTRAINT wager_days_pkey DO UPDATE SET counted = w.counted + EXCLUDED.counted;
  RETURN QUERY
    WITH v AS (
      INSERT INTO vip_progress AS v (user_id, pay_sum, game_sum)
        SELECT x.u, x.pay, x.game FROM unnest(p_users, p_pay, p_game) AS x(u, pay, game)
        JOIN users usr ON usr.id = x.u
        WHERE (x.pay > 0 OR x.game > 0) AND NOT usr.is_test
        ON CONFLICT ON CONSTRAINT vip_progress_pkey DO UPDATE SET pay_sum = v.pay_sum + EXCLUDED.pay_sum, game_sum = v.game_sum + EXCLUDED.game_sum
        RETURNING v.*
    )
    SELECT v.user_id, vip_reach(v, x.at) FROM v JOIN unnest(p_users, p_at) AS x(u, at) ON x.u = v.user_id
      -- vip_reach only where a higher level is now reached (it would answer NULL for the rest).
      WHERE EXISTS (SELECT 1 FROM vip_levels l WHERE l.level > v.level AND l.pay_min <= v.pay_sum AND l.game_min <= v.game_sum);
END
$function$;
