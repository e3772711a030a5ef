-- The house sub-account that pays a player's bets: 'house' (or 'play_house' for test accounts),
-- shard user id % 16, so bets of different players do not queue on one row.
--
-- Issue 11, PostgreSQL: house_account and wallet_balance were SQL-language functions called in
-- FROM, which PostgreSQL does not inline (they return one record, not a set), so every call
-- parsed and planned its query again. The planner's allocations pushed the backend's heap over
-- glibc's trim threshold on every bet, and the heap was given back to the kernel (brk) and taken
-- again on the next: 24 % of the database's CPU at 50 players was that munmap's TLB shootdown.
-- As PL/pgSQL functions their statements are planned once per connection and kept.
CREATE OR REPLACE FUNCTION house_account(p_user bigint, OUT account_id bigint, OUT is_test boolean)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  SELECT a.id, u.is_test INTO account_id, is_test FROM users u
    JOIN ledger_accounts a ON a.user_id IS NULL AND a.kind = CASE WHEN u.is_test THEN 'play_house' ELSE 'house' END AND a.shard = u.id % 16
  WHERE u.id = p_user;
END
$function$;
