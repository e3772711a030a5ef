-- Shared rounds' liability (issue 29, H2): at most p_max_bets bets per player per round, and a
-- largest total payout per round: a bet is refused when the round's worst case (the most it pays
-- over every roll, counting every accepted bet) would pass p_max_payout. The round keeps that
-- total per roll in `exposure` (centavos; index i is roll i - 1), added to by each accepted bet
-- with the per-roll payouts Node computes from the shared rules (the settlement's own payoutOf).
-- A round opened before this migration starts from nothing (its earlier bets are not counted).
ALTER TABLE rounds ADD COLUMN exposure bigint[];

-- round_bet takes the round's row FOR NO KEY UPDATE (it was FOR SHARE): the bets on one round
-- now run one after another, so the count and the exposure each reads include every bet committed
-- before it, and two bets racing into one round cannot both pass the cap. A round still closes
-- only once the bets in flight on it have committed (its UPDATE waits for the lock).
DROP FUNCTION round_bet(bigint, text, text, text, bigint, timestamptz, date, bigint);
CREATE FUNCTION round_bet(
  p_user bigint, p_game text, p_round_id text, p_choice text, p_stake bigint, p_at timestamptz, p_day date, p_bonus_max bigint,
  p_max_bets integer, p_max_payout bigint, p_pays bigint[],
  OUT code text, OUT bet_id bigint, OUT balance bigint, OUT version bigint
) LANGUAGE plpgsql AS $$
DECLARE
  r rounds;
  w record;
  mine integer;
  next_exposure bigint[];
  worst bigint;
BEGIN
  SELECT * INTO r FROM rounds WHERE game = p_game AND round_id = p_round_id FOR NO KEY UPDATE;
  IF NOT FOUND OR r.phase <> 'betting' OR p_at >= r.betting_ends_at THEN
    code := 'ROUND_CLOSED';
    RETURN;
  END IF;
  SELECT count(*) INTO mine FROM round_bets WHERE round_pk = r.id AND user_id = p_user;
  IF mine >= p_max_bets THEN
    code := 'ROUND_MAX_BETS';
    RETURN;
  END IF;
  SELECT array_agg(COALESCE(r.exposure[i], 0) + p ORDER BY i), max(COALESCE(r.exposure[i], 0) + p)
    INTO next_exposure, worst
    FROM unnest(p_pays) WITH ORDINALITY AS x(p, i);
  IF worst IS NULL OR worst > p_max_payout THEN
    code := 'ROUND_MAX_PAYOUT';
    RETURN;
  END IF;
  bet_id := nextval('round_bets_id_seq');
  SELECT * INTO w FROM wallet_bet(p_user, p_stake, NULL, 'round:' || bet_id, p_at, p_day, jsonb_build_object('game', p_game), p_bonus_max);
  code := w.code;
  IF w.code <> 'OK' THEN
    bet_id := NULL;
    RETURN;
  END IF;
  INSERT INTO round_bets (id, round_pk, user_id, game, choice, amount, from_cash, from_bonus, state, created_at)
    VALUES (bet_id, r.id, p_user, p_game, p_choice, p_stake, w.from_cash, w.from_bonus, 'open', p_at);
  UPDATE rounds SET exposure = next_exposure WHERE id = r.id;
  balance := w.balance;
  version := w.version;
END
$$;

-- round_play as migration 014's, passing the limits and the bet's per-roll payouts on.
CREATE OR REPLACE FUNCTION round_play(p jsonb) RETURNS casino_reply LANGUAGE plpgsql AS $$
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
$$;

-- A batch first takes the rows of every round its bets name, in one order (game, round id),
-- before any player's accounts: two batches, or a batch and a settling round (which takes its
-- round's row, then the players' accounts), then never wait on each other in a circle.
CREATE OR REPLACE FUNCTION round_play_batch(p jsonb) RETURNS SETOF casino_reply LANGUAGE plpgsql AS $$
DECLARE
  item jsonb;
BEGIN
  PERFORM 1 FROM rounds
    WHERE (game, round_id) IN (SELECT value->>'g', value->>'round' FROM jsonb_array_elements(p))
    ORDER BY game, round_id FOR NO KEY UPDATE;
  FOR item IN SELECT value FROM jsonb_array_elements(p) LOOP
    RETURN NEXT round_play(item);
  END LOOP;
END
$$;

-- The chain's salt (issue 29, L7): fixed after the terminating hash is published, from values the
-- server cannot choose (chain.ts, saltOf): the seeds of the first `salt_seeds` players to send one
-- (method 'seeds'), or whatever had come by `salt_deadline`; or a public value named in advance in
-- `salt_source` and given by the operators once it exists (method 'public'). Until then the salt is
-- NULL and no round of the chain opens. Chains made before: method 'server', their random salt
-- fixed when they were made; they stay valid to their end.
ALTER TABLE round_chains ALTER COLUMN salt DROP NOT NULL;
ALTER TABLE round_chains
  ADD COLUMN salt_method text NOT NULL DEFAULT 'server' CHECK (salt_method IN ('server', 'seeds', 'public')),
  ADD COLUMN salt_seeds integer CHECK (salt_seeds >= 1),
  ADD COLUMN salt_deadline timestamptz,
  ADD COLUMN salt_source text,
  ADD COLUMN salt_inputs jsonb,
  ADD COLUMN salt_fixed_at timestamptz;
UPDATE round_chains SET salt_fixed_at = created_at;
ALTER TABLE round_chains ADD CONSTRAINT round_chains_salt_fixed CHECK ((salt IS NULL) = (salt_fixed_at IS NULL));

-- Players' seeds toward a chain's salt: one per player per chain, in the order they came.
CREATE TABLE round_chain_seeds (
  chain_id bigint NOT NULL REFERENCES round_chains (id),
  user_id bigint NOT NULL,
  seq bigserial,
  seed text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (chain_id, user_id)
);
