-- One bet path (issue 11): a bet is one database call. The wallet's rules for a bet (cash before
-- bonus, the bonus stake limit, turnover, wagering, paying a win back the way the stake was paid)
-- live here once, as functions, for every game: the casino originals now, shared rounds, sports
-- and provider wallet calls next. Node computes what is pure (outcomes, payouts, the counted part
-- of a stake); these functions do what needs the rows, under their locks.
--
-- Lock order, as in ledger.ts post(): a player's seed or game row, then the player's accounts in
-- id order (cash before bonus), then system accounts. A bet locks its house sub-account last.

-- No single hot row: the house (and the play-money house) is split into 16 sub-accounts; a player
-- always bets against the same one (user id mod 16). Each still equals the sum of its entries.
ALTER TABLE ledger_accounts ADD COLUMN shard smallint NOT NULL DEFAULT 0;
DROP INDEX ledger_accounts_system_kind;
CREATE UNIQUE INDEX ledger_accounts_system_kind ON ledger_accounts (kind, shard) WHERE user_id IS NULL;
INSERT INTO ledger_accounts (kind, is_system, shard)
  SELECT k, true, s FROM unnest(ARRAY['house', 'play_house']) AS k, generate_series(1, 15) AS s;

-- The balance check runs once per statement over the rows it inserted, instead of once per entry
-- row at commit: every posting inserts its entries in one statement.
DROP TRIGGER ledger_balanced ON ledger_entries;
CREATE OR REPLACE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad bigint;
BEGIN
  SELECT tx_id INTO bad FROM new_entries GROUP BY tx_id HAVING sum(amount) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % does not balance', bad;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER ledger_balanced AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_balanced();

-- Today's stakes as a running figure (the bonus boost's threshold), instead of summing the day's
-- bets on every bet. Days are São Paulo days, given by the caller.
CREATE TABLE daily_stakes (
  user_id bigint NOT NULL,
  day date NOT NULL,
  total bigint NOT NULL CHECK (total >= 0),
  PRIMARY KEY (user_id, day)
);
INSERT INTO daily_stakes (user_id, day, total)
  SELECT user_id, (created_at AT TIME ZONE 'America/Sao_Paulo')::date, sum(amount)
  FROM casino_bets GROUP BY 1, 2;
DROP INDEX casino_bets_user_created_idx;
-- Every query of a player's ledger transactions names their kind: (user_id, kind, created_at)
-- serves them all, and each posting now updates one index fewer.
DROP INDEX ledger_transactions_user_idx;

-- Fewer checks per bet: a foreign key is a trigger and a locking lookup for every row inserted (13
-- a bet; about a quarter of its cost, measured). The rows a bet inserts reference the player it
-- authenticated and the rows the same function has just written or locked, so these go; the
-- entries keep theirs to the accounts, which the ledger's invariant rests on.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_tx_id_fkey;
ALTER TABLE ledger_transactions DROP CONSTRAINT ledger_transactions_user_id_fkey;
ALTER TABLE casino_bets DROP CONSTRAINT casino_bets_user_id_fkey;
ALTER TABLE casino_bets DROP CONSTRAINT casino_bets_seed_id_fkey;
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_user_id_fkey;

-- A player's house sub-account, and whether the player plays with play money.
CREATE FUNCTION house_account(p_user bigint, OUT account_id bigint, OUT is_test boolean) LANGUAGE sql STABLE AS $$
  SELECT a.id, u.is_test FROM users u
    JOIN ledger_accounts a ON a.user_id IS NULL AND a.kind = CASE WHEN u.is_test THEN 'play_house' ELSE 'house' END AND a.shard = u.id % 16
  WHERE u.id = p_user
$$;

