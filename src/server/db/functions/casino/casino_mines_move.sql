-- A reveal ('reveal': p.tile, p.revealed, p.mult, p.end, p.payout, p.counted) or a cash-out
-- ('cashout': p.payout, p.counted) of the open game Node expects (p.bet with p.seen tiles shown).
CREATE OR REPLACE FUNCTION casino_mines_move(p jsonb)
 RETURNS casino_move
 LANGUAGE plpgsql
AS $function$
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
$function$;
