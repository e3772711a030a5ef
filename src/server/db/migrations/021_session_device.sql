-- The account page's list of sessions (issue 14): what device each is, in words ("Chrome · Android"),
-- read from the user agent at login. The user agent itself is not kept.
ALTER TABLE sessions ADD COLUMN device_label text NOT NULL DEFAULT '';
CREATE INDEX sessions_user_open_idx ON sessions (user_id, last_seen_at DESC) WHERE revoked_at IS NULL;
