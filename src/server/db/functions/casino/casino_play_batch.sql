-- Many players' casino moves in one call (casino/CasinoPlay.ts batches them): the common
-- case (a settled dice or limbo bet that cash alone pays) as set-based statements over all of them
-- (type casino_set_bet), their money through the same functions as a single move's (wallet_bets,
-- wallet_count_wagers), and every other move through casino_play one by one.
-- Its arrays' length would make PostgreSQL plan every statement again on every call (a custom plan
-- looks cheaper than the generic one): plan_cache_mode = force_generic_plan keeps one plan each.
CREATE OR REPLACE FUNCTION casino_play_batch(p jsonb)
 RETURNS SETOF casino_reply
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  cand int[];
  bets casino_set_bet[];
  staked wallet_staked[];
  released bigint[] := '{}';
  released_balance bigint[] := '{}';
  released_version bigint[] := '{}';
  rel record;
  rel_balance bigint;
  rel_version bigint;
  set_n int[];
  set_r casino_reply[];
  stored bigint;
  slow_n int[] := '{}';
  slow_r casino_reply[] := '{}';
  item record;
BEGIN
  -- Every account any move of the batch may post to, first and all at once (wallet_lock_players):
  -- the moves played one at a time below then take no account lock of their own.
  PERFORM wallet_lock_players(ARRAY(SELECT DISTINCT (e->>'u')::bigint FROM jsonb_array_elements(p) e));

  -- The candidates: dice and limbo bets, one per player in the batch, with a new key, whose seed
  -- pair and nonce are as Node expected; their seeds locked (in id order).
  SELECT array_agg(c.n ORDER BY c.n) INTO cand FROM (
    SELECT m.n, m.u FROM (
      SELECT e.n::int AS n, e.v, (e.v->>'u')::bigint AS u, count(*) OVER (PARTITION BY e.v->>'u') AS moves
      FROM jsonb_array_elements(p) WITH ORDINALITY AS e(v, n)
    ) m
    JOIN fair_seeds f ON f.user_id = m.u AND f.active AND f.id = (m.v->>'seed')::bigint AND f.nonce = (m.v->>'nonce')::int
    WHERE m.moves = 1 AND m.v->>'op' = 'instant'
      AND NOT EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.user_id = m.u AND k.key = m.v->>'k')
    ORDER BY f.id FOR NO KEY UPDATE OF f
  ) c;

  IF cand IS NOT NULL THEN
    -- The bets that cash alone pays (so that wallet_bets cannot refuse them: no bonus, or a stake
    -- within the bonus stake limit) and no protection of the player refuses, with the bet ids they take.
    SELECT array_agg(ROW(b.n, b.u, b.v->>'k', b.v->>'h', (b.v->>'at')::timestamptz, (b.v->>'day')::date, b.v->>'g', b.stake, b.payout,
        (b.v->>'target')::int, b.v->>'cond', (b.v->>'outcome')::int, (b.v->>'mult')::bigint, (b.v->>'counted')::bigint,
        (b.v->>'seed')::bigint, (b.v->>'nonce')::int, (b.v->>'low')::bigint, b.v->'parts', b.is_test,
        nextval('casino_bets_id_seq'), (b.v->>'bonusMax')::bigint
      )::casino_set_bet ORDER BY b.n) INTO bets
    FROM (
      SELECT e.n::int AS n, e.v, (e.v->>'u')::bigint AS u, (e.v->>'stake')::bigint AS stake, (e.v->>'payout')::bigint AS payout,
        cash.balance AS cash, bonus.balance AS bonus, usr.is_test
      FROM jsonb_array_elements(p) WITH ORDINALITY AS e(v, n)
      JOIN users usr ON usr.id = (e.v->>'u')::bigint
      JOIN ledger_accounts cash ON cash.user_id = usr.id AND cash.kind = 'cash'
      JOIN ledger_accounts bonus ON bonus.user_id = usr.id AND bonus.kind = 'bonus'
      WHERE e.n = ANY (cand)
      ORDER BY e.n
    ) b
    WHERE b.stake > 0 AND b.payout >= 0 AND b.stake <= b.cash AND (b.stake <= (b.v->>'bonusMax')::bigint OR b.bonus = 0)
      -- Nor a player's own protection (read after the lock above): a bet it refuses plays alone.
      AND (NOT rg_watched(b.u) OR rg_refusal(b.u, b.stake, (b.v->>'at')::timestamptz) IS NULL);
  END IF;

  IF bets IS NOT NULL THEN
    UPDATE fair_seeds f SET nonce = f.nonce + 1 FROM unnest(bets) b WHERE f.id = b.seed;
    -- The stakes and wins: wallet_bets, as for a single move.
    SELECT array_agg(w ORDER BY w.n) INTO staked FROM wallet_bets(ARRAY(
      SELECT ROW(b.n, b.u, b.stake, b.payout, 'casino:' || b.bid, b.at, b.day, jsonb_build_object('game', b.g), b.bonus_max)::wallet_stake
      FROM unnest(bets) b ORDER BY b.n)) w;
    IF EXISTS (SELECT 1 FROM unnest(staked) w WHERE w.code <> 'OK') THEN
      RAISE EXCEPTION 'a batched bet was refused by wallet_bets: its selection above lets through only what cash pays';
    END IF;
    INSERT INTO casino_bets (id, user_id, game, seed_id, nonce, amount, target, condition, outcome, state, multiplier, payout,
        from_cash, from_bonus, created_at, settled_at)
      SELECT b.bid, b.u, b.g, b.seed, b.nonce, b.stake, b.target, b.cond, b.outcome, CASE WHEN b.payout > 0 THEN 'won' ELSE 'lost' END,
        b.mult, b.payout, w.from_cash, w.from_bonus, b.at, b.at
      FROM unnest(bets) b JOIN unnest(staked) w ON w.n = b.n ORDER BY b.n;

    -- The counted part of each stake, as for a single move; a met requirement releases the bonus,
    -- and the reply then carries the balance after it.
    FOR rel IN
      SELECT c.user_id, c.released FROM wallet_count_wagers(
        ARRAY(SELECT b.u FROM unnest(bets) b ORDER BY b.n), ARRAY(SELECT b.counted FROM unnest(bets) b ORDER BY b.n),
        ARRAY(SELECT b.at FROM unnest(bets) b ORDER BY b.n), ARRAY(SELECT b.at FROM unnest(bets) b ORDER BY b.n)) c
      WHERE c.released > 0
    LOOP
      SELECT x.balance, x.version INTO rel_balance, rel_version FROM wallet_balance(rel.user_id) x;
      released := released || rel.user_id;
      released_balance := released_balance || rel_balance;
      released_version := released_version || rel_version;
    END LOOP;

    -- The replies (Node's text around the bet id, balance and version), stored under their keys,
    -- with what the nudges need (none reach play money).
    WITH r AS (
      SELECT b.n, b.u, b.k, b.h, b.at, b.day, b.parts, b.is_test, b.low, b.bid, s.day_total AS total,
        COALESCE(w.balance, s.balance) AS balance, COALESCE(w.version, s.version) AS version
      FROM unnest(bets) b
      JOIN unnest(staked) s ON s.n = b.n
      LEFT JOIN unnest(released, released_balance, released_version) AS w(u, balance, version) ON w.u = b.u
    ), body AS (
      SELECT r.*, (r.parts->>0) || r.bid::text || (r.parts->>1) || reais_json(r.balance) || (r.parts->>2) || r.version::text || (r.parts->>3) AS reply
      FROM r
    ), ins AS (
      INSERT INTO idempotency_keys (user_id, key, request_hash, http_status, response, created_at)
        SELECT body.u, body.k, body.h, 200, body.reply, body.at FROM body ON CONFLICT DO NOTHING
        RETURNING 1
    )
    SELECT array_agg(body.n ORDER BY body.n),
      array_agg(ROW('OK', 200, body.reply, body.bid, NULL, body.balance, body.version, body.is_test, body.total,
        CASE WHEN NOT body.is_test THEN EXISTS (SELECT 1 FROM boost_offers o WHERE o.user_id = body.u AND o.day = body.day) END,
        CASE WHEN NOT body.is_test THEN body.balance < body.low AND EXISTS (SELECT 1 FROM orders o WHERE o.user_id = body.u AND o.type = 10 AND o.status = '10') END
      )::casino_reply ORDER BY body.n),
      (SELECT count(*) FROM ins)
      INTO set_n, set_r, stored
    FROM body;
    IF stored <> cardinality(bets) THEN
      -- Another process stored one of these keys since the check above: this whole batch is retried.
      RAISE EXCEPTION USING ERRCODE = '40001', MESSAGE = 'idempotency key taken by a concurrent request';
    END IF;
  END IF;

  -- Every other move, one at a time, in arrival order.
  FOR item IN
    SELECT e.n::int AS n, e.v FROM jsonb_array_elements(p) WITH ORDINALITY AS e(v, n)
    WHERE set_n IS NULL OR NOT e.n::int = ANY (set_n) ORDER BY e.n
  LOOP
    slow_n := slow_n || item.n;
    slow_r := slow_r || casino_play(item.v);
  END LOOP;

  RETURN QUERY
    SELECT (x.r).* FROM (
      SELECT set_n[i] AS n, set_r[i] AS r FROM generate_subscripts(set_n, 1) AS i
      UNION ALL
      SELECT slow_n[i], slow_r[i] FROM generate_subscripts(slow_n, 1) AS i
    ) x ORDER BY x.n;
END
$function$;
