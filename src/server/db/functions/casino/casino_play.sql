-- One move of one casino original (dice, limbo, mines), start to reply, returning a casino_reply:
-- the Idempotency-Key's stored reply on a replay (or 'REUSED' when the key came with other data),
-- else the move (casino_new_bet or casino_mines_move); on success the reply is built from Node's
-- text around what only the database knows (bet id, balance, version) and stored under the key in
-- the same transaction. A refusal writes nothing: Node stores its reply (in the player's language)
-- under the key afterwards. Called by casino/CasinoPlay.ts.
CREATE OR REPLACE FUNCTION casino_play(p jsonb)
 RETURNS casino_reply
 LANGUAGE plpgsql
AS $function$
DECLARE
  u bigint := (p->>'u')::bigint;
  k text := p->>'k';
  v_day date := (p->>'day')::date;
  stored idempotency_keys;
  m casino_move;
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
  CASE p->>'op'
    WHEN 'instant', 'start' THEN m := casino_new_bet(p);
    WHEN 'reveal', 'cashout' THEN m := casino_mines_move(p);
    ELSE RAISE EXCEPTION 'unknown casino move %', p->>'op';
  END CASE;
  r.code := m.code;
  r.stale := m.stale;
  IF m.code <> 'OK' THEN
    RETURN r;
  END IF;
  r.bet_id := m.bet_id;
  r.balance := m.balance;
  r.version := m.version;
  r.is_test := m.is_test;
  r.day_total := m.day_total;
  r.http := 200;
  r.body := (parts->>0) || m.bet_id::text || (parts->>1) || reais_json(r.balance) || (parts->>2) || r.version::text || (parts->>3);
  INSERT INTO idempotency_keys (user_id, key, request_hash, http_status, response, created_at)
    VALUES (u, k, p->>'h', 200, r.body, (p->>'at')::timestamptz) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    -- Another process stored this key since the check above: this whole batch is retried.
    RAISE EXCEPTION USING ERRCODE = '40001', MESSAGE = 'idempotency key taken by a concurrent request';
  END IF;
  -- What the nudges need (none reach play money).
  IF NOT r.is_test THEN
    SELECT EXISTS (SELECT 1 FROM boost_offers o WHERE o.user_id = u AND o.day = v_day),
        r.balance < (p->>'low')::bigint AND EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u AND o.type = 10 AND o.status = '10'),
        COALESCE(r.day_total, (SELECT d.staked FROM play_days d WHERE d.user_id = u AND d.day = v_day), 0)
      INTO r.offered, r.paid, r.day_total;
  END IF;
  RETURN r;
END
$function$;
