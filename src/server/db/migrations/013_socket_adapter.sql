-- Socket events across server processes on one PostgreSQL (@socket.io/postgres-adapter, issue 12):
-- events go by NOTIFY; one over NOTIFY's 8,000-byte limit is stored here for a moment instead.
-- (Unused on PGlite, which is one process.)
CREATE TABLE socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz DEFAULT now(),
  payload bytea
);
