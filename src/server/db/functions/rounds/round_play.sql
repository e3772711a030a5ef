-- One round bet, start to reply (as casino_play for the originals): the Idempotency-Key's stored
-- reply on a replay, else round_bet with the round's limits and the bet's per-roll payouts; the
-- reply stored under the key in the same transaction. Called by rounds/RoundPlay.ts.
CREATE OR REPLACE FUNCTION round_play(p jsonb)
 RETURNS casino_reply
 LANGUAGE plpgsql
AS $function$
DECLARE
  u bigint := (p->>'u')::bigint;
  k text := p->>'k';
  stored idempotency_keys;
  b record;
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
  SELECT * INTO b FROM round_bet(u, p->>'g', p->>'round', p->>'choice', (p->>'stake')::bigint, (p->>'at')::timestamptz, (p->>'day')::date, (p->>'bonusMax')::bigint,
    (p->>'maxBets')::integer, (p->>'maxPayout')::bigint, ARRAY(SELECT x::bigint FROM jsonb_array_elements_text(p->'pays') AS x));
  r.code := b.code;
  IF b.code <> 'OK' THEN
    RETURN r;
  END IF;
  r.bet_id := b.bet_id;
  r.balance := b.balance;
  r.version := b.version;
  r.http := 200;
  r.body := (parts->>0) || b.bet_id::text || (parts->>1) || reais_json(b.balance) || (parts->>2) || b.version::text || (parts->>3);
  INSERT INTO idempotency_keys (user_id, key, request_hash, http_status, response, created_at)
    VALUES (u, k, p->>'h', 200, r.body, (p->>'at')::timestamptz) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    -- Another process stored this key since the check above: the whole batch is retried.
    RAISE EXCEPTION USING ERRCODE = '40001', MESSAGE = 'idempotency key taken by a concurrent request';
  END IF;
  RETURN r;
END
$function$;
