-- The buyer steers their agent (issue 23 §1–2): the settings of an order's
-- agent with change requests, versions and delivery to Vapi. See the
-- PostgreSQL migration of the same number for the settings JSON.

-- +goose Up
CREATE TABLE agent_settings (
    order_id        TEXT PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    version         integer NOT NULL CHECK (version >= 1),
    settings        text NOT NULL,
    -- Delivery of the current version to the order's Vapi assistant:
    -- live (delivered, or nothing to deliver to), sending (queued or
    -- retrying) or failed (gave up; push_error says why, for staff only).
    push_status     text NOT NULL DEFAULT 'live' CHECK (push_status IN ('live', 'sending', 'failed')),
    push_error      text NOT NULL DEFAULT '',
    push_attempts   integer NOT NULL DEFAULT 0,
    pushed_version  integer NOT NULL DEFAULT 0,
    push_updated_at TEXT,
    updated_at      TEXT NOT NULL
);

CREATE TABLE agent_settings_versions (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id   TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    number     integer NOT NULL CHECK (number >= 1),
    settings   text NOT NULL,
    -- how it came about: approved (a buyer's change), staff (a direct
    -- edit), rollback (a copy of version rolled_back_to) or seed
    source     text NOT NULL CHECK (source IN ('approved', 'staff', 'rollback', 'seed')),
    change_id  TEXT,
    rolled_back_to integer,
    changed    text NOT NULL DEFAULT '[]', -- JSON list of the fields that changed
    author_id  TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX agent_settings_versions_number ON agent_settings_versions (order_id, number);

CREATE TABLE agent_settings_changes (
    id           TEXT PRIMARY KEY,
    order_id     TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    status       text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
    settings     text NOT NULL,
    base_version integer NOT NULL,
    changed      text NOT NULL DEFAULT '[]',
    requested_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    requested_at TEXT NOT NULL,
    decided_by   TEXT REFERENCES users (id) ON DELETE SET NULL,
    decided_at   TEXT,
    note         text NOT NULL DEFAULT '',
    version      integer -- the version an approval made
);
-- One pending change per order: a buyer's new save replaces it.
CREATE UNIQUE INDEX agent_settings_changes_pending ON agent_settings_changes (order_id) WHERE status = 'pending';
CREATE INDEX agent_settings_changes_list ON agent_settings_changes (status, requested_at DESC);
CREATE INDEX agent_settings_changes_order ON agent_settings_changes (order_id, requested_at DESC);

-- +goose Down
DROP TABLE agent_settings_changes;
DROP TABLE agent_settings_versions;
DROP TABLE agent_settings;
