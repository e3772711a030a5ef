-- Issue 34: a player's VIP level has one home, vip_progress.level. users.level was a copy that
-- vip_reach kept by updating the player's users row inside the bet's or settlement's transaction,
-- after that transaction had locked the player's accounts; a transfer or withdrawal locks the
-- users row first (lockRealUser), then the accounts. On PostgreSQL the two orders deadlocked (a
-- transfer answered 500 beside a settlement that raised the sender's level: the money simulator's
-- find). The readers (user_info_json, the console's player) now read vip_progress.
ALTER TABLE users DROP COLUMN level;
