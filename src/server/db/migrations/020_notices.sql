-- Operators' notices (issue 14): posted with `npm run notice -- "texto"`, sent on the socket to
-- everyone online, and to sockets that connect within a day of it.
CREATE TABLE notices (
  id bigserial PRIMARY KEY,
  text text NOT NULL CHECK (length(text) BETWEEN 1 AND 500),
  created_at timestamptz NOT NULL
);
