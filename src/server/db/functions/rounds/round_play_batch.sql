-- A batch first takes the rows of every round its bets name, in one order (game, round id),
-- before any player's accounts: two batches, or a batch and a settling round (which takes its
-- round's row, then the players' accounts), then never wait on each other in a circle. Then every
-- player's accounts and house sub-account, all at once (wallet_lock_players), before any bet.
CREATE OR REPLACE FUNCTION round_play_batch(p jsonb)
 RETURNS SETOF casino_reply
 LANGUAGE plpgsql
AS $function$
DECLARE
  item jsonb;
BEGIN
  PERFORM 1 FROM rounds
    WHERE (game, round_id) IN (SELECT value->>'g', value->>'round' FROM jsonb_array_elements(p))
    ORDER BY game, round_id FOR NO KEY UPDATE;
  PERFORM wallet_lock_players(ARRAY(SELECT DISTINCT (e->>'u')::bigint FROM jsonb_array_elements(p) e));
  FOR item IN SELECT value FROM jsonb_array_elements(p) LOOP
    RETURN NEXT round_play(item);
  END LOOP;
END
$function$;
