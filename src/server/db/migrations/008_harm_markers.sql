-- Issue 31: markers of harm, computed daily per player (rg_mark_day) and kept for the operators'
-- tools; a player with one in the last week sees a gentle message on the responsible-gaming page.
-- Nothing is blocked by them. day: the São Paulo day the marker was computed for (over the week
-- that ends with it); strength: how many times the sign was seen in that window.
CREATE TABLE rg_markers (
  user_id bigint NOT NULL REFERENCES users (id),
  day date NOT NULL,
  marker text NOT NULL CHECK (marker IN ('night_play', 'rising_deposits', 'deposit_after_loss', 'withdrawal_cancelled', 'limits_raised')),
  strength integer NOT NULL CHECK (strength > 0),
  PRIMARY KEY (user_id, day, marker)
);
CREATE INDEX rg_markers_day ON rg_markers (day);

-- The days whose markers were computed (the daily job computes yesterday's once).
CREATE TABLE rg_marked_days (
  day date PRIMARY KEY,
  marked_at timestamptz NOT NULL,
  markers integer NOT NULL
);
