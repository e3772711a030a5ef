-- A provider's seamless-wallet call (bet, win, rollback) as one function, the reply stored with the
-- transaction id: a repeat answers as the first (provider_repeat), a bet debits through wallet_bet
-- with the game's wagering contribution, a win pays only a bet of its round that is open, a
-- rollback gives back a bet's stake (wallet_refund_stake) and never a win. Called by
-- providers/wallet.ts; the settlement rules are in docs/providers.md. A call that moved money
-- answers `moved` (its centavos) besides the stored reply: a repeat does not, so the metrics count once.
CREATE OR REPLACE FUNCTION provider_wallet(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_op text := p->>'op';
  v_prov text := p->>'provider';
  v_at timestamptz := (p->>'at')::timestamptz;
  v_tx text := p->>'tx';
  v_ref_tx text := p->>'refTx';
  v_round text := p->>'round';
  v_hash text := p->>'hash';
  s record;
  uid bigint;
  placed provider_transactions;
  placed_found boolean;
  seen provider_transactions;
  b record;
  v_amt bigint;
  v_ref text := 'provider:' || v_prov || ':' || (p->>'tx');
  v_meta jsonb := jsonb_build_object('game', v_prov || ':' || (p->>'game'), 'round', p->>'round');
  v_moved bigint;
  v_counted bigint;
  v_reply jsonb;
  v_ended timestamptz;
  v_stake bigint;
  v_won bigint;
BEGIN
  SELECT ps.id, ps.user_id, ps.game, ps.expires_at, ps.closed_at, u.disabled_at, u.uid INTO s
    FROM provider_sessions ps JOIN users u ON u.id = ps.user_id
    WHERE ps.token_hash = p->>'tokenHash' AND ps.provider = v_prov;
  -- An aggregator that names the player (Hub88's `user`, our uid): another player's token is unknown.
  IF NOT FOUND OR ((p->>'uid') IS NOT NULL AND (p->>'uid') <> s.uid::text) THEN
    RETURN jsonb_build_object('status', 'INVALID_TOKEN');
  END IF;
  uid := s.user_id;
  -- Wins and rollbacks are taken after the token expired or closed; balance and bet are not.
  IF v_op IN ('balance', 'bet') AND NOT (s.closed_at IS NULL AND s.expires_at > v_at) THEN
    RETURN provider_answer('TOKEN_EXPIRED', uid);
  END IF;
  IF s.disabled_at IS NOT NULL THEN
    RETURN jsonb_build_object('status', 'USER_DISABLED');
  END IF;
  IF (p->>'currencyOk')::boolean IS FALSE THEN
    RETURN provider_answer('WRONG_CURRENCY', uid);
  END IF;
  IF v_op <> 'balance' AND (p->>'game') IS DISTINCT FROM s.game THEN
    RETURN provider_answer('INVALID_GAME', uid);
  END IF;
  IF (p->>'selfRef')::boolean IS TRUE THEN
    RETURN provider_answer('DUPLICATE_TRANSACTION', uid);
  END IF;
  IF v_op = 'balance' THEN
    RETURN provider_answer('OK', uid);
  END IF;

  IF v_op = 'bet' THEN
    v_amt := (p->>'amount')::bigint;
    -- The id is taken first: a second call with it waits here for this one, then finds it.
    INSERT INTO provider_transactions (provider, transaction_id, kind, user_id, game, round_id, amount, state, request_hash, reply, created_at, session_id)
      VALUES (v_prov, v_tx, 'bet', uid, p->>'game', v_round, v_amt, 'open', v_hash, '{}', v_at, s.id) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      SELECT * INTO seen FROM provider_transactions t WHERE t.provider = v_prov AND t.transaction_id = v_tx;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'a provider transaction vanished';
      END IF;
      RETURN provider_repeat(seen, 'bet', v_hash, uid);
    END IF;
    IF v_amt = 0 THEN
      v_reply := jsonb_build_object('status', 'OK', 'balance', (SELECT wb.balance FROM wallet_balance(uid) wb), 'transactionId', '0-' || v_tx);
      UPDATE provider_transactions t SET reply = v_reply WHERE t.provider = v_prov AND t.transaction_id = v_tx;
      RETURN v_reply || jsonb_build_object('moved', 0);
    END IF;
    SELECT * INTO b FROM wallet_bet(uid, v_amt, NULL, v_ref, v_at, (p->>'day')::date, v_meta, (p->>'bonusMax')::bigint);
    IF b.code <> 'OK' THEN
      DELETE FROM provider_transactions t WHERE t.provider = v_prov AND t.transaction_id = v_tx;
      IF b.code = 'INSUFFICIENT_BALANCE' THEN
        RETURN provider_answer('NOT_ENOUGH_MONEY', uid);
      END IF;
      -- A limit the player set (rg_room): the provider's bet limit error; its game says so.
      IF b.code IN ('LIMIT_LOSS', 'LIMIT_STAKE', 'LIMIT_TIME') THEN
        RETURN provider_answer('BET_LIMIT', uid) || jsonb_build_object('message', 'player limit');
      END IF;
      -- A player paused or self-excluded (rg_block_at): disabled for the provider.
      IF b.code IN ('RG_PAUSED', 'RG_EXCLUDED') THEN
        RETURN provider_answer('USER_DISABLED', uid);
      END IF;
      IF b.code = 'BONUS_MAX_STAKE' THEN
        RETURN provider_answer('BET_LIMIT', uid) || jsonb_build_object('message', 'bonus max stake');
      END IF;
      RAISE EXCEPTION 'wallet_bet answered %', b.code;
    END IF;
    v_reply := jsonb_build_object('status', 'OK', 'balance', b.balance, 'transactionId', b.bet_tx::text);
    UPDATE provider_transactions t SET from_cash = b.from_cash, from_bonus = b.from_bonus, tx_id = b.bet_tx, reply = v_reply
      WHERE t.provider = v_prov AND t.transaction_id = v_tx;
    RETURN v_reply || jsonb_build_object('moved', v_amt);
  END IF;

  IF v_op NOT IN ('win', 'rollback') THEN
    RAISE EXCEPTION 'unknown wallet call %', v_op;
  END IF;
  IF v_op = 'win' THEN
    -- A win locks all its round's bets, in id order (the cap reads them all; two wins of one round
    -- take turns, and never wait on each other crosswise); a bet of another round is not locked:
    -- the win is refused below.
    SELECT * INTO placed FROM provider_transactions t WHERE t.provider = v_prov AND t.transaction_id = v_ref_tx;
    IF FOUND AND placed.round_id = v_round THEN
      PERFORM 1 FROM provider_transactions t WHERE t.provider = v_prov AND t.round_id = v_round AND t.user_id = placed.user_id AND t.kind = 'bet'
        ORDER BY t.transaction_id FOR UPDATE;
      SELECT * INTO placed FROM provider_transactions t WHERE t.provider = v_prov AND t.transaction_id = v_ref_tx;
    END IF;
  ELSE
    -- The bet first, locked: wins and rollbacks of one bet take turns, and each sees the ones before it.
    SELECT * INTO placed FROM provider_transactions t WHERE t.provider = v_prov AND t.transaction_id = v_ref_tx FOR UPDATE;
  END IF;
  placed_found := FOUND;
  SELECT * INTO seen FROM provider_transactions t WHERE t.provider = v_prov AND t.transaction_id = v_tx;
  IF FOUND THEN
    RETURN provider_repeat(seen, v_op, v_hash, uid);
  END IF;

  IF v_op = 'win' THEN
    IF NOT placed_found OR placed.kind <> 'bet' OR placed.user_id <> uid OR placed.round_id IS DISTINCT FROM v_round
       OR (placed.session_id IS NOT NULL AND placed.session_id <> s.id) THEN
      RETURN provider_answer('TRANSACTION_NOT_FOUND', uid);
    END IF;
    IF placed.state IN ('void', 'rolled_back') THEN
      RETURN provider_answer('TRANSACTION_ROLLED_BACK', uid);
    END IF;
    -- The session's end (its close, or its expiry): the round's wins come within the settlement window of it.
    v_ended := LEAST(s.closed_at, s.expires_at);
    IF v_ended <= v_at AND v_at > v_ended + make_interval(secs => (p->>'settleSeconds')::double precision) THEN
      RETURN provider_answer('TOKEN_EXPIRED', uid) || jsonb_build_object('message', 'the settlement window has passed');
    END IF;
    IF (p->>'maxMult4') IS NULL THEN
      RETURN provider_answer('INVALID_GAME', uid) || jsonb_build_object('message', 'the game is not in the catalogue');
    END IF;
    v_amt := (p->>'amount')::bigint;
    SELECT COALESCE(sum(t.amount) FILTER (WHERE t.kind = 'bet' AND t.state IN ('open', 'settled')), 0),
           COALESCE(sum(t.amount) FILTER (WHERE t.kind = 'win'), 0)
      INTO v_stake, v_won
      FROM provider_transactions t WHERE t.provider = v_prov AND t.round_id = v_round AND t.user_id = uid;
    IF (v_won + v_amt)::numeric * 10000 > v_stake::numeric * (p->>'maxMult4')::numeric THEN
      RETURN provider_answer('BET_LIMIT', uid) || jsonb_build_object('message', 'the round''s wins would pass the game''s largest multiplier',
        'refused', jsonb_build_object('stake', v_stake, 'won', v_won));
    END IF;
    v_moved := wallet_credit_win(uid, v_amt, v_ref, v_at, placed.from_cash, placed.from_bonus, 'win', v_meta);
    IF placed.state = 'open' THEN
      UPDATE provider_transactions t SET state = 'settled' WHERE t.provider = v_prov AND t.transaction_id = v_ref_tx;
      -- The round is over: its stake counts toward a gift's wagering, the VIP levels and referrals.
      v_counted := placed.amount * (p->>'slotPct')::bigint / 100;
      IF v_counted > 0 THEN
        PERFORM wallet_count_wager(uid, v_counted, placed.created_at, v_at);
      END IF;
    END IF;
    v_reply := jsonb_build_object('status', 'OK', 'balance', (SELECT wb.balance FROM wallet_balance(uid) wb), 'transactionId', COALESCE(v_moved::text, '0-' || v_tx));
    INSERT INTO provider_transactions (provider, transaction_id, kind, user_id, game, round_id, amount, reference_id, state, tx_id, request_hash, reply, created_at, session_id)
      VALUES (v_prov, v_tx, 'win', uid, p->>'game', v_round, v_amt, v_ref_tx, 'done', v_moved, v_hash, v_reply, v_at, s.id);
    RETURN v_reply || jsonb_build_object('moved', v_amt);
  END IF;

  -- A rollback.
  IF NOT placed_found THEN
    -- Never seen: recorded as void, so the bet arriving late is refused.
    INSERT INTO provider_transactions (provider, transaction_id, kind, user_id, game, round_id, amount, state, request_hash, reply, created_at, session_id)
      VALUES (v_prov, v_ref_tx, 'bet', uid, p->>'game', v_round, 0, 'void', '', '{}', v_at, s.id) ON CONFLICT DO NOTHING;
    IF FOUND THEN
      v_reply := provider_answer('TRANSACTION_NOT_FOUND', uid);
      INSERT INTO provider_transactions (provider, transaction_id, kind, user_id, game, round_id, amount, reference_id, state, tx_id, request_hash, reply, created_at, session_id)
        VALUES (v_prov, v_tx, 'rollback', uid, p->>'game', v_round, 0, v_ref_tx, 'done', NULL, v_hash, v_reply, v_at, s.id);
      RETURN v_reply;
    END IF;
    -- The bet came meanwhile: rolled back as any other.
    SELECT * INTO placed FROM provider_transactions t WHERE t.provider = v_prov AND t.transaction_id = v_ref_tx FOR UPDATE;
    placed_found := FOUND;
  END IF;
  IF NOT placed_found OR placed.kind <> 'bet' OR placed.user_id <> uid THEN
    RETURN provider_answer('TRANSACTION_NOT_FOUND', uid);
  END IF;
  IF placed.state = 'settled' THEN
    RETURN provider_answer('BET_ALREADY_SETTLED', uid);
  END IF;
  v_moved := NULL;
  IF placed.state = 'open' THEN
    v_moved := wallet_refund_stake(uid, placed.amount, placed.from_cash, placed.from_bonus, v_ref, v_meta, v_at);
    UPDATE provider_transactions t SET state = 'rolled_back' WHERE t.provider = v_prov AND t.transaction_id = v_ref_tx;
  END IF;
  -- A bet rolled back already (under another rollback id): nothing more moves.
  v_reply := provider_answer('OK', uid);
  INSERT INTO provider_transactions (provider, transaction_id, kind, user_id, game, round_id, amount, reference_id, state, tx_id, request_hash, reply, created_at, session_id)
    VALUES (v_prov, v_tx, 'rollback', uid, p->>'game', v_round, 0, v_ref_tx, 'done', v_moved, v_hash, v_reply, v_at, s.id);
  RETURN v_reply || jsonb_build_object('moved', CASE WHEN v_moved IS NULL THEN 0 ELSE placed.amount END);
END
$function$;
