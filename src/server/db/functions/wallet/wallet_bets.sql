-- A bet's money, the one home of its rules, for one player's stake (wallet_bet) or many players'
-- at once (the casino batch): each stake is paid from cash first, then bonus; refused (a code,
-- nothing written for it) when cash + bonus is short or, while a gift is being wagered, when the
-- stake is above its bonus_max. When the bet settles at once (payout not null) its win is paid too,
-- and the part of the win that the bonus paid for goes back to bonus while a wagering requirement is
-- open, so winning with a gift does not skip its wagering. A stake and its win are two ledger
-- transactions ('bet' with how the stake was paid in its meta, then 'win'), each account updated
-- once by its net amount. Every stake counts toward the deposits' turnover and today's stakes at
-- once; toward a gift's wagering when it settles (wallet_count_wagers); toward the player's limits
-- (play_days, rg_room) with what it paid back at once, and toward the day's time played. Answers, per stake, the
-- balance (cash + bonus) and its version (the player's last cash or bonus entry).
-- One stake per player in a call. The players' cash and bonus are locked in id order (the lock
-- order of every posting), and each house sub-account is updated once by the sum of its stakes.
CREATE OR REPLACE FUNCTION wallet_bets(p wallet_stake[])
 RETURNS SETOF wallet_staked
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  rows wallet_posting[];
  placed int;
  ok int;
  players int;
  bad boolean;
  versions bigint[];
  version_u bigint[];
  day_u bigint[];
  day_total bigint[];
  refusal text;
