-- What a player has used so far in each period at p_at, the figures the limits are held to: the
-- São Paulo day, the ISO week (from Monday) and the calendar month, each with its deposits (the
-- paid deposit orders and the one still open: rg_deposits_used) and its play (net loss, stakes; the
-- day's seconds played: rg_play_used). Read by the limits page (protection/limits.ts).
CREATE OR REPLACE FUNCTION rg_used(p_user bigint, p_at timestamp with time zone)
 RETURNS TABLE(period text, deposit bigint, loss bigint, stake bigint, "time" bigint)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT p.period, rg_deposits_used(p_user, p_at, p.period), p.loss, p.stake, p.time
  FROM rg_play_used(p_user, p_at) p
$function$;
