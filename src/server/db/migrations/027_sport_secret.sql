-- The sportsbook simulator's secret (issue 29): 256 random bits made by the first server to start,
-- from which every match's script is drawn (src/server/sport/simulator/model.ts). Kept only here:
-- the code and the match ids tell nothing of it. One row.
CREATE TABLE sport_secret (
  id smallint PRIMARY KEY CHECK (id = 1),
  secret bytea NOT NULL CHECK (octet_length(secret) = 32),
  created_at timestamptz NOT NULL DEFAULT now()
);
