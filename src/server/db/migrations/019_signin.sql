-- Daily sign-in (issue 14): one claim per player and São Paulo day; streak is the day of the 7-day
-- cycle it paid (a missed day starts again at 1).
CREATE TABLE signin_claims (
  user_id bigint NOT NULL REFERENCES users (id),
  day date NOT NULL,
  streak smallint NOT NULL CHECK (streak BETWEEN 1 AND 7),
  reward bigint NOT NULL CHECK (reward >= 0),
  tx_id bigint,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, day)
);
