-- Many players' casino moves in one call (casino/CasinoPlay.ts batches them): the common
-- case (a settled dice or limbo bet with cash enough, no bonus, no offer) as set-based statements
-- over all of them (types casino_set_bet), every other move through casino_play one by one.
-- Its arrays' length would make PostgreSQL plan every statement again on every call (a custom plan
-- looks cheaper than the generic one): plan_cache_mode = force_generic_plan keeps one plan each.
CREATE OR REPLACE FUNCTION casino_play_batch(p jsonb)
 RETURNS SETOF casino_reply
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  cand int[];
  players bigint[];
  bets casino_set_bet[];
  day_u bigint[];
  day_total bigint[];
  risen bigint;
  met_u bigint[];
  met_at timestamptz[];
  rel_balance bigint;
  rel_version bigint;
  released bigint[] := '{}';
  released_balance bigint[] := '{}';
  released_version bigint[] := '{}';
  set_n int[];
  set_r casino_reply[];
  stored bigint;
  slow_n int[] := '{}';
  slow_r casino_reply[] := '{}';
  item record;
BEGIN
  -- The candidates: dice and limbo bets, one per player in the batch, with a new key, whose seed
  -- pair and nonce are as Node expected; their seeds locked (in id order).
  SELECT array_agg(c.n ORDER BY c.n), array_agg(c.u) INTO cand, players FROM (
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
    -- Their cash and bonus, then their house sub-accounts (both play money's and real, by shard),
    -- locked in that order.
    PERFORM 1 FROM ledger_accounts a
      WHERE (a.user_id = ANY (players) AND a.kind IN ('cash', 'bonus'))
         OR (a.user_id IS NULL AND a.kind IN ('house', 'play_house') AND a.shard IN (SELECT DISTINCT x % 16 FROM unnest(players) x))
      ORDER BY a.is_system, a.id FOR NO KEY UPDATE;

    -- The bets that cash alone pays (and that the bonus stake limit cannot refuse: no bonus, or a
    -- stake within it), with the ids they take.
    SELECT array_agg(ROW(b.n, b.u, b.v->>'k', b.v->>'h', (b.v->>'at')::timestamptz, (b.v->>'day')::date, b.v->>'g', b.stake, b.payout,
        (b.v->>'target')::int, b.v->>'cond', (b.v->>'outcome')::int, (b.v->>'mult')::bigint, (b.v->>'counted')::bigint,
        (b.v->>'seed')::bigint, (b.v->>'nonce')::int, (b.v->>'low')::bigint, b.v->'parts',
        b.cash_id, b.house, b.is_test, b.cash + b.bonus + b.payout - b.stake,
        nextval('casino_bets_id_seq'), nextval('ledger_transactions_id_seq'),
        CASE WHEN b.payout > 0 THEN nextval('ledger_transactions_id_seq') END,
        -- The entries: the bet's house and cash, then the win's house and cash.
        nextval('ledger_entries_id_seq'), nextval('ledger_entries_id_seq'),
        CASE WHEN b.payout > 0 THEN nextval('ledger_entries_id_seq') END, CASE WHEN b.payout > 0 THEN nextval('ledger_entries_id_seq') END
      )::casino_set_bet ORDER BY b.n) INTO bets
    FROM (
      SELECT e.n::int AS n, e.v, (e.v->>'u')::bigint AS u, (e.v->>'stake')::bigint AS stake, (e.v->>'payout')::bigint AS payout,
        cash.id AS cash_id, cash.balance AS cash, bonus.balance AS bonus, house.id AS house, usr.is_test
      FROM jsonb_array_elements(p) WITH ORDINALITY AS e(v, n)
      JOIN users usr ON usr.id = (e.v->>'u')::bigint
      JOIN ledger_accounts cash ON cash.user_id = usr.id AND cash.kind = 'cash'
      JOIN ledger_accounts bonus ON bonus.user_id = usr.id AND bonus.kind = 'bonus'
      JOIN ledger_accounts house ON house.user_id IS NULL AND house.kind = CASE WHEN usr.is_test THEN 'play_house' ELSE 'house' END AND house.shard = usr.id % 16
      WHERE e.n = ANY (cand)
      ORDER BY e.n
    ) b
    WHERE b.stake > 0 AND b.payout >= 0 AND b.stake <= b.cash AND (b.stake <= (b.v->>'bonusMax')::bigint OR b.bonus = 0);
  END IF;

  IF bets IS NOT NULL THEN
    UPDATE fair_seeds f SET nonce = f.nonce + 1 FROM unnest(bets) b WHERE f.id = b.seed;
    -- Each account once, by its net amount: a cash account by its bet, a house sub-account by
    -- the sum of its bets.
    UPDATE ledger_accounts a SET balance = a.balance + d.delta FROM (
      SELECT b.cash_id AS id, b.payout - b.stake AS delta FROM unnest(bets) b WHERE b.payout <> b.stake
      UNION ALL
      SELECT b.house, sum(b.stake - b.payout) FROM unnest(bets) b GROUP BY b.house HAVING sum(b.stake - b.payout) <> 0
    ) d WHERE a.id = d.id;
    INSERT INTO ledger_transactions (id, kind, ref, user_id, created_at, meta)
      SELECT t.id, t.kind, 'casino:' || b.bid, b.u, b.at, t.meta FROM unnest(bets) b
      CROSS JOIN LATERAL (VALUES
        (1, b.bet_tx, 'bet', jsonb_build_object('game', b.g, 'fromCash', b.stake::text, 'fromBonus', '0')),
        (2, b.win_tx, 'win', jsonb_build_object('game', b.g))) AS t(pos, id, kind, meta)
      WHERE t.id IS NOT NULL ORDER BY b.n, t.pos;
    -- Every bet's entries in one statement (one balance check), with the ids taken above: the
    -- player's last cash entry is the balance's new version.
    INSERT INTO ledger_entries (id, tx_id, account_id, amount)
      SELECT x.id, x.tx, x.a, x.m FROM unnest(bets) b
      CROSS JOIN LATERAL (VALUES
        (b.e1, b.bet_tx, b.house, b.stake), (b.e2, b.bet_tx, b.cash_id, -b.stake),
        (b.e3, b.win_tx, b.house, -b.payout), (b.e4, b.win_tx, b.cash_id, b.payout)) AS x(id, tx, a, m)
      WHERE x.tx IS NOT NULL AND x.m <> 0 ORDER BY x.id;
    UPDATE cash_turnover c SET outstanding = GREATEST(c.outstanding - b.stake, 0) FROM unnest(bets) b WHERE c.user_id = b.u AND c.outstanding > 0;
    WITH d AS (
      INSERT INTO daily_stakes AS d (user_id, day, total) SELECT b.u, b.day, b.stake FROM unnest(bets) b
        ON CONFLICT (user_id, day) DO UPDATE SET total = d.total + EXCLUDED.total
        RETURNING d.user_id, d.total
    ) SELECT array_agg(d.user_id), array_agg(d.total) INTO day_u, day_total FROM d;
    INSERT INTO casino_bets (id, user_id, game, seed_id, nonce, amount, target, condition, outcome, state, multiplier, payout,
        from_cash, from_bonus, created_at, settled_at)
      SELECT b.bid, b.u, b.g, b.seed, b.nonce, b.stake, b.target, b.cond, b.outcome, CASE WHEN b.payout > 0 THEN 'won' ELSE 'lost' END,
        b.mult, b.payout, b.stake, 0, b.at, b.at
      FROM unnest(bets) b ORDER BY b.n;

    -- The counted part of each stake (wallet_count_wager's work for many players): VIP and
    -- referral sums for real money, then the open wagering requirements.
    INSERT INTO wager_days AS w (user_id, day, counted)
      SELECT b.u, (b.at AT TIME ZONE 'America/Sao_Paulo')::date, b.counted FROM unnest(bets) b JOIN users usr ON usr.id = b.u
      WHERE b.counted > 0 AND NOT b.is_test AND usr.inviter_id IS NOT NULL
      ON CONFLICT (user_id, day) DO UPDATE SET counted = w.counted + EXCLUDED.counted;
    WITH v AS (
      INSERT INTO vip_progress AS v (user_id, pay_sum, game_sum) SELECT b.u, 0, b.counted FROM unnest(bets) b WHERE b.counted > 0 AND NOT b.is_test
        ON CONFLICT (user_id) DO UPDATE SET game_sum = v.game_sum + EXCLUDED.game_sum
        RETURNING v.*
    ) SELECT count(vip_reach(v, b.at)) INTO risen FROM v JOIN unnest(bets) b ON b.u = v.user_id
      WHERE EXISTS (SELECT 1 FROM vip_levels l WHERE l.level > v.level AND l.pay_min <= v.pay_sum AND l.game_min <= v.game_sum);
    WITH w AS (
      UPDATE bonus_wagering w SET wagered = w.wagered + b.counted FROM unnest(bets) b
        WHERE w.user_id = b.u AND b.counted > 0 AND w.required > 0 AND (w.granted_at IS NULL OR w.granted_at <= b.at)
        RETURNING w.user_id, w.required, w.wagered, b.at
    ) SELECT array_agg(w.user_id ORDER BY w.user_id), array_agg(w.at ORDER BY w.user_id) INTO met_u, met_at FROM w WHERE w.wagered >= w.required;
    -- A met requirement releases the bonus (rare: one statement each).
    FOR i IN 1 .. COALESCE(cardinality(met_u), 0) LOOP
      IF wallet_release_bonus(met_u[i], met_at[i]) > 0 THEN
        SELECT x.balance, x.version INTO rel_balance, rel_version FROM wallet_balance(met_u[i]) x;
        released := released || met_u[i];
        released_balance := released_balance || rel_balance;
        released_version := released_version || rel_version;
      END IF;
    END LOOP;

    -- The replies (Node's text around the bet id, balance and version), stored under their keys,
    -- with what the nudges need (none reach play money).
    WITH r AS (
      SELECT b.n, b.u, b.k, b.h, b.at, b.day, b.parts, b.is_test, b.low, b.bid, d.total,
        COALESCE(w.balance, b.balance) AS balance, COALESCE(w.version, GREATEST(b.e2, b.e4)) AS version
      FROM unnest(bets) b
      JOIN unnest(day_u, day_total) AS d(u, total) ON d.u = b.u
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
