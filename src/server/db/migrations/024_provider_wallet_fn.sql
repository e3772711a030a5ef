-- Issue 11, the provider wallet's speed: each wallet call (balance, bet, win, rollback) is one
-- statement, provider_wallet(p), instead of 7 to 10 statements in a transaction of their own. The
-- rules are those of providers/wallet.ts before (its header says them); Node verifies the
-- signature, parses the body and computes what needs the app's configuration, and passes:
--   op, provider, tokenHash, hash (the request's hash, requestId left out), at, day (at's day for
--   today's stakes), game, round, tx, refTx, amount, bonusMax, slotPct (the part of a slot's stake
--   that counts toward a gift's wagering, percent), currencyOk (null when the call has no currency),
--   selfRef (a win or rollback naming itself as its bet).
-- A refusal writes nothing: the bet's claimed id is deleted again in the same statement, which is
-- what the transaction's rollback did (a concurrent call with that id, waiting on the claim, then
-- takes it). The reply is JSON, stored with the row, and answered again to a retry.

-- Gives a stake back the way it was paid (refund.ts's refundStake calls it too): kind 'refund'
-- from the player's house sub-account; the player's accounts locked first, in id order.
CREATE FUNCTION wallet_refund_stake(
  p_user bigint, p_amount bigint, p_from_cash bigint, p_from_bonus bigint, p_ref text, p_meta jsonb, p_at timestamptz
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  acc record;
  cash_id bigint;
  bonus_id bigint;
  house bigint;
  tx bigint;
BEGIN
  IF p_amount <= 0 THEN
    RETURN NULL;
  END IF;
  IF p_from_cash < 0 OR p_from_bonus < 0 OR p_from_cash + p_from_bonus <> p_amount THEN
    RAISE EXCEPTION 'a stake is paid by its cash and bonus parts';
  END IF;
  FOR acc IN SELECT a.id, a.kind FROM ledger_accounts a
    WHERE a.user_id = p_user AND a.kind IN ('cash', 'bonus') ORDER BY a.id FOR NO KEY UPDATE LOOP
    IF acc.kind = 'cash' THEN cash_id := acc.id; ELSE bonus_id := acc.id; END IF;
  END LOOP;
  SELECT h.account_id INTO house FROM house_account(p_user) h;
  IF cash_id IS NULL OR bonus_id IS NULL OR house IS NULL THEN
    RAISE EXCEPTION 'user % has no cash, bonus or house account', p_user;
  END IF;
  IF p_from_cash > 0 THEN UPDATE ledger_accounts SET balance = balance + p_from_cash WHERE id = cash_id; END IF;
  IF p_from_bonus > 0 THEN UPDATE ledger_accounts SET balance = balance + p_from_bonus WHERE id = bonus_id; END IF;
  UPDATE ledger_accounts SET balance = balance - p_amount WHERE id = house;
  INSERT INTO ledger_transactions (kind, ref, user_id, created_at, meta) VALUES ('refund', p_ref, p_user, p_at, p_meta) RETURNING id INTO tx;
  INSERT INTO ledger_entries (tx_id, account_id, amount)
    SELECT tx, x.a, x.m FROM unnest(ARRAY[house, cash_id, bonus_id], ARRAY[-p_amount, p_from_cash, p_from_bonus]) WITH ORDINALITY AS x(a, m, n)
    WHERE x.m <> 0 ORDER BY x.n;
  RETURN tx;
END
$$;

CREATE FUNCTION provider_answer(p_status text, p_user bigint) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN jsonb_build_object('status', p_status, 'balance', (SELECT b.balance FROM wallet_balance(p_user) b));
END
$$;

-- A transaction id seen before: the first reply again when it is the same request, else DUPLICATE_TRANSACTION.
CREATE FUNCTION provider_repeat(seen provider_transactions, p_op text, p_hash text, p_user bigint) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF seen.kind = 'bet' AND seen.state = 'void' THEN
    RETURN provider_answer('TRANSACTION_ROLLED_BACK', p_user);
  END IF;
  IF seen.kind = p_op AND seen.request_hash = p_hash THEN
    RETURN seen.reply;
  END IF;
  RETURN provider_answer('DUPLICATE_TRANSACTION', p_user);
END
$$;

CREATE FUNCTION provider_wallet(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_op text := p->>'op';
  v_prov text := p->>'provider';
  v_at timestamptz := (p->>'at')::timestamptz;
  v_tx text := p->>'tx';
  v_ref_tx text := p->>'refTx';
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
BEGIN
  SELECT ps.user_id, ps.game, ps.expires_at, ps.closed_at, u.disabled_at INTO s
    FROM provider_sessions ps JOIN users u ON u.id = ps.user_id
    WHERE ps.token_hash = p->>'tokenHash' AND ps.provider = v_prov;
  IF NOT FOUND THEN
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
    INSERT INTO provider_transactions (provider, transaction_id, kind, user_id, game, round_id, amount, state, request_hash, reply, created_at)
      VALUES (v_prov, v_tx, 'bet', uid, p->>'game', p->>'round', v_amt, 'open', v_hash, '{}', v_at) ON CONFLICT DO NOTHING;
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
      RETURN v_reply;
    END IF;
    SELECT * INTO b FROM wallet_bet(uid, v_amt, NULL, v_ref, v_at, (p->>'day')::date, v_meta, (p->>'bonusMax')::bigint);
    IF b.code <> 'OK' THEN
      DELETE FROM provider_transactions t WHERE t.provider = v_prov AND t.transaction_id = v_tx;
      IF b.code = 'INSUFFICIENT_BALANCE' THEN
        RETURN provider_answer('NOT_ENOUGH_MONEY', uid);
      END IF;
      IF b.code = 'BONUS_MAX_STAKE' THEN
        RETURN provider_answer('BET_LIMIT', uid) || jsonb_build_object('message', 'bonus max stake');
      END IF;
      RAISE EXCEPTION 'wallet_bet answered %', b.code;
    END IF;
    v_reply := jsonb_build_object('status', 'OK', 'balance', b.balance, 'transactionId', b.bet_tx::text);
    UPDATE provider_transactions t SET from_cash = b.from_cash, from_bonus = b.from_bonus, tx_id = b.bet_tx, reply = v_reply
      WHERE t.provider = v_prov AND t.transaction_id = v_tx;
    RETURN v_reply;
  END IF;

  IF v_op NOT IN ('win', 'rollback') THEN
    RAISE EXCEPTION 'unknown wallet call %', v_op;
  END IF;
  -- The bet first, locked: wins and rollbacks of one bet take turns, and each sees the ones before it.
  SELECT * INTO placed FROM provider_transactions t WHERE t.provider = v_prov AND t.transaction_id = v_ref_tx FOR UPDATE;
  placed_found := FOUND;
  SELECT * INTO seen FROM provider_transactions t WHERE t.provider = v_prov AND t.transaction_id = v_tx;
  IF FOUND THEN
    RETURN provider_repeat(seen, v_op, v_hash, uid);
  END IF;

  IF v_op = 'win' THEN
    IF NOT placed_found OR placed.kind <> 'bet' OR placed.user_id <> uid THEN
      RETURN provider_answer('TRANSACTION_NOT_FOUND', uid);
    END IF;
    IF placed.state IN ('void', 'rolled_back') THEN
      RETURN provider_answer('TRANSACTION_ROLLED_BACK', uid);
    END IF;
    v_moved := wallet_credit_win(uid, (p->>'amount')::bigint, v_ref, v_at, placed.from_cash, placed.from_bonus, 'win', v_meta);
    IF placed.state = 'open' THEN
      UPDATE provider_transactions t SET state = 'settled' WHERE t.provider = v_prov AND t.transaction_id = v_ref_tx;
      -- The round is over: its stake counts toward a gift's wagering, the VIP levels and referrals.
      v_counted := placed.amount * (p->>'slotPct')::bigint / 100;
      IF v_counted > 0 THEN
        PERFORM wallet_count_wager(uid, v_counted, placed.created_at, v_at);
      END IF;
    END IF;
    v_reply := jsonb_build_object('status', 'OK', 'balance', (SELECT wb.balance FROM wallet_balance(uid) wb), 'transactionId', COALESCE(v_moved::text, '0-' || v_tx));
    INSERT INTO provider_transactions (provider, transaction_id, kind, user_id, game, round_id, amount, reference_id, state, tx_id, request_hash, reply, created_at)
      VALUES (v_prov, v_tx, 'win', uid, p->>'game', p->>'round', (p->>'amount')::bigint, v_ref_tx, 'done', v_moved, v_hash, v_reply, v_at);
    RETURN v_reply;
  END IF;

  -- A rollback.
  IF NOT placed_found THEN
    -- Never seen: recorded as void, so the bet arriving late is refused.
    INSERT INTO provider_transactions (provider, transaction_id, kind, user_id, game, round_id, amount, state, request_hash, reply, created_at)
      VALUES (v_prov, v_ref_tx, 'bet', uid, p->>'game', p->>'round', 0, 'void', '', '{}', v_at) ON CONFLICT DO NOTHING;
    IF FOUND THEN
      v_reply := provider_answer('TRANSACTION_NOT_FOUND', uid);
      INSERT INTO provider_transactions (provider, transaction_id, kind, user_id, game, round_id, amount, reference_id, state, tx_id, request_hash, reply, created_at)
        VALUES (v_prov, v_tx, 'rollback', uid, p->>'game', p->>'round', 0, v_ref_tx, 'done', NULL, v_hash, v_reply, v_at);
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
  INSERT INTO provider_transactions (provider, transaction_id, kind, user_id, game, round_id, amount, reference_id, state, tx_id, request_hash, reply, created_at)
    VALUES (v_prov, v_tx, 'rollback', uid, p->>'game', p->>'round', 0, v_ref_tx, 'done', v_moved, v_hash, v_reply, v_at);
  RETURN v_reply;
END
$$;
