-- Privacy duties (issue 23 §3): each call's recording consent as Vapi
-- reports it (compliance.recordingConsent: given, not_given, or unknown
-- when the agent asks none); each company's retention choice ('' the
-- default, CALL_RETENTION_DAYS; '30', '90', '365' days; 'none': no
-- recording link is stored, the rest kept 90 days); and the audit of
-- callers' requests (AVG art. 15 export, art. 17 erasure): who, when,
-- which number (masked as staff lists mask it), how many calls.

-- +goose Up
ALTER TABLE calls ADD COLUMN recording_consent TEXT NOT NULL DEFAULT 'unknown'
    CHECK (recording_consent IN ('given', 'not_given', 'unknown'));
ALTER TABLE companies ADD COLUMN call_retention TEXT NOT NULL DEFAULT ''
    CHECK (call_retention IN ('', '30', '90', '365', 'none'));
CREATE TABLE caller_requests (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id      TEXT NOT NULL REFERENCES orders (id),
    actor_id      TEXT REFERENCES users (id) ON DELETE SET NULL,
    kind          TEXT NOT NULL CHECK (kind IN ('export', 'erase')),
    number_masked TEXT NOT NULL,
    calls         INTEGER NOT NULL,
    at            TEXT NOT NULL
);
CREATE INDEX caller_requests_order ON caller_requests (order_id, id);

-- +goose Down
DROP TABLE caller_requests;
ALTER TABLE companies DROP COLUMN call_retention;
ALTER TABLE calls DROP COLUMN recording_consent;
