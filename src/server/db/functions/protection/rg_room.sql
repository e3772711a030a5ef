-- Player protection, the one home of "how far is a player from each limit they set": for every
-- limit in force at p_at (a pending raise or removal takes over at its pending_at), what the period
-- so far has used and the room left (value - used). Periods are São Paulo days, ISO weeks (from
-- Monday) and calendar months. Net loss: stakes less what the period's wins, cash-outs and refunds
-- paid back (play_days); stakes: the day's; deposits: paid deposit orders and the one still open.
-- Read by wallet_bets (under the player's lock) and by the limits page and the deposit check.
CREATE OR REPLACE FUNCTION rg_room(p_user bigint, p_at timestamp with time zone)
 RETURNS TABLE(kind text, period text, value bigint, used bigint, room bigint)
 LANGUAGE sql
 STABLE
AS $function$
  WITH l AS (
    SELECT l.kind, l.period, CASE WHEN l.pending_at IS NOT NULL AND l.pending_at <= p_at THEN l.pending_value ELSE l.value END AS value
    FROM rg_limits l WHERE l.user_id = p_user
  ), s AS (
    SELECT l.kind, l.period, l.value, t.today,
      CASE l.period WHEN 'day' THEN t.today WHEN 'week' THEN date_trunc('week', t.today)::date ELSE date_trunc('month', t.today)::date END AS since
    FROM l CROSS JOIN (SELECT (p_at AT TIME ZONE 'America/Sao_Paulo')::date AS today) t
    WHERE l.value IS NOT NULL
  )
  SELECT s.kind, s.period, s.value, u.used, s.value - u.used
  FROM s CROSS JOIN LATERAL (
    SELECT CASE s.kind
      WHEN 'loss' THEN (SELECT COALESCE(sum(p.staked - p.returned), 0) FROM play_days p WHERE p.user_id = p_user AND p.day BETWEEN s.since AND s.today)
      WHEN 'stake' THEN (SELECT COALESCE(sum(p.staked), 0) FROM play_days p WHERE p.user_id = p_user AND p.day BETWEEN s.since AND s.today)
      WHEN 'deposit' THEN (SELECT COALESCE(sum(COALESCE(o.paid_amount, o.amount)), 0) FROM orders o
        WHERE o.user_id = p_user AND o.type = 10 AND (o.status = '10' OR (o.status = '00' AND o.expires_at > p_at))
          AND o.created_at >= (s.since::timestamp AT TIME ZONE 'America/Sao_Paulo'))
      ELSE 0 END::bigint AS used
  ) u
$function$;
