-- One sportsbook bet (a single or a parlay), start to reply: the Idempotency-Key's stored reply on
-- a replay, else the stake through wallet_bet, the bet and its legs at the odds Node priced, and
-- the reply stored under the key. 'MATCH_LIMIT', nothing written, when this bet's potential payout
-- and the player's open bets on one match would pass p->>'matchMax'. Called by sport_play_batch only
-- (sport/SportPlay.ts), which holds the player's accounts locked.
CREATE OR REPLACE FUNCTION sport_play(p jsonb)
 RETURNS casino_reply
 LANGUAGE plpgsql
AS $function$
DECLARE
  u bigint := (p->>'u')::bigint;
  k text := p->>'k';
  at timestamptz := (p->>'at')::timestamptz;
  stake bigint := (p->>'stake')::bigint;
  stored idempotency_keys;
  w record;
  id bigint;
  r casino_reply;
  parts jsonb := p->'parts';
  potential bigint := (p->>'potential')::bigint;
  held bigint;
BEGIN
  SELECT * INTO stored FROM idempotency_keys WHERE user_id = u AND key = k;
  IF FOUND THEN
    IF stored.request_hash <> p->>'h' THEN
      r.code := 'REUSED';
    ELSE
      r.code := 'REPLAY';
      r.http := stored.http_status;
      r.body := stored.response;
    END IF;
    RETURN r;
  END IF;
  -- A match settled (by the feed or by hand) takes no more bets, whatever the feed still shows.
  PERFORM 1 FROM sport_results WHERE match_id IN (SELECT jsonb_array_elements_text(p->'matches'));
  IF FOUND THEN
    r.code := 'NOT_OPEN';
    RETURN r;
  END IF;
  -- The most one player's open bets on one match may pay (SPORT_MAX_MATCH_PAYOUT), this one with
  -- them (sport_match_payouts): read under the player's account locks, which sport_play_batch takes
  -- before any bet (wallet_lock_players), so two bets racing each other are counted one after the other.
  SELECT max(e.potential) INTO held FROM sport_match_payouts e
    WHERE e.user_id = u AND e.match_id IN (SELECT jsonb_array_elements_text(p->'matches'));
  IF COALESCE(held, 0) + potential > (p->>'matchMax')::bigint THEN
    r.code := 'MATCH_LIMIT';
    RETURN r;
  END IF;
  id := nextval('sport_bets_id_seq');
  SELECT * INTO w FROM wallet_bet(u, stake, NULL, 'sport:' || id, at, (p->>'day')::date, jsonb_build_object('game', 'sport'), (p->>'bonusMax')::bigint);
  r.code := w.code;
  IF w.code <> 'OK' THEN
    RETURN r;
  END IF;
  INSERT INTO sport_bets (id, user_id, type, amount, from_cash, from_bonus, potential, created_at) VALUES (id, u, p->>'type', stake, w.from_cash, w.from_bonus, potential, at);
  INSERT INTO sport_bet_legs (bet_id, leg, match_id, market_id, selection_id, market_type, period, line_quarters, selection, odds)
    SELECT id, l.leg, l.match_id, l.market_id, l.selection_id, l.market_type, l.period, l.line_quarters, l.selection, l.odds
    FROM jsonb_to_recordset(p->'legs') AS l(leg smallint, match_id text, market_id text, selection_id text, market_type text, period smallint, line_quarters integer, selection text, odds integer);
  PERFORM sport_match_payouts_move(u, id, 1);
  r.bet_id := id;
  r.balance := w.balance;
  r.version := w.version;
  r.http := 200;
  r.body := (parts->>0) || id::text || (parts->>1) || reais_json(w.balance) || (parts->>2) || w.version::text || (parts->>3);
  INSERT INTO idempotency_keys (user_id, key, request_hash, http_status, response, created_at)
    VALUES (u, k, p->>'h', 200, r.body, at) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    -- Another process stored this key since the check above: the whole batch is retried.
    RAISE EXCEPTION USING ERRCODE = '40001', MESSAGE = 'idempotency key taken by a concurrent request';
  END IF;
  RETURN r;
END
$function$;
