-- One test account (play money) per player: the test account remembers the player who asked for
-- it, and a second request answers the same account. The unique index holds even if two
-- requests race past the application's lock.
ALTER TABLE users ADD COLUMN test_owner_id bigint REFERENCES users (id);
CREATE UNIQUE INDEX users_one_test_account ON users (test_owner_id) WHERE test_owner_id IS NOT NULL;

-- The balance version sent beside every balance is the id of the last entry on the user's cash
-- and bonus accounts: (account_id, id) finds it in one index probe, and still serves every
-- lookup by account, so the single-column index goes.
CREATE INDEX ledger_entries_account_last_idx ON ledger_entries (account_id, id);
DROP INDEX ledger_entries_account_idx;
