-- +goose Up
CREATE TABLE users (
    id                uuid PRIMARY KEY,
    email             text NOT NULL UNIQUE,
    password_hash     text NOT NULL,
    locale            text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'nl')),
    email_verified_at timestamptz,
    created_at        timestamptz NOT NULL
);

CREATE TABLE profiles (
    id        uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    full_name text NOT NULL DEFAULT ''
);

CREATE TABLE sessions (
    token_hash   bytea PRIMARY KEY,
    user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   timestamptz NOT NULL,
    last_seen_at timestamptz NOT NULL,
    expires_at   timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE email_tokens (
    hash       bytea PRIMARY KEY,
    user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose    text NOT NULL CHECK (purpose IN ('verify', 'reset')),
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at    timestamptz
);
CREATE INDEX email_tokens_user ON email_tokens (user_id);

CREATE TABLE rate_limits (
    key        text PRIMARY KEY,
    count      integer NOT NULL,
    window_end timestamptz NOT NULL
);

CREATE TABLE voice_agents (
    id            uuid PRIMARY KEY,
    name          text NOT NULL,
    title         text NOT NULL,
    description   text NOT NULL DEFAULT '',
    delivery_time integer NOT NULL CHECK (delivery_time >= 0),
    price_cents   bigint NOT NULL CHECK (price_cents >= 0)
);

-- Orders are business records: deleting a buyer or agent that has orders is
-- refused rather than silently erasing history.
CREATE TABLE orders (
    id           uuid PRIMARY KEY,
    buyer_id     uuid NOT NULL REFERENCES users (id),
    agent_id     uuid NOT NULL REFERENCES voice_agents (id),
    status       text NOT NULL,
    amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
    created_at   timestamptz NOT NULL
);
-- id is included so the index yields the full "newest first" order without a sort step.
CREATE INDEX orders_buyer_created ON orders (buyer_id, created_at DESC, id DESC);
CREATE INDEX orders_agent ON orders (agent_id);

CREATE TABLE outbox (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind            text NOT NULL,
    recipient       text NOT NULL,
    locale          text NOT NULL DEFAULT 'en',
    payload         text NOT NULL DEFAULT '{}',
    attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    created_at      timestamptz NOT NULL,
    next_attempt_at timestamptz NOT NULL,
    locked_until    timestamptz,
    sent_at         timestamptz,
    failed_at       timestamptz,
    last_error      text
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
