-- Settled stakes counted toward what they count for, the one home of the rule, for one player
-- (wallet_count_wager) or many (the casino batch): p_counted is the stake times the game's
-- wagering contribution (Node decides it: wagering.ts), and counts toward VIP and referral
-- (vip_adds), and toward the gift's wagering when the gift was granted before the stake was placed;
-- a requirement met releases what is left of the bonus into cash (wallet_release_bonus). Answers the
-- players whose requirement was met, with what was released. One row per player in a call.
CREATE OR REPLACE FUNCTION wallet_count_wagers(p_users bigint[], p_counted bigint[], p_placed_at timestamp with time zone[], p_at timestamp with time zone[])
 RETURNS TABLE(user_id bigint, released bigint)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
#variable_conflict use_column
BEGIN
  PERFORM 1 FROM vip_adds(p_users, array_fill(0::bigint, ARRAY[cardinality(p_users)]), p_counted, p_at);
  -- The players' accounts are locked already (wallet_bets, or the settling path's own lock).
  RETURN QUERY
    WITH w AS (
      UPDATE bonus_wagering w SET wagered = w.wagered + x.c
        FROM unnest(p_users, p_counted, p_placed_at, p_at) AS x(u, c, placed_at, at)
        WHERE w.user_id = x.u AND x.c > 0 AND w.required > 0 AND (w.granted_at IS NULL OR w.granted_at <= x.placed_at)
        RETURNING w.user_id AS u, w.required, w.wagered, x.at
    )
    SELECT w.u, wallet_release_bonus(w.u, w.at) FROM w WHERE w.wagered >= w.required;
END
$function$;
