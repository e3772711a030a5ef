-- The longest pause between two stakes of one play session: a longer one ends it (the time limit's
-- clock stops, the next stake starts a new session and its reality checks anew). The one home of
-- the figure, read by wallet_bets, rg_play_used and play_session_at.
CREATE OR REPLACE FUNCTION play_idle_gap()
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT interval '10 minutes'
$function$;
