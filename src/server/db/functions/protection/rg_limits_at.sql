-- The limits a player set, as they stand at p_at: one home of "a raise or a removal waits its
-- 24 hours": a pending change whose pending_at has come is the value in force (and no longer
-- pending). value NULL: no limit in force. Read by rg_room and by the limits page (protection/limits.ts).
CREATE OR REPLACE FUNCTION rg_limits_at(p_user bigint, p_at timestamp with time zone)
 RETURNS TABLE(kind text, period text, value bigint, pending_value bigint, pending_at timestamp with time zone)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT l.kind, l.period,
    CASE WHEN l.pending_at <= p_at THEN l.pending_value ELSE l.value END,
    CASE WHEN l.pending_at <= p_at THEN NULL ELSE l.pending_value END,
    CASE WHEN l.pending_at <= p_at THEN NULL ELSE l.pending_at END
  FROM rg_limits l WHERE l.user_id = p_user
$function$;
