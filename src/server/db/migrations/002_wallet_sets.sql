-- Issue 30: a bet's money rules in one home. wallet_bets takes the stakes of many players at once
-- (the per-move wallet_bet is it with one), wallet_count_wagers counts the settled stakes of many
-- (wallet_count_wager is it with one), and the set-based casino batch calls both instead of
-- restating them. Their rows:

-- A stake as wallet_bets takes it: one per player in a call. payout: the win when the bet settles
-- at once (NULL: it settles later); bonus_max: the bonus stake limit while a gift is wagered.
CREATE TYPE wallet_stake AS (n integer, u bigint, stake bigint, payout bigint, ref text, at timestamptz, day date, meta jsonb, bonus_max bigint);

-- What wallet_bets answers for each stake: 'OK' (with how the stake was paid, the balance, its
-- version and the day's stakes) or the refusal ('INSUFFICIENT_BALANCE', 'BONUS_MAX_STAKE'), nothing
-- written for it.
CREATE TYPE wallet_staked AS (n integer, code text, bet_tx bigint, from_cash bigint, from_bonus bigint, balance bigint, version bigint, is_test boolean, day_total bigint);

-- wallet_bets' working row: the stake, the player's accounts and the decision.
CREATE TYPE wallet_posting AS (n integer, u bigint, code text, stake bigint, payout bigint, ref text, at timestamptz, day date, meta jsonb,
  cash_id bigint, bonus_id bigint, house bigint, is_test boolean, from_cash bigint, from_bonus bigint, to_bonus bigint, balance bigint,
  bet_tx bigint, win_tx bigint);

-- The casino batch's row loses what wallet_bets now does for it (accounts, balance, ledger ids).
ALTER TYPE casino_set_bet DROP ATTRIBUTE cash_id, DROP ATTRIBUTE house, DROP ATTRIBUTE balance, DROP ATTRIBUTE bet_tx,
  DROP ATTRIBUTE win_tx, DROP ATTRIBUTE e1, DROP ATTRIBUTE e2, DROP ATTRIBUTE e3, DROP ATTRIBUTE e4;
ALTER TYPE casino_set_bet ADD ATTRIBUTE bonus_max bigint;
