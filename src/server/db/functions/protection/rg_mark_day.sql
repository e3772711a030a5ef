-- The harm markers of the week that ends with São Paulo day p_day, per player, written to
-- rg_markers (a second run of the same day rewrites its rows); answers how many rows it wrote.
-- - night_play: at least 20 stakes in the week, half or more between 00:00 and 06:00;
-- - rising_deposits: at least 3 deposits in the week, at least twice the weekly average of the
--   three weeks before;
-- - deposit_after_loss: deposits made within 30 minutes after a stake on a day the player was
--   losing (play_days: staked above returned), at least 2 in the week;
-- - withdrawal_cancelled: withdrawals the player cancelled (close_reason 'cancelled') in the week;
-- - limits_raised: limits the player asked to raise or remove in the week (a pending change).
-- Test accounts (play money) are left out.
CREATE OR REPLACE FUNCTION rg_mark_day(p_day date)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_from timestamptz := ((p_day - 6)::timestamp AT TIME ZONE 'America/Sao_Paulo');
  v_to timestamptz := ((p_day + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo');
  v_rows integer;
BEGIN
  DELETE FROM rg_markers WHERE day = p_day;
  WITH bets AS (
    SELECT t.user_id, count(*) AS n,
      count(*) FILTER (WHERE extract(hour FROM t.created_at AT TIME ZONE 'America/Sao_Paulo') < 6) AS night
    FROM ledger_transactions t
    WHERE t.kind = 'bet' AND t.created_at >= v_from AND t.created_at < v_to AND t.user_id IS NOT NULL
    GROUP BY t.user_id
  ), deposits AS (
    SELECT o.user_id,
      count(*) FILTER (WHERE o.closed_at >= v_from) AS week,
      count(*) FILTER (WHERE o.closed_at < v_from) AS before
    FROM orders o
    WHERE o.type = 10 AND o.status = '10' AND o.closed_at >= v_from - interval '21 days' AND o.closed_at < v_to
    GROUP BY o.user_id
  ), chasing AS (
    SELECT o.user_id, count(*) AS n FROM orders o
    JOIN play_days d ON d.user_id = o.user_id AND d.day = (o.created_at AT TIME ZONE 'America/Sao_Paulo')::date AND d.staked > d.returned
    WHERE o.type = 10 AND o.status = '10' AND o.created_at >= v_from AND o.created_at < v_to
      AND EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.user_id = o.user_id AND t.kind = 'bet'
        AND t.created_at BETWEEN o.created_at - interval '30 minutes' AND o.created_at)
    GROUP BY o.user_id
  ), cancelled AS (
    SELECT o.user_id, count(*) AS n FROM orders o
    WHERE o.type = 11 AND o.status = '01' AND o.close_reason = 'cancelled' AND o.closed_at >= v_from AND o.closed_at < v_to
    GROUP BY o.user_id
  ), raised AS (
    SELECT l.user_id, count(*) AS n FROM rg_limits l
    WHERE l.pending_at IS NOT NULL AND l.updated_at >= v_from AND l.updated_at < v_to
    GROUP BY l.user_id
  ), found AS (
    SELECT user_id, 'night_play' AS marker, night::integer AS strength FROM bets WHERE n >= 20 AND night * 2 >= n
    UNION ALL
    SELECT user_id, 'rising_deposits', week::integer FROM deposits WHERE week >= 3 AND week * 3 >= 2 * before
    UNION ALL
    SELECT user_id, 'deposit_after_loss', n::integer FROM chasing WHERE n >= 2
    UNION ALL
    SELECT user_id, 'withdrawal_cancelled', n::integer FROM cancelled
    UNION ALL
    SELECT user_id, 'limits_raised', n::integer FROM raised
  )
  INSERT INTO rg_markers (user_id, day, marker, strength)
    SELECT f.user_id, p_day, f.marker, f.strength FROM found f JOIN users u ON u.id = f.user_id AND NOT u.is_test;
  GET DIAGNOSTICS v_rows = ROW_COUNT;
  INSERT INTO rg_marked_days (day, marked_at, markers) VALUES (p_day, now(), v_rows)
    ON CONFLICT (day) DO UPDATE SET marked_at = EXCLUDED.marked_at, markers = EXCLUDED.markers;
  RETURN v_rows;
END
$function$;
