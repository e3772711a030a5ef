-- Issue 11: userInfo's one query (every field of the spec's user info; user/userInfo.ts maps it)
-- as a PL/pgSQL function, so its plan is made once per connection: as a plain statement PGlite
-- planned it on every call (2.5 ms of the 3 a call took; 0.5 ms as this function, measured with
-- 500 calls on one player). Its columns are those the query had, as one JSON object, and the next
-- VIP level's thresholds (the top level's own at the top) from vip_levels, the table's one home.
CREATE OR REPLACE FUNCTION user_info_json(p_user bigint, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  r jsonb;
BEGIN
  SELECT to_jsonb(x) INTO r FROM (WITH l1 AS (SELECT id FROM users WHERE inviter_id = p_user),
          l2 AS (SELECT id FROM users WHERE inviter_id IN (SELECT id FROM l1)),
          l3 AS (SELECT id FROM users WHERE inviter_id IN (SELECT id FROM l2))
     SELECT u.id, u.uid, u.email, u.name, u.phone, u.country, COALESCE(vp.level, 0) AS level, u.header, u.yqm, u.created_at, u.is_test, u.test_password, u.kyc, u.lx,
       (SELECT COALESCE(SUM(balance), 0)::bigint FROM ledger_accounts WHERE user_id = u.id AND kind IN ('cash', 'bonus')) AS spendable,
       (SELECT v.version FROM wallet_balance(u.id) v) AS balance_version,
       (SELECT COALESCE(SUM(amount), 0)::bigint FROM orders WHERE user_id = u.id AND status = '10' AND type = 10) AS pay_sum,
       (SELECT COALESCE(SUM(amount), 0)::bigint FROM orders WHERE user_id = u.id AND status = '10' AND type = 11) AS wd_sum,
       (SELECT amount FROM orders WHERE user_id = u.id AND type = 10 AND status = '10' ORDER BY closed_at DESC, id DESC LIMIT 1) AS last_pay,
       vp.game_sum,
       (SELECT outstanding FROM cash_turnover WHERE user_id = u.id) AS turnover,
       (SELECT GREATEST(required - wagered, 0) FROM bonus_wagering WHERE user_id = u.id) AS wager_left,
       nxt.pay_min AS next_pay_min, nxt.game_min AS next_game_min,
       offer.pkg AS offer_pkg, offer.price AS offer_price, offer.gift AS offer_gift, offer.expires_at AS offer_expires,
       (SELECT count(*) FROM l1) AS l1, (SELECT count(*) FROM l2) AS l2, (SELECT count(*) FROM l3) AS l3,
       (SELECT COALESCE(sum(amount), 0)::bigint FROM referral_commissions WHERE beneficiary = u.id AND level = 1) AS a1,
       (SELECT COALESCE(sum(amount), 0)::bigint FROM referral_commissions WHERE beneficiary = u.id AND level = 2) AS a2,
       (SELECT COALESCE(sum(amount), 0)::bigint FROM referral_commissions WHERE beneficiary = u.id AND level = 3) AS a3
     FROM users u
     LEFT JOIN vip_progress vp ON vp.user_id = u.id
     LEFT JOIN LATERAL (SELECT pay_min, game_min FROM vip_levels WHERE level <= COALESCE(vp.level, 0) + 1 ORDER BY level DESC LIMIT 1) nxt ON true
     LEFT JOIN LATERAL (
       SELECT p.id AS pkg, p.price, p.gift, o.expires_at FROM promo_offers o
       JOIN LATERAL (SELECT id, price, gift FROM price_packages WHERE currency = o.currency AND active AND gift > 0 ORDER BY gift::numeric / price DESC, sort, id LIMIT 1) p ON true
       WHERE o.user_id = u.id AND o.used_at IS NULL AND o.expires_at > p_now
         AND NOT EXISTS (SELECT 1 FROM orders d WHERE d.offer_id = o.id AND d.status IN ('00', '10'))
       ORDER BY p.gift::numeric / p.price DESC, o.expires_at LIMIT 1
     ) offer ON true
     WHERE u.id = p_user) x;
  RETURN r;
END
$function$;
