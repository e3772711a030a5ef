-- How far a player is from each limit in force at p_at: its value, what the period has used
-- (rg_used) and the room left (value - used; below zero once a lowered limit is already passed).
-- Money in centavos; time in seconds (the limit is kept in minutes). wallet_bets reads it under the player's lock for
-- every stake of a player with limits; the deposit check and the refusals' messages read it too
-- (protection/limits.ts).
CREATE OR REPLACE FUNCTION rg_room(p_user bigint, p_at timestamp with time zone)
 RETURNS TABLE(kind text, period text, value bigint, used bigint, room bigint)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT l.kind, l.period, v.value, u.used, v.value - u.used
  FROM rg_limits_at(p_user, p_at) l
  CROSS JOIN LATERAL (SELECT CASE l.kind WHEN 'time' THEN l.value * 60 ELSE l.value END AS value) v
  JOIN rg_used(p_user, p_at) r ON r.period = l.period
  CROSS JOIN LATERAL (SELECT CASE l.kind WHEN 'deposit' THEN r.deposit WHEN 'loss' THEN r.loss WHEN 'stake' THEN r.stake WHEN 'time' THEN r."time" END AS used) u
  WHERE l.value IS NOT NULL AND u.used IS NOT NULL
$function$;
