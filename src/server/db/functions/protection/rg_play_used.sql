-- What a player's play has used so far in each period at p_at, from play_days in one scan: per
-- São Paulo day, ISO week (from Monday) and calendar month, the net loss (stakes less what wins,
-- cash-outs and refunds paid back) and the stakes; for the day also the seconds played (played_s,
-- and the pause since the last stake while the session is still open: a stake now would count it)
-- and whether that session is open (a stake now adds no first minute). The play part of rg_used,
-- and what rg_room reads for the loss, stake and time limits on every stake of a player with limits.
CREATE OR REPLACE FUNCTION rg_play_used(p_user bigint, p_at timestamp with time zone)
 RETURNS TABLE(period text, loss bigint, stake bigint, "time" bigint, "open" boolean)
 LANGUAGE sql
 STABLE
AS $function$
  WITH b AS (
    SELECT t.today, date_trunc('week', t.today)::date AS week, date_trunc('month', t.today)::date AS month
    FROM (SELECT (p_at AT TIME ZONE 'America/Sao_Paulo')::date AS today) t
  ), a AS (
    SELECT
      COALESCE(sum(d.staked - d.returned) FILTER (WHERE d.day = b.today), 0)::bigint AS day_loss,
      COALESCE(sum(d.staked) FILTER (WHERE d.day = b.today), 0)::bigint AS day_stake,
      COALESCE(sum(d.staked - d.returned) FILTER (WHERE d.day >= b.week), 0)::bigint AS week_loss,
      COALESCE(sum(d.staked) FILTER (WHERE d.day >= b.week), 0)::bigint AS week_stake,
      COALESCE(sum(d.staked - d.returned) FILTER (WHERE d.day >= b.month), 0)::bigint AS month_loss,
      COALESCE(sum(d.staked) FILTER (WHERE d.day >= b.month), 0)::bigint AS month_stake,
      COALESCE(max(d.played_s) FILTER (WHERE d.day = b.today), 0)::bigint AS played,
      max(d.last_play_at) FILTER (WHERE d.day = b.today) AS last_play_at
    FROM b LEFT JOIN play_days d ON d.user_id = p_user AND d.day BETWEEN LEAST(b.week, b.month) AND b.today
  ), o AS (
    SELECT a.*, COALESCE(a.last_play_at BETWEEN p_at - play_idle_gap() AND p_at, false) AS open FROM a
  )
  SELECT x.period, x.loss, x.stake, x.time, x.open FROM o
  CROSS JOIN LATERAL (VALUES
    ('day', o.day_loss, o.day_stake, o.played + CASE WHEN o.open THEN extract(epoch FROM p_at - o.last_play_at)::bigint ELSE 0 END, o.open),
    ('week', o.week_loss, o.week_stake, NULL::bigint, NULL::boolean),
    ('month', o.month_loss, o.month_stake, NULL::bigint, NULL::boolean)
  ) AS x(period, loss, stake, time, open)
$function$;
