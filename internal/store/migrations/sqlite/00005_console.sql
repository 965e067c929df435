-- The agency's console (issue 10): quote requests get a status, a source and
-- a version; staff write internal notes; one audit trail records every
-- change; orders get a currency, a version, an update time and the quote
-- they came from; the catalogue becomes bilingual and priced in a currency;
-- and an emailed link can be an invitation to set a first password. Times
-- are TEXT in the fixed UTC format described in 00001_init.sql.
--
-- Every list the console pages through is read newest first by keyset
-- (created, id), and each has an index in exactly that order, so a page
-- costs the same at the start of a list as deep inside it.

-- +goose Up
ALTER TABLE quote_requests ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
    CHECK (status IN ('new', 'contacted', 'proposal_sent', 'won', 'lost'));
ALTER TABLE quote_requests ADD COLUMN source TEXT NOT NULL DEFAULT 'form'
    CHECK (source IN ('form', 'voice', 'personalized'));
ALTER TABLE quote_requests ADD COLUMN version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1);
-- What the inbox search looks in: name, email and company, case-folded by
-- the application and separated by line breaks, which a one-line search
-- never contains, so a match never spans two fields. fold() is the
-- application's Unicode-aware case folding, which the store registers with
-- SQLite (whose own lower() folds ASCII only).
ALTER TABLE quote_requests ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
UPDATE quote_requests SET search_text = fold(full_name || char(10) || email || char(10) || company_name);
-- search_text rides along in the index, so a search walks the index in
-- page order and reads only the rows that match.
CREATE INDEX quote_requests_inbox ON quote_requests (submitted_at DESC, id DESC, search_text);
CREATE INDEX quote_requests_status_inbox ON quote_requests (status, submitted_at DESC, id DESC, search_text);

-- Internal notes on a quote request: append-only, never shown to the requester.
CREATE TABLE quote_notes (
    id         TEXT PRIMARY KEY,
    quote_id   TEXT NOT NULL REFERENCES quote_requests (id) ON DELETE CASCADE,
    author_id  TEXT REFERENCES users (id) ON DELETE SET NULL,
    body       TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX quote_notes_quote ON quote_notes (quote_id, created_at, id);
CREATE INDEX quote_notes_author ON quote_notes (author_id) WHERE author_id IS NOT NULL;

-- The audit trail: one row per change of one field of one record. A NULL
-- from_value is the record's creation; a NULL actor is the system (a visitor's
-- request, a migration, the seed). Quote and order histories are read from here.
CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    entity_type TEXT NOT NULL CHECK (entity_type IN ('quote', 'order', 'agent', 'user')),
    entity_id   TEXT NOT NULL,
    field       TEXT NOT NULL,
    from_value  TEXT,
    to_value    TEXT,
    actor_id    TEXT REFERENCES users (id) ON DELETE SET NULL,
    at          TEXT NOT NULL
);
CREATE INDEX audit_log_entity ON audit_log (entity_type, entity_id, id);
CREATE INDEX audit_log_actor ON audit_log (actor_id) WHERE actor_id IS NOT NULL;
-- Every existing request arrived as 'new'.
INSERT INTO audit_log (entity_type, entity_id, field, from_value, to_value, actor_id, at)
    SELECT 'quote', id, 'status', NULL, 'new', NULL, submitted_at FROM quote_requests;

-- Orders: ISO 4217 currency (the pricing page is in euros, so existing orders
-- are too), a version for optimistic concurrency, when they last changed,
-- and the quote request they were made from.
ALTER TABLE orders ADD COLUMN currency TEXT NOT NULL DEFAULT 'EUR'
    CHECK (length(currency) = 3 AND currency = upper(currency));
ALTER TABLE orders ADD COLUMN version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1);
-- SQLite cannot add a NOT NULL column without a default; every row gets its
-- creation time here, and the application always writes one.
ALTER TABLE orders ADD COLUMN updated_at TEXT NOT NULL DEFAULT '';
UPDATE orders SET updated_at = created_at;
ALTER TABLE orders ADD COLUMN quote_id TEXT REFERENCES quote_requests (id) ON DELETE SET NULL;
CREATE INDEX orders_created ON orders (created_at DESC, id DESC);
CREATE INDEX orders_status_created ON orders (status, created_at DESC, id DESC);
CREATE INDEX orders_quote ON orders (quote_id) WHERE quote_id IS NOT NULL;

