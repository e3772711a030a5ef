-- One player's settled stake counted (wallet_count_wagers with one). Returns what was released.
CREATE OR REPLACE FUNCTION wallet_count_wager(p_user bigint, p_counted bigint, p_placed_at timestamp with time zone, p_at timestamp with time zone)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  total bigint;
BEGIN
  IF p_counted <= 0 THEN
    RETURN 0;
  END IF;
  SELECT COALESCE(sum(r.released), 0) INTO total FROM wallet_count_wagers(ARRAY[p_user], ARRAY[p_counted], ARRAY[p_placed_at], ARRAY[p_at]) r;
  RETURN total;
END
$function$;
