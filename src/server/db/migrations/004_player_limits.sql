-- Issue 31, player protection: the limits a player sets, and the running figures they are held to.

-- A player's stakes and returns per São Paulo day (was daily_stakes: today's stakes, the bonus
-- boost's threshold). returned: what the day's wins, cash-outs and refunds paid back, so a period's
-- net loss is the sum of staked - returned over its days (rg_room). Kept 40 days (a month and a week).
ALTER TABLE daily_stakes RENAME TO play_days;
ALTER TABLE play_days RENAME COLUMN total TO staked;
ALTER TABLE play_days RENAME CONSTRAINT daily_stakes_pkey TO play_days_pkey;
ALTER TABLE play_days RENAME CONSTRAINT daily_stakes_total_check TO play_days_staked_check;
ALTER TABLE play_days ADD COLUMN returned bigint NOT NULL DEFAULT 0 CONSTRAINT play_days_returned_check CHECK (returned >= 0);

-- The limits a player set: one row per kind and period. value: the limit in force (centavos; for
-- 'time', minutes), NULL for none. A raise or a removal waits 24 hours: pending_at is when
-- pending_value (NULL: no limit) takes over; a lower or new limit applies at once (rg_set_limit).
CREATE TABLE rg_limits (
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('deposit', 'loss', 'stake', 'time')),
  period text NOT NULL CHECK (period IN ('day', 'week', 'month')),
  value bigint CHECK (value > 0),
  pending_value bigint CHECK (pending_value > 0),
  pending_at timestamptz,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind, period),
  CHECK (pending_value IS NULL OR pending_at IS NOT NULL),
  -- Total stakes and time played are daily limits only.
  CHECK (kind IN ('deposit', 'loss') OR period = 'day')
);
