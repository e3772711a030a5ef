-- Issue 31, player protection: the time a player plays, for the daily time limit and the reality
-- check. A play session runs from a stake to the last stake that followed it with no pause longer
-- than play_idle_gap() (10 minutes); its time is the span between its stakes plus one minute for
-- its first. Kept on the day rows the stakes already update (play_days), so it costs no write of its
-- own: played_s, the seconds played that São Paulo day; last_play_at, its last stake;
-- session_started_at, the first stake of the session that stake belongs to (carried over midnight).
ALTER TABLE play_days ADD COLUMN played_s integer NOT NULL DEFAULT 0 CONSTRAINT play_days_played_check CHECK (played_s >= 0);
ALTER TABLE play_days ADD COLUMN last_play_at timestamptz;
ALTER TABLE play_days ADD COLUMN session_started_at timestamptz;

-- The reality check a player chose (every 15, 30 or 60 minutes of a session; 60 when no row) and
-- the last time they answered one: the next is due `minutes` after that answer, or after the
-- session's start when they have not answered one in this session (protection/status.ts).
CREATE TABLE rg_reality (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  minutes integer NOT NULL CHECK (minutes IN (15, 30, 60)),
  session_started_at timestamptz,
  answered_at timestamptz
);
