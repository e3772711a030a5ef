-- How far a player is from each limit in force at p_at: its value, what the period has used and
-- the room left (value - used; below zero once a lowered limit is already passed). Money in
-- centavos; time in seconds (the limit is kept in minutes). The play figures come from one scan of
-- the player's days (rg_play_used); the deposits are summed only for a deposit limit, so a stake's
-- check (rg_refusal, under the player's lock) never reads the orders. open: the day's play session
-- is open (a stake now adds no first minute to the time played). Read by rg_refusal, the deposit
-- check and the refusals' messages (protection/limits.ts).
CREATE OR REPLACE FUNCTION rg_room(p_user bigint, p_at timestamp with time zone)
 RETURNS TABLE(kind text, period text, value bigint, used bigint, room bigint, "open" boolean)
 LANGUAGE sql
 STABLE
AS $function$
  WITH l AS (SELECT * FROM rg_limits_at(p_user, p_at) x WHERE x.value IS NOT NULL),
  p AS (SELECT * FROM rg_play_used(p_user, p_at) WHERE EXISTS (SELECT 1 FROM l WHERE l.kind <> 'deposit'))
  SELECT l.kind, l.period, v.value, u.used, v.value - u.used, p.open
  FROM l
  LEFT JOIN p ON p.period = l.period
  CROSS JOIN LATERAL (SELECT CASE l.kind WHEN 'time' THEN l.value * 60 ELSE l.value END AS value) v
  CROSS JOIN LATERAL (SELECT CASE l.kind
      WHEN 'deposit' THEN rg_deposits_used(p_user, p_at, l.period)
      WHEN 'loss' THEN p.loss WHEN 'stake' THEN p.stake WHEN 'time' THEN p.time END AS used) u
  WHERE u.used IS NOT NULL
$function$;
