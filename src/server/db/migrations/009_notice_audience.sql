-- Issue 31: an operators' notice may be marketing (an offer, a promotion): a player paused or
-- self-excluded receives none of those while the block stands; service notices reach everyone.
ALTER TABLE notices ADD COLUMN marketing boolean NOT NULL DEFAULT false;
