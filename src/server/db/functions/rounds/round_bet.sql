-- A bet on a shared round (double, row double, lucky colour): takes the round's row FOR NO KEY
-- UPDATE, so the bets on one round run one after another and two bets racing into one round
-- cannot both pass its caps (bets per player, the round's exposure per outcome, p_limits); then
-- the stake through wallet_bet. A round closes only once the bets in flight on it have committed.
CREATE OR REPLACE FUNCTION round_bet(p_user bigint, p_game text, p_round_id text, p_choice text, p_stake bigint, p_at timestamp with time zone, p_day date, p_bonus_max bigint, p_max_bets integer, p_max_payout bigint, p_pays bigint[], OUT code text, OUT bet_id bigint, OUT balance bigint, OUT version bigint)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
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
$function$;
