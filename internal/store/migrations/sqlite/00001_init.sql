-- Times are TEXT in one fixed UTC format (2006-01-02T15:04:05.000000Z) so
-- that plain string comparison orders them; the Go side does all conversion.

-- +goose Up
CREATE TABLE users (
    id                TEXT PRIMARY KEY,
    email             TEXT NOT NULL UNIQUE,
    password_hash     TEXT NOT NULL,
    locale            TEXT NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'nl')),
    email_verified_at TEXT,
    created_at        TEXT NOT NULL
);

CREATE TABLE profiles (
    id        TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    full_name TEXT NOT NULL DEFAULT ''
);

CREATE TABLE sessions (
    token_hash   BLOB PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    expires_at   TEXT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE email_tokens (
    hash       BLOB PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL CHECK (purpose IN ('verify', 'reset')),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT
);
CREATE INDEX email_tokens_user ON email_tokens (user_id);

CREATE TABLE rate_limits (
    key        TEXT PRIMARY KEY,
    count      INTEGER NOT NULL,
    window_end TEXT NOT NULL
);

CREATE TABLE voice_agents (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    title         TEXT NOT NULL,
    description   TEXT NOT NULL DEFAULT '',
    delivery_time INTEGER NOT NULL CHECK (delivery_time >= 0),
    price_cents   BIGINT NOT NULL CHECK (price_cents >= 0)
);

-- Orders are business records: deleting a buyer or agent that has orders is
-- refused rather than silently erasing history.
CREATE TABLE orders (
    id           TEXT PRIMARY KEY,
    buyer_id     TEXT NOT NULL REFERENCES users (id),
    agent_id     TEXT NOT NULL REFERENCES voice_agents (id),
    status       TEXT NOT NULL,
    amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
    created_at   TEXT NOT NULL
);
-- id is included so the index yields the full "newest first" order without a sort step.
CREATE INDEX orders_buyer_created ON orders (buyer_id, created_at DESC, id DESC);
CREATE INDEX orders_agent ON orders (agent_id);

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
-- Only pending mail is ever scanned for due work; sent/failed rows stay out of the index.
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;

-- +goose Down
DROP TABLE outbox;
DROP TABLE orders;
DROP TABLE voice_agents;
DROP TABLE rate_limits;
DROP TABLE email_tokens;
DROP TABLE sessions;
DROP TABLE profiles;
DROP TABLE users;
