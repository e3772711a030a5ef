-- Several players' sport bets in one call: sport_play for each, in order.
CREATE OR REPLACE FUNCTION sport_play_batch(p jsonb)
 RETURNS SETOF casino_reply
 LANGUAGE plpgsql
AS $function$
DECLARE
  item jsonb;
BEGIN
  FOR item IN SELECT value FROM jsonb_array_elements(p) LOOP
    RETURN NEXT sport_play(item);
  END LOOP;
END
$function$;
