-- Calls (issue 11): every call an agent makes or takes, as Vapi reports it
-- (end-of-call-report, status-update, the list-calls API).
--
-- An order may carry the Vapi assistant id of the agent delivered for it
-- (unique when set) and the per-minute rate its buyer pays, in the order's
-- currency.

-- +goose Up
ALTER TABLE orders ADD COLUMN assistant_id text;
ALTER TABLE orders ADD COLUMN per_minute_cents integer NOT NULL DEFAULT 10
    CONSTRAINT orders_per_minute_cents CHECK (per_minute_cents >= 0);
CREATE UNIQUE INDEX orders_assistant ON orders (assistant_id) WHERE assistant_id IS NOT NULL;

-- started_at is the best known start: Vapi's startedAt, else when the call
-- was created or first heard of; lists are read by it, newest first.
-- outcome is derived by the application (store.Outcome) whenever a row is
-- written. A call the buyer deleted keeps only its Vapi id and deleted = 1,
-- detached from its order, so a retried report or the backfill never brings
-- it back.
CREATE TABLE calls (
    id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    vapi_call_id       text NOT NULL UNIQUE,
    assistant_id       text NOT NULL DEFAULT '',
    order_id           uuid REFERENCES orders (id) ON DELETE SET NULL,
    type               text NOT NULL DEFAULT 'web' CONSTRAINT calls_type CHECK (type IN ('inbound', 'outbound', 'web')),
    customer_number    text NOT NULL DEFAULT '',
    started_at         timestamptz NOT NULL,
    ended_at           timestamptz,
    duration_seconds   integer NOT NULL DEFAULT 0 CONSTRAINT calls_duration CHECK (duration_seconds >= 0),
    ended_reason       text NOT NULL DEFAULT '',
    cost               double precision NOT NULL DEFAULT 0,
    summary            text NOT NULL DEFAULT '',
    success_evaluation text NOT NULL DEFAULT '',
    transcript         text NOT NULL DEFAULT '[]',
    recording_url      text NOT NULL DEFAULT '',
    status             text NOT NULL DEFAULT 'queued',
    outcome            text NOT NULL DEFAULT 'missed'
        CONSTRAINT calls_outcome CHECK (outcome IN ('answered', 'missed', 'failed', 'pending')),
    report_received    integer NOT NULL DEFAULT 0 CONSTRAINT calls_report_received CHECK (report_received IN (0, 1)),
    deleted            integer NOT NULL DEFAULT 0 CONSTRAINT calls_deleted CHECK (deleted IN (0, 1)),
    created_at         timestamptz NOT NULL,
    updated_at         timestamptz NOT NULL
);
-- An agent's page: its list newest first, and the month's and 30 days'
-- figures read from the index alone (outcome and duration ride along).
CREATE INDEX calls_order ON calls (order_id, started_at DESC, id DESC) INCLUDE (outcome, duration_seconds) WHERE order_id IS NOT NULL;
CREATE INDEX calls_assistant ON calls (assistant_id);
-- The console: every call, and the unassigned ones, newest first; the
-- retention worker reads by age.
CREATE INDEX calls_started ON calls (started_at DESC, id DESC);
CREATE INDEX calls_unassigned ON calls (started_at DESC, id DESC) WHERE order_id IS NULL AND deleted = 0;

-- +goose Down
DROP TABLE calls;
DROP INDEX orders_assistant;
ALTER TABLE orders DROP COLUMN per_minute_cents;
ALTER TABLE orders DROP COLUMN assistant_id;
