-- One player's stake (and its win, when p_payout is not null), as wallet_bets does for many: the
-- bet paths that move one player at a time (mines, shared rounds, the sportsbook, provider wallets,
-- the casino's slow path) call this. The rules are wallet_bets'.
CREATE OR REPLACE FUNCTION wallet_bet(p_user bigint, p_stake bigint, p_payout bigint, p_ref text, p_at timestamp with time zone, p_day date, p_meta jsonb, p_bonus_max bigint, OUT code text, OUT bet_tx bigint, OUT from_cash bigint, OUT from_bonus bigint, OUT balance bigint, OUT version bigint, OUT is_test boolean, OUT day_total bigint)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
BEGIN
  SELECT s.code, s.bet_tx, s.from_cash, s.from_bonus, s.balance, s.version, s.is_test, s.day_total
    INTO code, bet_tx, from_cash, from_bonus, balance, version, is_test, day_total
    FROM wallet_bets(ARRAY[ROW(1, p_user, p_stake, p_payout, p_ref, p_at, p_day, p_meta, p_bonus_max)::wallet_stake]) s;
END
$function$;
