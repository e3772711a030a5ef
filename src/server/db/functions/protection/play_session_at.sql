-- The play session a player is in at p_at: its first stake and its last, when the last is no more
-- than play_idle_gap() ago (no row: not playing). Read by the reality check and the
-- responsible-gaming status (protection/status.ts).
CREATE OR REPLACE FUNCTION play_session_at(p_user bigint, p_at timestamp with time zone)
 RETURNS TABLE(started_at timestamp with time zone, last_play_at timestamp with time zone)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT d.session_started_at, d.last_play_at FROM play_days d
  WHERE d.user_id = p_user AND d.day >= (p_at AT TIME ZONE 'America/Sao_Paulo')::date - 1
    AND d.last_play_at >= p_at - play_idle_gap() AND d.last_play_at <= p_at
  ORDER BY d.day DESC LIMIT 1
$function$;
