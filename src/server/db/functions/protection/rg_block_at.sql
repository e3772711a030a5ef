-- The pause or self-exclusion in force on a player at p_at, if any: the one that ends last (an
-- indefinite exclusion first; an exclusion before a pause ending together). ends_at NULL: indefinite.
-- Read by wallet_bets for every stake of a player with protections (rg_watched), and by Node for
-- deposits, transfers, reward claims and the page (protection/blocks.ts).
CREATE OR REPLACE FUNCTION rg_block_at(p_user bigint, p_at timestamp with time zone)
 RETURNS TABLE(kind text, ends_at timestamp with time zone)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT b.kind, b.ends_at FROM rg_blocks b
  WHERE b.user_id = p_user AND b.starts_at <= p_at AND (b.ends_at IS NULL OR b.ends_at > p_at)
  ORDER BY b.ends_at DESC NULLS FIRST, b.kind = 'exclusion' DESC
  LIMIT 1
$function$;
