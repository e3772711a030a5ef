-- The balance version sent beside every balance is the id of the last entry on the user's cash
-- and bonus accounts: (account_id, id) finds it in one index probe, and still serves every
-- lookup by account, so the single-column index goes.
CREATE INDEX ledger_entries_account_last_idx ON ledger_entries (account_id, id);
DROP INDEX ledger_entries_account_idx;
