-- Usage lines (issue 18): the record the agency bills a buyer's minutes from.
-- Every ended call of an order writes one line, in the same transaction as the
-- call (store.RecordCall and the calls an order gets when its assistant is
-- linked): when it started, its billable seconds, the per-minute rate in force
-- when the line was written, the currency and the cost in cents (seconds x rate
-- / 60, rounded half up), and the call's outcome and direction, so the agent
-- page's figures and the CSV totals never read the calls. A buyer's delete and
-- the retention worker erase a call's content, never its line: call_deleted
-- only says the call's content is gone, so the page can say how many deleted
-- calls its figures count. A later report corrects a line only while its month
-- is open (store.UsageOpenFrom).

-- +goose Up
CREATE TABLE usage_lines (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id         TEXT NOT NULL REFERENCES orders (id),
    vapi_call_id     TEXT NOT NULL UNIQUE REFERENCES calls (vapi_call_id),
    started_at       TEXT NOT NULL,
    seconds          INTEGER NOT NULL CHECK (seconds >= 0),
    per_minute_cents INTEGER NOT NULL CHECK (per_minute_cents >= 0),
    currency         TEXT NOT NULL,
    cost_cents       INTEGER NOT NULL CHECK (cost_cents >= 0),
    outcome          TEXT NOT NULL CHECK (outcome IN ('answered', 'missed', 'failed')),
    direction        TEXT NOT NULL CHECK (direction IN ('inbound', 'outbound', 'web')),
    call_deleted     INTEGER NOT NULL DEFAULT 0 CHECK (call_deleted IN (0, 1)),
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL
);
-- An agent page's month and 30 days, and an order's totals, from the index alone.
CREATE INDEX usage_lines_order ON usage_lines (order_id, started_at, outcome, seconds, per_minute_cents, cost_cents, call_deleted);

-- Today's calls get their lines at their order's current rate, so the figures
-- a buyer sees do not change on upgrade. Calls deleted before this migration
-- had already left their order and its figures; they get none.
INSERT INTO usage_lines (order_id, vapi_call_id, started_at, seconds, per_minute_cents, currency, cost_cents, outcome, direction,
    created_at, updated_at)
SELECT c.order_id, c.vapi_call_id, c.started_at, c.duration_seconds, o.per_minute_cents, o.currency,
    (c.duration_seconds * o.per_minute_cents + 30) / 60, c.outcome, c.type,
    strftime('%Y-%m-%dT%H:%M:%f000Z', 'now'), strftime('%Y-%m-%dT%H:%M:%f000Z', 'now')
FROM calls c JOIN orders o ON o.id = c.order_id
WHERE c.outcome <> 'pending' AND c.deleted = 0;

-- +goose Down
DROP TABLE usage_lines;
