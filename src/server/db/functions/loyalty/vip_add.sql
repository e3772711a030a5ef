-- One player's VIP progress (vip_adds with one): a deposit (p_pay, deposits/service.ts) or counted
-- stakes (p_game). Returns the new level when it rose, else NULL.
CREATE OR REPLACE FUNCTION vip_add(p_user bigint, p_pay bigint, p_game bigint, p_at timestamp with time zone)
 RETURNS smallint
 LANGUAGE plpgsql
AS $function$
DECLARE
  lvl smallint;
BEGIN
  SELECT r.level INTO lvl FROM vip_adds(ARRAY[p_user], ARRAY[p_pay], ARRAY[p_game], ARRAY[p_at]) r;
  RETURN lvl;
END
$function$;