-- Centavos as the wire writes reais (JavaScript's number text: 12.5, 12.05, 0).
CREATE FUNCTION reais_json(c bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN c < 0 THEN '-' ELSE '' END || (abs(c) / 100)::text ||
    CASE WHEN abs(c) % 100 = 0 THEN '' WHEN abs(c) % 10 = 0 THEN '.' || ((abs(c) % 100) / 10)::text
    ELSE '.' || lpad((abs(c) % 100)::text, 2, '0') END
$$;

-- A player's cash + bonus and its version (the id of the last entry on either; 0 before any).
-- The one definition of the version: ledger.ts balanceVersionSql reads it from here. Posting to an
-- account locks its row before it inserts the entries, so these ids grow in commit order.
CREATE FUNCTION wallet_balance(p_user bigint, OUT balance bigint, OUT version bigint) LANGUAGE sql STABLE AS $$
  SELECT COALESCE(sum(a.balance), 0)::bigint,
    COALESCE(max((SELECT max(e.id) FROM ledger_entries e WHERE e.account_id = a.id)), 0)::bigint
  FROM ledger_accounts a WHERE a.user_id = p_user AND a.kind IN ('cash', 'bonus')
$$;

-- A bet's money, in as few statements as it takes: the stake, cash first, then bonus, and when
-- the bet is settled at once (p_payout not null) its win, as two ledger transactions ('bet' with
-- how the stake was paid in its meta, then 'win'), each account updated once by its net amount.
-- Refuses (a code, nothing written) when cash + bonus is short or, while a gift is being wagered,
-- when the stake is above p_bonus_max. The part of a win that the bonus paid for goes back to
-- bonus while a wagering requirement is open, so winning with a gift does not skip its wagering.
-- Every stake counts toward the deposits' turnover and today's stakes at once; toward a gift's
-- wagering when it settles (wallet_count_wager). Returns the balance (cash + bonus) and its version.
CREATE FUNCTION wallet_bet(
  p_user bigint, p_stake bigint, p_payout bigint, p_ref text, p_at timestamptz, p_day date, p_meta jsonb, p_bonus_max bigint,
  OUT code text, OUT bet_tx bigint, OUT from_cash bigint, OUT from_bonus bigint,
  OUT balance bigint, OUT version bigint, OUT is_test boolean, OUT day_total bigint
) LANGUAGE plpgsql AS $$
DECLARE
  cash_id bigint;
  cash bigint := 0;
  bonus_id bigint;
  bonus bigint := 0;
  house bigint;
  payout bigint := COALESCE(p_payout, 0);
  win_tx bigint;
  to_bonus bigint := 0;
  d_cash bigint;
  d_bonus bigint;
BEGIN
  IF p_stake <= 0 OR payout < 0 THEN
    RAISE EXCEPTION 'a stake must be positive and a win not negative';
  END IF;
  -- The player's cash and bonus, locked in id order (the lock order of every posting), and the
  -- player's house sub-account (play money's for a test account), in one statement.
  WITH mine AS (
    SELECT a.id, a.kind, a.balance FROM ledger_accounts a
    WHERE a.user_id = p_user AND a.kind IN ('cash', 'bonus') ORDER BY a.id FOR NO KEY UPDATE
  )
  SELECT max(mine.id) FILTER (WHERE mine.kind = 'cash'), max(mine.balance) FILTER (WHERE mine.kind = 'cash'),
      max(mine.id) FILTER (WHERE mine.kind = 'bonus'), max(mine.balance) FILTER (WHERE mine.kind = 'bonus'),
      max(theirs.account_id), bool_or(theirs.is_test)
    INTO cash_id, cash, bonus_id, bonus, house, is_test
    FROM mine CROSS JOIN house_account(p_user) theirs;
  IF cash_id IS NULL OR bonus_id IS NULL OR house IS NULL THEN
    RAISE EXCEPTION 'user % has no cash, bonus or house account', p_user;
  END IF;
  IF p_stake > cash + bonus THEN
    code := 'INSUFFICIENT_BALANCE';
    RETURN;
  END IF;
  IF p_stake > p_bonus_max AND bonus > 0
    AND EXISTS (SELECT 1 FROM bonus_wagering w WHERE w.user_id = p_user AND w.required > w.wagered) THEN
    code := 'BONUS_MAX_STAKE';
    RETURN;
  END IF;
  from_cash := LEAST(p_stake, cash);
  from_bonus := p_stake - from_cash;
  IF payout > 0 AND from_bonus > 0 AND EXISTS (SELECT 1 FROM bonus_wagering w WHERE w.user_id = p_user AND w.required > 0) THEN
    to_bonus := (payout * from_bonus) / p_stake;
  END IF;
  d_cash := payout - to_bonus - from_cash;
  d_bonus := to_bonus - from_bonus;
  -- Each account once, by its net amount (the player's first: the lock order).
  IF d_cash <> 0 THEN UPDATE ledger_accounts la SET balance = la.balance + d_cash WHERE la.id = cash_id; END IF;
  IF d_bonus <> 0 THEN UPDATE ledger_accounts la SET balance = la.balance + d_bonus WHERE la.id = bonus_id; END IF;
  IF p_stake <> payout THEN UPDATE ledger_accounts la SET balance = la.balance + (p_stake - payout) WHERE la.id = house; END IF;
  INSERT INTO ledger_transactions (kind, ref, user_id, created_at, meta)
    VALUES ('bet', p_ref, p_user, p_at, COALESCE(p_meta, '{}'::jsonb) || jsonb_build_object('fromCash', from_cash::text, 'fromBonus', from_bonus::text))
    RETURNING id INTO bet_tx;
  IF payout > 0 THEN
    INSERT INTO ledger_transactions (kind, ref, user_id, created_at, meta) VALUES ('win', p_ref, p_user, p_at, p_meta) RETURNING id INTO win_tx;
  END IF;
  -- Both transactions' entries in one statement (one balance check), in posting order.
  WITH e AS (
    INSERT INTO ledger_entries (tx_id, account_id, amount)
      SELECT x.tx, x.a, x.m FROM (VALUES (1, bet_tx, house, p_stake), (2, bet_tx, cash_id, -from_cash), (3, bet_tx, bonus_id, -from_bonus),
        (4, win_tx, house, -payout), (5, win_tx, cash_id, payout - to_bonus), (6, win_tx, bonus_id, to_bonus)) AS x(n, tx, a, m)
      WHERE x.m <> 0 ORDER BY x.n
      RETURNING id, account_id
  )
  SELECT max(e.id) FILTER (WHERE e.account_id <> house) INTO version FROM e;
  UPDATE cash_turnover SET outstanding = GREATEST(outstanding - p_stake, 0) WHERE user_id = p_user AND outstanding > 0;
  UPDATE daily_stakes d SET total = d.total + p_stake WHERE d.user_id = p_user AND d.day = p_day RETURNING d.total INTO day_total;
  IF NOT FOUND THEN
    INSERT INTO daily_stakes AS d (user_id, day, total) VALUES (p_user, p_day, p_stake)
      ON CONFLICT (user_id, day) DO UPDATE SET total = d.total + EXCLUDED.total
      RETURNING d.total INTO day_total;
  END IF;
  balance := cash + bonus + d_cash + d_bonus;
  code := 'OK';
END
$$;

-- Pays a win (kind 'win') or a prize (kind 'prize') from the player's house sub-account. The part
-- of a win that the bonus paid for goes back to bonus while a wagering requirement is open, so
-- winning with a gift does not skip its wagering. Nothing is posted for 0.
CREATE FUNCTION wallet_credit_win(
  p_user bigint, p_amount bigint, p_ref text, p_at timestamptz, p_from_cash bigint, p_from_bonus bigint, p_kind text, p_meta jsonb
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  acc record;
  cash_id bigint;
  bonus_id bigint;
  to_bonus bigint := 0;
  house bigint;
  tx bigint;
BEGIN
  IF p_amount < 0 THEN
    RAISE EXCEPTION 'a win cannot be negative';
  END IF;
  IF p_amount = 0 THEN
    RETURN NULL;
  END IF;
  FOR acc IN SELECT a.id, a.kind FROM ledger_accounts a
    WHERE a.user_id = p_user AND a.kind IN ('cash', 'bonus') ORDER BY a.id FOR NO KEY UPDATE LOOP
    IF acc.kind = 'cash' THEN cash_id := acc.id; ELSE bonus_id := acc.id; END IF;
  END LOOP;
  IF p_from_bonus > 0 AND EXISTS (SELECT 1 FROM bonus_wagering w WHERE w.user_id = p_user AND w.required > 0) THEN
    to_bonus := (p_amount * p_from_bonus) / (p_from_cash + p_from_bonus);
  END IF;
  SELECT h.account_id INTO house FROM house_account(p_user) h;
  IF p_amount - to_bonus > 0 THEN UPDATE ledger_accounts SET balance = balance + (p_amount - to_bonus) WHERE id = cash_id; END IF;
  IF to_bonus > 0 THEN UPDATE ledger_accounts SET balance = balance + to_bonus WHERE id = bonus_id; END IF;
  UPDATE ledger_accounts SET balance = balance - p_amount WHERE id = house;
  INSERT INTO ledger_transactions (kind, ref, user_id, created_at, meta)
    VALUES (p_kind, p_ref, p_user, p_at, p_meta) RETURNING id INTO tx;
  INSERT INTO ledger_entries (tx_id, account_id, amount)
    SELECT tx, x.a, x.m FROM unnest(ARRAY[house, cash_id, bonus_id], ARRAY[-p_amount, p_amount - to_bonus, to_bonus]) WITH ORDINALITY AS x(a, m, n)
    WHERE x.m <> 0 ORDER BY x.n;
  RETURN tx;
END
$$;

-- Counts a settled stake's counted part (wagering.ts decides it) toward the open requirement of a
-- gift granted before the stake was placed; when the requirement is met, what is left of the bonus
-- turns into cash. Returns what was released.
CREATE FUNCTION wallet_count_wager(p_user bigint, p_counted bigint, p_placed_at timestamptz, p_at timestamptz) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  req bigint;
  done bigint;
  acc record;
  cash_id bigint;
  bonus_id bigint;
  bonus_left bigint := 0;
  tx bigint;
BEGIN
  IF p_counted <= 0 THEN
    RETURN 0;
  END IF;
  UPDATE bonus_wagering SET wagered = wagered + p_counted
    WHERE user_id = p_user AND required > 0 AND (granted_at IS NULL OR granted_at <= p_placed_at)
    RETURNING required, wagered INTO req, done;
  IF NOT FOUND OR done < req THEN
    RETURN 0;
  END IF;
  UPDATE bonus_wagering SET required = 0, wagered = 0 WHERE user_id = p_user;
  FOR acc IN SELECT a.id, a.kind, a.balance FROM ledger_accounts a
    WHERE a.user_id = p_user AND a.kind IN ('cash', 'bonus') ORDER BY a.id FOR NO KEY UPDATE LOOP
    IF acc.kind = 'cash' THEN cash_id := acc.id; ELSE bonus_id := acc.id; bonus_left := acc.balance; END IF;
  END LOOP;
  IF bonus_left = 0 THEN
    RETURN 0;
  END IF;
  UPDATE ledger_accounts SET balance = balance - bonus_left WHERE id = bonus_id;
  UPDATE ledger_accounts SET balance = balance + bonus_left WHERE id = cash_id;
  INSERT INTO ledger_transactions (kind, ref, user_id, created_at, meta) VALUES ('bonus_release', NULL, p_user, p_at, NULL) RETURNING id INTO tx;
  INSERT INTO ledger_entries (tx_id, account_id, amount) VALUES (tx, bonus_id, -bonus_left), (tx, cash_id, bonus_left);
  RETURN bonus_left;
END
$$;

-- The casino originals' moves, each run by casino_play below: the move's own checks and writes.
-- Node has computed the outcome from the seed pair (or game) it expects; each function verifies
-- that expectation under the row's lock and answers 'STALE' with the row as it is when it moved
-- (another process, a rotation, a refused bet that took no nonce), so Node recomputes and tries
-- again. A refusal is a code; a move refuses before it writes anything.
CREATE TYPE casino_move AS (code text, bet_id bigint, stale jsonb, balance bigint, version bigint, is_test boolean, day_total bigint);

-- The active seed pair as Node needs it to compute an outcome.
CREATE FUNCTION casino_seed_json(s fair_seeds) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('id', s.id::text, 'serverSeed', s.server_seed,
    'serverSeedHash', s.server_seed_hash, 'clientSeed', s.client_seed, 'nonce', s.nonce)
$$;

-- Dice and limbo (op 'instant': nonce, stake, outcome and payout) and the start of a mines game
-- (op 'start': nonce and stake; the mines stay in the seed until it ends).
CREATE FUNCTION casino_new_bet(p jsonb) RETURNS casino_move LANGUAGE plpgsql AS $$
DECLARE
  u bigint := (p->>'u')::bigint;
  v_at timestamptz := (p->>'at')::timestamptz;
  v_stake bigint := (p->>'stake')::bigint;
  instant boolean := p->>'op' = 'instant';
  v_payout bigint := CASE WHEN p->>'op' = 'instant' THEN (p->>'payout')::bigint END;
  game text := CASE WHEN p->>'op' = 'instant' THEN p->>'g' ELSE 'mines' END;
  s fair_seeds;
  bid bigint;
  w record;
  m casino_move;
BEGIN
  IF NOT instant AND EXISTS (SELECT 1 FROM casino_bets WHERE user_id = u AND casino_bets.game = 'mines' AND state = 'active') THEN
    m.code := 'GAME_IN_PROGRESS';
    RETURN m;
  END IF;
  -- Takes the expected nonce of the expected pair (a concurrent move of the pair is waited for,
  -- then seen); else the pair as it stands.
  UPDATE fair_seeds SET nonce = nonce + 1
    WHERE user_id = u AND active AND id = (p->>'seed')::bigint AND nonce = (p->>'nonce')::int
    RETURNING * INTO s;
  IF NOT FOUND THEN
    SELECT * INTO s FROM fair_seeds WHERE user_id = u AND active;
    m.code := 'STALE';
    m.stale := CASE WHEN s.id IS NULL THEN NULL ELSE casino_seed_json(s) END;
    RETURN m;
  END IF;
  bid := nextval('casino_bets_id_seq');
  SELECT * INTO w FROM wallet_bet(u, v_stake, v_payout, 'casino:' || bid, v_at, (p->>'day')::date, jsonb_build_object('game', game), (p->>'bonusMax')::bigint);
  m.code := w.code;
  IF w.code <> 'OK' THEN
    -- A refused stake takes no nonce.
    UPDATE fair_seeds SET nonce = nonce - 1 WHERE id = s.id;
    RETURN m;
  END IF;
  INSERT INTO casino_bets (id, user_id, game, seed_id, nonce, amount, target, condition, outcome, mines, state, multiplier, payout,
      from_cash, from_bonus, created_at, settled_at)
    VALUES (bid, u, game, s.id, s.nonce - 1, v_stake, (p->>'target')::int, p->>'cond', (p->>'outcome')::int, (p->>'mines')::smallint,
      CASE WHEN NOT instant THEN 'active' WHEN v_payout > 0 THEN 'won' ELSE 'lost' END,
      CASE WHEN instant THEN (p->>'mult')::bigint ELSE 10000 END, COALESCE(v_payout, 0), w.from_cash, w.from_bonus, v_at,
      CASE WHEN instant THEN v_at END);
  IF instant THEN
    IF (p->>'counted')::bigint > 0 AND wallet_count_wager(u, (p->>'counted')::bigint, v_at, v_at) > 0 THEN
      SELECT b.balance, b.version INTO w.balance, w.version FROM wallet_balance(u) b;
    END IF;
  ELSE
    INSERT INTO open_game_locks (user_id, ref, created_at) VALUES (u, 'casino:' || bid, v_at);
  END IF;
  m.bet_id := bid;
  m.balance := w.balance;
  m.version := w.version;
  m.is_test := w.is_test;
  m.day_total := w.day_total;
  RETURN m;
END
$$;

-- The open mines game as Node needs it to compute a move.
CREATE FUNCTION casino_mines_json(b casino_bets, s fair_seeds) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('id', b.id::text, 'amount', b.amount::text, 'mines', b.mines, 'revealed', b.revealed,
    'multiplier', b.multiplier::text, 'nonce', b.nonce, 'createdAt', (extract(epoch FROM b.created_at) * 1000)::bigint::text,
    'serverSeed', s.server_seed, 'serverSeedHash', s.server_seed_hash, 'clientSeed', s.client_seed)
$$;

-- A reveal ('reveal': p.tile, p.revealed, p.mult, p.end, p.payout, p.counted) or a cash-out
-- ('cashout': p.payout, p.counted) of the open game Node expects (p.bet with p.seen tiles shown).
CREATE FUNCTION casino_mines_move(p jsonb) RETURNS casino_move LANGUAGE plpgsql AS $$
DECLARE
  u bigint := (p->>'u')::bigint;
  v_at timestamptz := (p->>'at')::timestamptz;
  v_payout bigint := COALESCE((p->>'payout')::bigint, 0);
  b casino_bets;
  s fair_seeds;
  ended boolean;
  m casino_move;
BEGIN
  SELECT * INTO b FROM casino_bets WHERE user_id = u AND game = 'mines' AND state = 'active' FOR UPDATE;
  IF NOT FOUND THEN
    m.code := 'NO_ACTIVE_GAME';
    RETURN m;
  END IF;
  IF b.id <> (p->>'bet')::bigint OR b.revealed <> (p->'seen') THEN
    SELECT * INTO s FROM fair_seeds WHERE id = b.seed_id;
    m.code := 'STALE';
    m.stale := casino_mines_json(b, s);
    RETURN m;
  END IF;
  IF p->>'op' = 'cashout' THEN
    IF jsonb_array_length(b.revealed) = 0 THEN
      m.code := 'CASHOUT_NEEDS_GEM';
      RETURN m;
    END IF;
    ended := true;
  ELSE
    IF b.revealed @> to_jsonb((p->>'tile')::int) THEN
      m.code := 'TILE_REVEALED';
      RETURN m;
    END IF;
    ended := (p->>'end')::boolean;
  END IF;
  UPDATE casino_bets SET
      revealed = CASE WHEN p->>'op' = 'reveal' THEN p->'revealed' ELSE revealed END,
      multiplier = CASE WHEN p->>'op' = 'reveal' THEN (p->>'mult')::bigint ELSE multiplier END,
      state = CASE WHEN NOT ended THEN 'active' WHEN v_payout > 0 THEN 'won' ELSE 'lost' END,
      payout = v_payout,
      settled_at = CASE WHEN ended THEN v_at END
    WHERE id = b.id;
  IF ended THEN
    PERFORM wallet_credit_win(u, v_payout, 'casino:' || b.id, v_at, b.from_cash, b.from_bonus, 'win', jsonb_build_object('game', 'mines'));
    DELETE FROM open_game_locks WHERE user_id = u AND ref = 'casino:' || b.id;
    PERFORM wallet_count_wager(u, (p->>'counted')::bigint, b.created_at, v_at);
  END IF;
  SELECT w.balance, w.version INTO m.balance, m.version FROM wallet_balance(u) w;
  SELECT usr.is_test INTO m.is_test FROM users usr WHERE usr.id = u;
  m.code := 'OK';
  m.bet_id := b.id;
  RETURN m;
END
$$;

-- One move of one player, start to reply: the Idempotency-Key's stored reply on a replay (or
-- 'REUSED' when the key came with other data), else the move; on success the reply is built from
-- Node's text around what only the database knows (bet id, balance, version), stored under the
-- key in the same transaction, and returned with what the nudges need. A refusal writes nothing:
-- Node stores its reply (in the player's language) under the key afterwards.
CREATE TYPE casino_reply AS (
  code text, http int, body text, bet_id bigint, stale jsonb,
  balance bigint, version bigint, is_test boolean, day_total bigint, offered boolean, paid boolean
);

CREATE FUNCTION casino_play(p jsonb) RETURNS casino_reply LANGUAGE plpgsql AS $$
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
        COALESCE(r.day_total, (SELECT d.total FROM daily_stakes d WHERE d.user_id = u AND d.day = v_day), 0)
      INTO r.offered, r.paid, r.day_total;
  END IF;
  RETURN r;
END
$$;

-- Group commit: the moves that arrived together, in order, in one statement and one commit.
CREATE FUNCTION casino_play_batch(p jsonb) RETURNS SETOF casino_reply LANGUAGE plpgsql AS $$
DECLARE
  item jsonb;
BEGIN
  FOR item IN SELECT value FROM jsonb_array_elements(p) LOOP
    RETURN NEXT casino_play(item);
  END LOOP;
END
$$;
