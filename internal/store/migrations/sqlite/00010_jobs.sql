-- One typed job table for every background effect (issue 19 §2). It
-- replaces the outbox: an email is now a job of kind 'mail' whose payload
-- is {"kind", "to", "locale", "data"} (data being the outbox's payload), and
-- the hourly clean-up, the call retention and the Vapi backfill are jobs too.
--
-- state: pending (waiting for run_at), running (claimed; locked_until is the
-- lease, after which another worker may claim it again), done, failed (no
-- attempts left, or an error retrying cannot fix), cancelled (by staff).
-- attempts counts claims. unique_key, when set, stops doubles: a second job
-- with the key of a pending or running one is not inserted (jobs_unique);
-- periodic jobs also look for a finished one (jobs_key).
--
-- The outbox's rows move over with their id and created_at, so every
-- email's Message-ID (derived from both) stays what it was.

-- +goose Up
CREATE TABLE jobs (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    kind         TEXT NOT NULL,
    payload      TEXT NOT NULL DEFAULT '{}',
    state        TEXT NOT NULL DEFAULT 'pending'
                 CHECK (state IN ('pending', 'running', 'done', 'failed', 'cancelled')),
    attempts     INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    run_at       TEXT NOT NULL,
    locked_until TEXT,
    last_error   TEXT,
    unique_key   TEXT,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL
);
-- Only unfinished jobs are scanned for due work.
CREATE INDEX jobs_due ON jobs (run_at) WHERE state IN ('pending', 'running');
CREATE UNIQUE INDEX jobs_unique ON jobs (unique_key) WHERE unique_key IS NOT NULL AND state IN ('pending', 'running');
CREATE INDEX jobs_key ON jobs (unique_key) WHERE unique_key IS NOT NULL;
CREATE INDEX jobs_state ON jobs (state, id);

INSERT INTO jobs (id, kind, payload, state, attempts, run_at, locked_until, last_error, created_at, updated_at)
SELECT id, 'mail',
       json_object('kind', kind, 'to', recipient, 'locale', locale,
                   'data', CASE WHEN json_valid(payload) THEN json(payload) ELSE payload END),
       CASE WHEN sent_at IS NOT NULL THEN 'done'
            WHEN failed_at IS NOT NULL THEN 'failed'
            WHEN locked_until IS NOT NULL THEN 'running'
            ELSE 'pending' END,
       attempts, next_attempt_at, locked_until, last_error, created_at,
       COALESCE(sent_at, failed_at, created_at)
FROM outbox;
DROP TABLE outbox;

-- +goose Down
CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    kind            TEXT NOT NULL,
    recipient       TEXT NOT NULL,
    locale          TEXT NOT NULL DEFAULT 'en',
    payload         TEXT NOT NULL DEFAULT '{}',
    attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    created_at      TEXT NOT NULL,
    next_attempt_at TEXT NOT NULL,
    locked_until    TEXT,
    sent_at         TEXT,
    failed_at       TEXT,
    last_error      TEXT
);
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
INSERT INTO outbox (id, kind, recipient, locale, payload, attempts, created_at, next_attempt_at,
                    locked_until, sent_at, failed_at, last_error)
SELECT id, json_extract(payload, '$.kind'), json_extract(payload, '$.to'), json_extract(payload, '$.locale'),
       json_extract(payload, '$.data'),
       attempts, created_at, run_at,
       CASE WHEN state = 'running' THEN locked_until END,
       CASE WHEN state = 'done' THEN updated_at END,
       CASE WHEN state IN ('failed', 'cancelled') THEN updated_at END,
       last_error
FROM jobs WHERE kind = 'mail';
DROP TABLE jobs;
