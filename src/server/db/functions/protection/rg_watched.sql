-- Whether a player set any protection on themselves (a limit, a pause, a self-exclusion, even one
-- now over): only their stakes are then checked (rg_refusal), by wallet_bets and by the casino
-- batch's choice of bets. Players who set none pay one index probe each.
CREATE OR REPLACE FUNCTION rg_watched(p_user bigint)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  SELECT EXISTS (SELECT 1 FROM rg_limits l WHERE l.user_id = p_user) OR EXISTS (SELECT 1 FROM rg_blocks b WHERE b.user_id = p_user)
$function$;
