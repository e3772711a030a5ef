-- The deposits a player made in a period ('day', 'week' or 'month', São Paulo's) at p_at: the paid
-- deposit orders and the one still open, what a deposit limit holds. Read by rg_used and rg_room.
CREATE OR REPLACE FUNCTION rg_deposits_used(p_user bigint, p_at timestamp with time zone, p_period text)
 RETURNS bigint
 LANGUAGE sql
 STABLE
AS $function$
  SELECT COALESCE(sum(COALESCE(o.paid_amount, o.amount)), 0)::bigint FROM orders o
  WHERE o.user_id = p_user AND o.type = 10 AND (o.status = '10' OR (o.status = '00' AND o.expires_at > p_at))
    AND o.created_at >= (
      date_trunc(CASE p_period WHEN 'day' THEN 'day' WHEN 'week' THEN 'week' ELSE 'month' END, (p_at AT TIME ZONE 'America/Sao_Paulo'))
      AT TIME ZONE 'America/Sao_Paulo')
$function$;
