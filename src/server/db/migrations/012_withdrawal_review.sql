-- Issue 35: a withdrawal that waits for an operator's review (approval 'waiting') says why, and
-- the one decided says who decided it and when (the reason typed is in ops_audit).
ALTER TABLE orders ADD COLUMN review_reasons text[];
ALTER TABLE orders ADD COLUMN reviewed_by bigint REFERENCES operators (id);
ALTER TABLE orders ADD COLUMN reviewed_at timestamptz;
CREATE INDEX orders_review_queue ON orders (created_at) WHERE type = 11 AND status = '00' AND approval = 'waiting';
