-- Dice and limbo (op 'instant': nonce, stake, outcome and payout) and the start of a mines game
-- (op 'start': nonce and stake; the mines stay in the seed until it ends).
CREATE OR REPLACE FUNCTION casino_new_bet(p jsonb)
 RETURNS casino_move
 LANGUAGE plpgsql
AS $function$
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
$function$;
