-- Shared rounds (issue 12): each game's hash chain. The chain itself (a million links) is not
-- stored: its links are recomputed from checkpoints, one every `checkpoint_every` links
-- (link[0], the random seed, is the first). The salt and the terminating hash (the last link)
-- are published before the chain's first round and never change.
CREATE TABLE round_chains (
  id bigserial PRIMARY KEY,
  game text NOT NULL,
  salt text NOT NULL CHECK (salt ~ '^[0-9a-f]{64}$'),
  terminating_hash text NOT NULL CHECK (terminating_hash ~ '^[0-9a-f]{64}$'),
  length integer NOT NULL CHECK (length >= 2),
  checkpoint_every integer NOT NULL CHECK (checkpoint_every >= 1),
  created_at timestamptz NOT NULL,
  -- Set when every round of the chain has been played; the game's next chain starts then.
  used_up_at timestamptz
);
-- One chain in play per game.
CREATE UNIQUE INDEX round_chains_one_live ON round_chains (game) WHERE used_up_at IS NULL;

CREATE TABLE round_chain_checkpoints (
  chain_id bigint NOT NULL REFERENCES round_chains (id),
  idx integer NOT NULL,
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  PRIMARY KEY (chain_id, idx)
);
