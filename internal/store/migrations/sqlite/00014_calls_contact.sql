-- An order's contacts (issue 20 §2): its callers grouped by number, each
-- with their count, last call and outcome, and one caller's calls newest
-- first, read from this index alone. Without it both read every call of
-- the order from the table (bench/contacts: ~250 ms of CPU per page at
-- 50,000 calls on SQLite, against ~29 ms with it).

-- +goose Up
CREATE INDEX calls_contact ON calls (order_id, customer_number, started_at DESC, id DESC, outcome) WHERE order_id IS NOT NULL;

-- +goose Down
DROP INDEX calls_contact;
