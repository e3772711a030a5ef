-- Issue 35: an operator suspends an account (users.disabled_at, which the provider wallet already
-- honours) with a reason, and operators keep notes on a player.
ALTER TABLE users ADD COLUMN disabled_reason text;

CREATE TABLE player_notes (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  operator_id bigint NOT NULL REFERENCES operators (id),
  at timestamptz NOT NULL,
  text text NOT NULL
);
CREATE INDEX player_notes_user ON player_notes (user_id, id);
