-- What a player's play has used so far in each period at p_at, the figures the limits are held to:
-- the São Paulo day, the ISO week (from Monday) and the calendar month, each with its deposits (the
-- paid deposit orders and the one still open), net loss (stakes less what wins, cash-outs and
-- refunds paid back: play_days) and stakes; the day also with its seconds played (play_days'
-- played_s, and the pause since the last stake while the session is still open: a stake now would
-- count it). Read by rg_room and by the limits page.
CREATE OR REPLACE FUNCTION rg_used(p_user bigint, p_at timestamp with time zone)
 RETURNS TABLE(period text, deposit bigint, loss bigint, stake bigint, "time" bigint)
 LANGUAGE sql
 STABLE
AS $function$
  WITH t AS (SELECT (p_at AT TIME ZONE 'America/Sao_Paulo')::date AS today),
  p AS (
    SELECT x.period, x.since, t.today FROM t
    CROSS JOIN LATERAL (VALUES ('day', t.today), ('week', date_trunc('week', t.today)::date), ('month', date_trunc('month', t.today)::date)) AS x(period, since)
  )
  SELECT p.period,
    (SELECT COALESCE(sum(COALESCE(o.paid_amount, o.amount)), 0) FROM orders o
      WHERE o.user_id = p_user AND o.type = 10 AND (o.status = '10' OR (o.status = '00' AND o.expires_at > p_at))
        AND o.created_at >= (p.since::timestamp AT TIME ZONE 'America/Sao_Paulo'))::bigint,
    d.loss, d.stake,
    CASE WHEN p.period = 'day' THEN COALESCE((
      SELECT (x.played_s + CASE WHEN x.last_play_at BETWEEN p_at - play_idle_gap() AND p_at THEN extract(epoch FROM p_at - x.last_play_at) ELSE 0 END)::bigint
      FROM play_days x WHERE x.user_id = p_user AND x.day = p.today), 0) END
  FROM p CROSS JOIN LATERAL (
    SELECT COALESCE(sum(x.staked - x.returned), 0)::bigint AS loss, COALESCE(sum(x.staked), 0)::bigint AS stake
    FROM play_days x WHERE x.user_id = p_user AND x.day BETWEEN p.since AND p.today
  ) d
$function$;
