-- Whether a player's own protection refuses a stake at p_at, the one home of the rule: a pause or
-- self-exclusion in force refuses any ('RG_PAUSED', 'RG_EXCLUDED'; rg_block_at), then any stake that
-- would take the day's time played past its limit ('LIMIT_TIME': the session ends there, and no
-- stake is taken until the next São Paulo day), else a stake above
-- the least room of the loss and stake limits, counted as lost ('LIMIT_LOSS', 'LIMIT_STAKE';
-- rg_room); NULL: taken. Read under the player's lock, in a statement after it, by wallet_bets and
-- by the casino batch's choice of the bets it takes.
CREATE OR REPLACE FUNCTION rg_refusal(p_user bigint, p_stake bigint, p_at timestamp with time zone)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  SELECT COALESCE(
    (SELECT CASE b.kind WHEN 'pause' THEN 'RG_PAUSED' ELSE 'RG_EXCLUDED' END FROM rg_block_at(p_user, p_at) b),
    (SELECT 'LIMIT_' || upper(x.kind) FROM rg_room(p_user, p_at) x
      -- A stake adds to the day's time the pause since the last one when the session is open
      -- (already counted in its use), else its first minute.
      WHERE (x.kind = 'time' AND x.room < CASE WHEN x.open THEN 0 ELSE 60 END)
        OR (x.kind IN ('loss', 'stake') AND p_stake > x.room)
      ORDER BY x.kind = 'time' DESC, x.room, x.kind LIMIT 1)
  )
$function$;
