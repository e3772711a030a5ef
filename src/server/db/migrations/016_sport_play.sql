-- Sportsbook bets through the one bet path (issue 11's, as casino_play and round_play): one call per
-- bet with the Idempotency-Key (the stored reply on a replay, 'REUSED' for the key with other data),
-- the bet (no leg on a match already settled, the stake through wallet_bet under the wallet's rules,
-- the bet and its legs as Node checked them against the feed) and the reply, built from Node's text
-- around what only the database knows and stored under the key in the same transaction. A refusal
-- writes nothing; Node stores its reply afterwards. Sent in batches by Node's group commit.
CREATE FUNCTION sport_play(p jsonb) RETURNS casino_reply LANGUAGE plpgsql AS $$
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
  id := nextval('sport_bets_id_seq');
  SELECT * INTO w FROM wallet_bet(u, stake, NULL, 'sport:' || id, at, (p->>'day')::date, jsonb_build_object('game', 'sport'), (p->>'bonusMax')::bigint);
  r.code := w.code;
  IF w.code <> 'OK' THEN
    RETURN r;
  END IF;
  INSERT INTO sport_bets (id, user_id, type, amount, from_cash, from_bonus, created_at) VALUES (id, u, p->>'type', stake, w.from_cash, w.from_bonus, at);
  INSERT INTO sport_bet_legs (bet_id, leg, match_id, market_id, selection_id, market_type, period, line_quarters, selection, odds)
    SELECT id, l.leg, l.match_id, l.market_id, l.selection_id, l.market_type, l.period, l.line_quarters, l.selection, l.odds
    FROM jsonb_to_recordset(p->'legs') AS l(leg smallint, match_id text, market_id text, selection_id text, market_type text, period smallint, line_quarters integer, selection text, odds integer);
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
$$;

CREATE FUNCTION sport_play_batch(p jsonb) RETURNS SETOF casino_reply LANGUAGE plpgsql AS $$
DECLARE
  item jsonb;
BEGIN
  FOR item IN SELECT value FROM jsonb_array_elements(p) LOOP
    RETURN NEXT sport_play(item);
  END LOOP;
END
$$;
