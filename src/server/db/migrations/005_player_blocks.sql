-- Issue 31, player protection: a pause (24 hours, 7 or 30 days) or a self-exclusion (6 months to 5
-- years, or indefinite) a player set on themselves. Kept whole (never updated or deleted), so the
-- operators' tools and the harm markers can read the history. While one is in force the player may
-- not bet, deposit, transfer or claim a reward; rg_block_at says which is in force.
CREATE TABLE rg_blocks (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('pause', 'exclusion')),
  starts_at timestamptz NOT NULL,
  -- NULL: indefinite (a self-exclusion only), never lifted in the app.
  ends_at timestamptz,
  CHECK (kind = 'exclusion' OR ends_at IS NOT NULL),
  CHECK (ends_at IS NULL OR ends_at > starts_at)
);
CREATE INDEX rg_blocks_user ON rg_blocks (user_id);
