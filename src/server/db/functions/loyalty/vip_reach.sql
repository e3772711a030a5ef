-- vip_adds' second half: raises a player's level (vip_progress.level, its one home) to what the
-- sums reach and records each new level's award (once). It never touches the users row, which
-- the wallet's callers lock before the accounts (migration 015). Returns the new level when it rose, else NULL.
CREATE OR REPLACE FUNCTION vip_reach(pr vip_progress, p_at timestamp with time zone)
 RETURNS smallint
 LANGUAGE plpgsql
AS $function$
DECLARE
  lvl smallint;
BEGIN
  SELECT max(l.level) INTO lvl FROM vip_levels l WHERE l.pay_min <= pr.pay_sum AND l.game_min <= pr.game_sum;
  IF lvl IS NULL OR lvl <= pr.level THEN
    RETURN NULL;
  END IF;
  INSERT INTO vip_awards (user_id, level, award, reached_at)
    SELECT pr.user_id, l.level, l.award, p_at FROM vip_levels l WHERE l.level > pr.level AND l.level <= lvl AND l.award > 0
    ON CONFLICT DO NOTHING;
  UPDATE vip_progress SET level = lvl WHERE user_id = pr.user_id;
  RETURN lvl;
END
$function$;