BEGIN
  -- One statement reads the players' cash and bonus, locked in id order (the lock order of every
  -- posting), their house sub-accounts and open wagering, and decides each stake.
  WITH mine AS (
    SELECT a.id, a.user_id, a.kind, a.balance FROM ledger_accounts a
    WHERE a.user_id = ANY (ARRAY(SELECT b.u FROM unnest(p) b)) AND a.kind IN ('cash', 'bonus')
    ORDER BY a.id FOR NO KEY UPDATE
  ), c AS (
    SELECT b.n, b.u, b.stake, COALESCE(b.payout, 0) AS payout, b.ref, b.at, b.day, b.meta, b.bonus_max,
      cash.id AS cash_id, cash.balance AS cash, bonus.id AS bonus_id, bonus.balance AS bonus, h.account_id AS house, h.is_test,
      COALESCE(w.required > w.wagered, false) AS wagering_owed, COALESCE(w.required > 0, false) AS wagering
    FROM unnest(p) b
    JOIN mine cash ON cash.user_id = b.u AND cash.kind = 'cash'
    JOIN mine bonus ON bonus.user_id = b.u AND bonus.kind = 'bonus'
    CROSS JOIN LATERAL house_account(b.u) h
    LEFT JOIN bonus_wagering w ON w.user_id = b.u
  ), d AS (
    SELECT c.*, LEAST(c.stake, c.cash) AS from_cash, c.stake - LEAST(c.stake, c.cash) AS from_bonus,
      CASE WHEN c.stake > c.cash + c.bonus THEN 'INSUFFICIENT_BALANCE'
           WHEN c.stake > c.bonus_max AND c.bonus > 0 AND c.wagering_owed THEN 'BONUS_MAX_STAKE'
           ELSE 'OK' END AS code
    FROM c
  ), x AS (
    SELECT d.*, CASE WHEN d.payout > 0 AND d.from_bonus > 0 AND d.wagering THEN (d.payout * d.from_bonus) / d.stake ELSE 0 END AS to_bonus
    FROM d
  )
  SELECT array_agg(ROW(x.n, x.u, x.code, x.stake, x.payout, x.ref, x.at, x.day, x.meta, x.cash_id, x.bonus_id, x.house, x.is_test,
      x.from_cash, x.from_bonus, x.to_bonus, x.cash + x.bonus - x.stake + x.payout,
      CASE WHEN x.code = 'OK' THEN nextval('ledger_transactions_id_seq') END,
      CASE WHEN x.code = 'OK' AND x.payout > 0 THEN nextval('ledger_transactions_id_seq') END)::wallet_posting ORDER BY x.n),
    count(*), count(*) FILTER (WHERE x.code = 'OK'), count(DISTINCT x.u), bool_or(x.stake <= 0 OR x.payout < 0 OR x.house IS NULL)
    INTO rows, placed, ok, players, bad
  FROM x;
  IF placed <> cardinality(p) OR bad OR players <> placed THEN
    RAISE EXCEPTION 'wallet_bets takes one positive stake per player, with a win not negative, of players with cash, bonus and house accounts';
  END IF;

  -- Player protection (rg_refusal): a player paused or self-excluded bets nothing (RG_PAUSED,
  -- RG_EXCLUDED), and a stake that could take a loss limit (the stake counted as lost) or the day's
  -- stakes past what the player set, or any once the day's time limit is reached, is refused
  -- (LIMIT_LOSS, LIMIT_STAKE, LIMIT_TIME).
  -- Decided in a statement of its own, after the lock above, so it sees every earlier bet of the
  -- player committed: bets raced together cannot pass a limit between them.
  IF ok > 0 AND EXISTS (SELECT 1 FROM unnest(rows) r WHERE r.code = 'OK' AND rg_watched(r.u)) THEN
    FOR i IN 1 .. cardinality(rows) LOOP
      IF rows[i].code = 'OK' THEN
        refusal := rg_refusal(rows[i].u, rows[i].stake, rows[i].at);
        IF refusal IS NOT NULL THEN
          rows[i].code := refusal;
          ok := ok - 1;
        END IF;
      END IF;
    END LOOP;
  END IF;

  IF ok > 0 THEN
    -- Each account once, by its net amount: the players' first (the lock order), then each house
    -- sub-account by the sum of its stakes less its wins.
    UPDATE ledger_accounts a SET balance = a.balance + d.delta FROM (
      SELECT r.cash_id AS id, r.payout - r.to_bonus - r.from_cash AS delta FROM unnest(rows) r WHERE r.code = 'OK'
      UNION ALL
      SELECT r.bonus_id, r.to_bonus - r.from_bonus FROM unnest(rows) r WHERE r.code = 'OK'
      UNION ALL
      SELECT r.house, sum(r.stake - r.payout) FROM unnest(rows) r WHERE r.code = 'OK' GROUP BY r.house
    ) d WHERE a.id = d.id AND d.delta <> 0;
    INSERT INTO ledger_transactions (id, kind, ref, user_id, created_at, meta)
      SELECT t.id, t.kind, r.ref, r.u, r.at, t.meta FROM unnest(rows) r
      CROSS JOIN LATERAL (VALUES
        (1, r.bet_tx, 'bet', COALESCE(r.meta, '{}'::jsonb) || jsonb_build_object('fromCash', r.from_cash::text, 'fromBonus', r.from_bonus::text)),
        (2, r.win_tx, 'win', r.meta)) AS t(pos, id, kind, meta)
      WHERE t.id IS NOT NULL ORDER BY r.n, t.pos;
    -- Every stake's and win's entries in one statement (one balance check), in posting order; a
    -- player's last cash or bonus entry is the balance's new version.
    WITH e AS (
      INSERT INTO ledger_entries (tx_id, account_id, amount)
        SELECT x.tx, x.a, x.m FROM unnest(rows) r
        CROSS JOIN LATERAL (VALUES (1, r.bet_tx, r.house, r.stake), (2, r.bet_tx, r.cash_id, -r.from_cash), (3, r.bet_tx, r.bonus_id, -r.from_bonus),
          (4, r.win_tx, r.house, -r.payout), (5, r.win_tx, r.cash_id, r.payout - r.to_bonus), (6, r.win_tx, r.bonus_id, r.to_bonus)) AS x(pos, tx, a, m)
        WHERE r.code = 'OK' AND x.tx IS NOT NULL AND x.m <> 0 ORDER BY r.n, x.pos
        RETURNING id, account_id
    )
    SELECT array_agg(r.u), array_agg(v.version) INTO version_u, versions
      FROM (SELECT e.account_id, max(e.id) AS version FROM e GROUP BY e.account_id) v
      JOIN unnest(rows) r ON v.account_id IN (r.cash_id, r.bonus_id);
    UPDATE cash_turnover c SET outstanding = GREATEST(c.outstanding - r.stake, 0)
      FROM unnest(rows) r WHERE r.code = 'OK' AND c.user_id = r.u AND c.outstanding > 0;
    -- The day's stakes and returns, and its time played: a stake within play_idle_gap() of the
    -- last one adds the time between them and keeps its session, a later one adds a minute and
    -- starts a session (the first stake of a day carries on the night's session when it is still open).
    WITH d AS (
      INSERT INTO play_days AS d (user_id, day, staked, returned, played_s, last_play_at, session_started_at)
        SELECT r.u, r.day, r.stake, r.payout, 60, r.at,
          CASE WHEN r.at - (r.day::timestamp AT TIME ZONE 'America/Sao_Paulo') < play_idle_gap()
            THEN COALESCE((SELECT y.session_started_at FROM play_days y
              WHERE y.user_id = r.u AND y.day = r.day - 1 AND y.last_play_at >= r.at - play_idle_gap()), r.at)
            ELSE r.at END
        FROM unnest(rows) r WHERE r.code = 'OK'
        ON CONFLICT (user_id, day) DO UPDATE SET staked = d.staked + EXCLUDED.staked, returned = d.returned + EXCLUDED.returned,
          played_s = d.played_s + CASE WHEN d.last_play_at >= EXCLUDED.last_play_at - play_idle_gap()
            THEN GREATEST(extract(epoch FROM EXCLUDED.last_play_at - d.last_play_at), 0)::integer ELSE 60 END,
          session_started_at = CASE WHEN d.last_play_at >= EXCLUDED.last_play_at - play_idle_gap() THEN d.session_started_at ELSE EXCLUDED.session_started_at END,
          last_play_at = GREATEST(d.last_play_at, EXCLUDED.last_play_at)
        RETURNING d.user_id, d.staked
    ) SELECT array_agg(d.user_id), array_agg(d.staked) INTO day_u, day_total FROM d;
  END IF;

  RETURN QUERY
    SELECT r.n, r.code, r.bet_tx,
      CASE WHEN r.code = 'OK' THEN r.from_cash END, CASE WHEN r.code = 'OK' THEN r.from_bonus END,
      CASE WHEN r.code = 'OK' THEN r.balance END,
      v.version, r.is_test, d.total
    FROM unnest(rows) r
    LEFT JOIN (SELECT y.u, max(y.version) AS version FROM unnest(version_u, versions) AS y(u, version) GROUP BY y.u) v ON v.u = r.u
    LEFT JOIN unnest(day_u, day_total) AS d(u, total) ON d.u = r.u
    ORDER BY r.n;
END
$function$;
