-- Locks every account a transaction's postings to these players may take, all at once and in the
-- order every posting takes them (wallet/ledger.ts post): the players' cash and bonus by id, then
-- their house sub-accounts by id. Whatever moves several players' money in one transaction (a
-- batch of bets, a round's or a match's settlement, a void) calls it before its first posting.
-- Taken player by player as each bet or win came, a transaction held one player's house while it
-- waited for another player, whom a settlement held while it waited for that house: PostgreSQL
-- broke the cycle by failing one of them ("deadlock detected", the money simulator's find).
-- Called by wallet.ts lockPlayersAccounts and by the batch functions (casino, round, sport).
CREATE OR REPLACE FUNCTION wallet_lock_players(p_users bigint[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM 1 FROM ledger_accounts a WHERE a.user_id = ANY (p_users) AND a.kind IN ('cash', 'bonus') ORDER BY a.id FOR NO KEY UPDATE;
  PERFORM 1 FROM ledger_accounts a
    WHERE a.id IN (SELECT h.account_id FROM unnest(p_users) AS u(id) CROSS JOIN LATERAL house_account(u.id) h)
    ORDER BY a.id FOR NO KEY UPDATE;
END
$function$;
