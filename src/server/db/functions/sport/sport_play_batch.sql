-- Several players' sport bets in one call: sport_play for each, in order. Every match the batch's
-- bets name is locked first, shared, in order, and held to the commit; a settlement takes the same
-- lock exclusively (sport/bets.ts lockMatch): it waits for the bets placed before it, and a bet
-- placed after it waits, then finds its result (sport_play's NOT_OPEN). Without it a bet could pass
-- that check, a settlement commit without seeing it, and its leg stay open for ever on a finished
-- match (the money simulator's find, on PostgreSQL). Then every player's accounts and house
-- sub-account, all at once (wallet_lock_players), before any bet.
CREATE OR REPLACE FUNCTION sport_play_batch(p jsonb)
 RETURNS SETOF casino_reply
 LANGUAGE plpgsql
AS $function$
DECLARE
  item jsonb;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('sport-match:' || m.id))
    FROM (SELECT DISTINCT jsonb_array_elements_text(i->'matches') AS id FROM jsonb_array_elements(p) i ORDER BY 1) m;
  PERFORM wallet_lock_players(ARRAY(SELECT DISTINCT (e->>'u')::bigint FROM jsonb_array_elements(p) e));
  FOR item IN SELECT value FROM jsonb_array_elements(p) LOOP
    RETURN NEXT sport_play(item);
  END LOOP;
END
$function$;