-- The catalogue in English and Dutch. An empty Dutch text falls back to the
-- English one.
ALTER TABLE voice_agents RENAME COLUMN name TO name_en;
ALTER TABLE voice_agents RENAME COLUMN title TO title_en;
ALTER TABLE voice_agents RENAME COLUMN description TO description_en;
ALTER TABLE voice_agents ADD COLUMN name_nl TEXT NOT NULL DEFAULT '';
ALTER TABLE voice_agents ADD COLUMN title_nl TEXT NOT NULL DEFAULT '';
ALTER TABLE voice_agents ADD COLUMN description_nl TEXT NOT NULL DEFAULT '';
ALTER TABLE voice_agents ADD COLUMN currency TEXT NOT NULL DEFAULT 'EUR'
    CHECK (length(currency) = 3 AND currency = upper(currency));
ALTER TABLE voice_agents ADD COLUMN version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1);

-- The console's list of accounts, newest first.
CREATE INDEX users_created ON users (created_at DESC, id DESC);

-- Invitation links ('invite'): an account the agency created for a buyer
-- sets its first password through one. SQLite cannot change a CHECK
-- constraint, so the table is rebuilt with the same rows.
CREATE TABLE email_tokens_new (
    hash       BLOB PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL CHECK (purpose IN ('verify', 'reset', 'invite')),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT,
    signup_id  TEXT
);
INSERT INTO email_tokens_new (hash, user_id, purpose, created_at, expires_at, used_at, signup_id)
    SELECT hash, user_id, purpose, created_at, expires_at, used_at, signup_id FROM email_tokens;
DROP TABLE email_tokens;
ALTER TABLE email_tokens_new RENAME TO email_tokens;
CREATE INDEX email_tokens_user ON email_tokens (user_id);

-- +goose Down
CREATE TABLE email_tokens_old (
    hash       BLOB PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL CHECK (purpose IN ('verify', 'reset')),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT,
    signup_id  TEXT
);
INSERT INTO email_tokens_old (hash, user_id, purpose, created_at, expires_at, used_at, signup_id)
    SELECT hash, user_id, purpose, created_at, expires_at, used_at, signup_id FROM email_tokens
    WHERE purpose <> 'invite';
DROP TABLE email_tokens;
ALTER TABLE email_tokens_old RENAME TO email_tokens;
CREATE INDEX email_tokens_user ON email_tokens (user_id);

DROP INDEX users_created;

ALTER TABLE voice_agents DROP COLUMN version;
ALTER TABLE voice_agents DROP COLUMN currency;
ALTER TABLE voice_agents DROP COLUMN description_nl;
ALTER TABLE voice_agents DROP COLUMN title_nl;
ALTER TABLE voice_agents DROP COLUMN name_nl;
ALTER TABLE voice_agents RENAME COLUMN description_en TO description;
ALTER TABLE voice_agents RENAME COLUMN title_en TO title;
ALTER TABLE voice_agents RENAME COLUMN name_en TO name;

-- quote_id carries a foreign key, which SQLite cannot drop: the table is
-- rebuilt in its old shape.
DROP INDEX orders_quote;
DROP INDEX orders_status_created;
DROP INDEX orders_created;
CREATE TABLE orders_old (
    id           TEXT PRIMARY KEY,
    buyer_id     TEXT NOT NULL REFERENCES users (id),
    agent_id     TEXT NOT NULL REFERENCES voice_agents (id),
    status       TEXT NOT NULL,
    amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
    created_at   TEXT NOT NULL
);
INSERT INTO orders_old (id, buyer_id, agent_id, status, amount_cents, created_at)
    SELECT id, buyer_id, agent_id, status, amount_cents, created_at FROM orders;
DROP TABLE orders;
ALTER TABLE orders_old RENAME TO orders;
CREATE INDEX orders_buyer_created ON orders (buyer_id, created_at DESC, id DESC);
CREATE INDEX orders_agent ON orders (agent_id);

DROP TABLE audit_log;
DROP TABLE quote_notes;

DROP INDEX quote_requests_status_inbox;
DROP INDEX quote_requests_inbox;
ALTER TABLE quote_requests DROP COLUMN search_text;
ALTER TABLE quote_requests DROP COLUMN version;
ALTER TABLE quote_requests DROP COLUMN source;
ALTER TABLE quote_requests DROP COLUMN status;
