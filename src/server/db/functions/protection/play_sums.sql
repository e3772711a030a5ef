-- What a player staked and got back between p_from and p_to, per product: 'casino' (the
-- originals), 'round' (shared rounds), 'sport' (the sportsbook), 'provider' (provider slots), read
-- from the ledger (the player's cash and bonus entries of each bet, win, refund and correction,
-- whatever account a bonus paid from). The reality check's session figures and the monthly
-- statement both read it.
CREATE OR REPLACE FUNCTION play_sums(p_user bigint, p_from timestamp with time zone, p_to timestamp with time zone)
 RETURNS TABLE(product text, staked bigint, returned bigint)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT split_part(t.ref, ':', 1),
    COALESCE(sum(-e.amount) FILTER (WHERE t.kind = 'bet'), 0)::bigint,
    COALESCE(sum(e.amount) FILTER (WHERE t.kind <> 'bet'), 0)::bigint
  FROM ledger_transactions t
  JOIN ledger_entries e ON e.tx_id = t.id
  JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('cash', 'bonus')
  WHERE t.user_id = p_user AND t.kind IN ('bet', 'win', 'refund', 'correction')
    AND t.created_at >= p_from AND t.created_at < p_to
    AND split_part(t.ref, ':', 1) IN ('casino', 'round', 'sport', 'provider')
  GROUP BY 1
$function$;
