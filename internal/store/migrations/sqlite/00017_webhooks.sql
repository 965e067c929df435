-- Webhooks for the buyer's own tools (issue 21 §3). See internal/webhooks.
--
-- webhook_endpoints: a buyer's https endpoint. secret is the signing
-- secret ("whsec_" + base64 of 24 random bytes), stored as it is: the
-- server must have it to sign (HMAC), so hashing is not possible, and
-- the database is already the place every other secret of the site
-- (sessions' hashes aside) lives; it is shown to the buyer once.
-- events and order_ids are JSON arrays of strings; order_ids [] means
-- every agent of the buyer. enabled = 0 switches it off; disabled_reason
-- is '' (by the buyer) or 'failing' (switched off after failing for three
-- days). failing_since is the first failed attempt since the last success.
--
-- webhook_messages: one event for one endpoint; its id is the webhook-id
-- header, the same on every attempt. call_id is NULL for a test event;
-- the unique index makes a call's event go to an endpoint once, however
-- often its report is posted. payload is the body, built at the first
-- attempt ('' until then) and sent unchanged on every later one.
--
-- webhook_deliveries: each attempt (status 0 when no answer came), the
-- newest 100 per endpoint kept.

-- +goose Up
CREATE TABLE webhook_endpoints (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    url             TEXT NOT NULL,
    secret          TEXT NOT NULL,
    events          TEXT NOT NULL DEFAULT '[]',
    order_ids       TEXT NOT NULL DEFAULT '[]',
    enabled         INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
    disabled_reason TEXT NOT NULL DEFAULT '',
    failing_since   TEXT,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL
);
CREATE INDEX webhook_endpoints_user ON webhook_endpoints (user_id, created_at);

CREATE TABLE webhook_messages (
    id          TEXT PRIMARY KEY,
    endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    event       TEXT NOT NULL,
    call_id     INTEGER,
    payload     TEXT NOT NULL DEFAULT '',
    created_at  TEXT NOT NULL
);
CREATE UNIQUE INDEX webhook_messages_once ON webhook_messages (endpoint_id, event, call_id) WHERE call_id IS NOT NULL;

CREATE TABLE webhook_deliveries (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    message_id  TEXT NOT NULL REFERENCES webhook_messages (id) ON DELETE CASCADE,
    event       TEXT NOT NULL,
    attempt     INTEGER NOT NULL,
    status_code INTEGER NOT NULL DEFAULT 0,
    duration_ms INTEGER NOT NULL DEFAULT 0,
    error       TEXT NOT NULL DEFAULT '',
    created_at  TEXT NOT NULL
);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, id);
CREATE INDEX webhook_deliveries_message ON webhook_deliveries (message_id);

-- +goose Down
DROP TABLE webhook_deliveries;
DROP TABLE webhook_messages;
DROP TABLE webhook_endpoints;
