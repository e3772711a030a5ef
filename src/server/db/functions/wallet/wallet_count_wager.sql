-- Counts a settled bet's stake (p_counted: the stake times the game's wagering contribution, which
-- Node passes) toward VIP and referral (vip_add) and toward the gift's wagering when the gift was
-- granted before the bet was placed, and releases the bonus into cash when the requirement is met
-- (wallet_release_bonus). Returns what was released.
CREATE OR REPLACE FUNCTION wallet_count_wager(p_user bigint, p_counted bigint, p_placed_at timestamp with time zone, p_at timestamp with time zone)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  req bigint;
  done bigint;
BEGIN
  IF p_counted <= 0 THEN
    RETURN 0;
  END IF;
  -- Every counted stake also counts toward the VIP levels (gameSumAmount).
  PERFORM vip_add(p_user, 0, p_counted, p_at);
  UPDATE bonus_wagering SET wagered = wagered + p_counted
    WHERE user_id = p_user AND required > 0 AND (granted_at IS NULL OR granted_at <= p_placed_at)
    RETURNING required, wagered INTO req, done;
  IF NOT FOUND OR done < req THEN
    RETURN 0;
  END IF;
  RETURN wallet_release_bonus(p_user, p_at);
END
$function$;
