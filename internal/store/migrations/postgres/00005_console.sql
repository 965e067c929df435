-- The agency's console (issue 10): quote requests get a status, a source and
-- a version; staff write internal notes; one audit trail records every
-- change; orders get a currency, a version, an update time and the quote
-- they came from; the catalogue becomes bilingual and priced in a currency;
-- and an emailed link can be an invitation to set a first password.
--
-- Every list the console pages through is read newest first by keyset
-- (created, id), and each has an index in exactly that order, so a page
-- costs the same at the start of a list as deep inside it.

-- +goose Up
ALTER TABLE quote_requests ADD COLUMN status text NOT NULL DEFAULT 'new'
    CONSTRAINT quote_requests_status CHECK (status IN ('new', 'contacted', 'proposal_sent', 'won', 'lost'));
ALTER TABLE quote_requests ADD COLUMN source text NOT NULL DEFAULT 'form'
    CONSTRAINT quote_requests_source CHECK (source IN ('form', 'voice', 'personalized'));
ALTER TABLE quote_requests ADD COLUMN version integer NOT NULL DEFAULT 1 CONSTRAINT quote_requests_version CHECK (version >= 1);
-- What the inbox search looks in: name, email and company, case-folded by
-- the application and separated by line breaks, which a one-line search
-- never contains, so a match never spans two fields.
ALTER TABLE quote_requests ADD COLUMN search_text text NOT NULL DEFAULT '';
UPDATE quote_requests SET search_text = lower(full_name || chr(10) || email || chr(10) || company_name);
-- search_text rides along in the index, so a search walks the index in
-- page order and reads only the rows that match.
CREATE INDEX quote_requests_inbox ON quote_requests (submitted_at DESC, id DESC) INCLUDE (search_text);
CREATE INDEX quote_requests_status_inbox ON quote_requests (status, submitted_at DESC, id DESC) INCLUDE (search_text);
-- A search that matches few requests would read the whole table (75 ms for
-- 100,000 requests; see bench/console). A trigram index finds them directly.
-- pg_trgm ships with PostgreSQL and is a trusted extension, but a database
-- may still not allow it: then the index is left out and search scans, as
-- on SQLite. It goes in the public schema when it may (so that a schema
-- being dropped never takes it along), else in the current one.
-- +goose StatementBegin
DO $$
DECLARE
    ext_schema name;
BEGIN
    BEGIN
        CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
    EXCEPTION WHEN OTHERS THEN
        BEGIN
            CREATE EXTENSION IF NOT EXISTS pg_trgm;
        EXCEPTION WHEN OTHERS THEN
            RAISE NOTICE 'pg_trgm is not available (%): quote search reads the table', SQLERRM;
            RETURN;
        END;
    END;
    SELECT n.nspname INTO ext_schema
        FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
        WHERE e.extname = 'pg_trgm';
    EXECUTE format('CREATE INDEX quote_requests_search ON quote_requests USING gin (search_text %I.gin_trgm_ops)', ext_schema);
END
$$;
-- +goose StatementEnd

-- Internal notes on a quote request: append-only, never shown to the requester.
CREATE TABLE quote_notes (
    id         uuid PRIMARY KEY,
    quote_id   uuid NOT NULL REFERENCES quote_requests (id) ON DELETE CASCADE,
    author_id  uuid REFERENCES users (id) ON DELETE SET NULL,
    body       text NOT NULL,
    created_at timestamptz NOT NULL
);
CREATE INDEX quote_notes_quote ON quote_notes (quote_id, created_at, id);
CREATE INDEX quote_notes_author ON quote_notes (author_id) WHERE author_id IS NOT NULL;

-- The audit trail: one row per change of one field of one record. A NULL
-- from_value is the record's creation; a NULL actor is the system (a visitor's
-- request, a migration, the seed). Quote and order histories are read from here.
CREATE TABLE audit_log (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    entity_type text NOT NULL CHECK (entity_type IN ('quote', 'order', 'agent', 'user')),
    entity_id   uuid NOT NULL,
    field       text NOT NULL,
    from_value  text,
    to_value    text,
    actor_id    uuid REFERENCES users (id) ON DELETE SET NULL,
    at          timestamptz NOT NULL
);
CREATE INDEX audit_log_entity ON audit_log (entity_type, entity_id, id);
CREATE INDEX audit_log_actor ON audit_log (actor_id) WHERE actor_id IS NOT NULL;
-- Every existing request arrived as 'new'.
INSERT INTO audit_log (entity_type, entity_id, field, from_value, to_value, actor_id, at)
    SELECT 'quote', id, 'status', NULL, 'new', NULL, submitted_at FROM quote_requests;

-- Orders: ISO 4217 currency (the pricing page is in euros, so existing orders
-- are too), a version for optimistic concurrency, when they last changed,
-- and the quote request they were made from.
ALTER TABLE orders ADD COLUMN currency text NOT NULL DEFAULT 'EUR'
    CONSTRAINT orders_currency CHECK (currency ~ '^[A-Z]{3}$');
ALTER TABLE orders ADD COLUMN version integer NOT NULL DEFAULT 1 CONSTRAINT orders_version CHECK (version >= 1);
ALTER TABLE orders ADD COLUMN updated_at timestamptz;
UPDATE orders SET updated_at = created_at;
ALTER TABLE orders ALTER COLUMN updated_at SET NOT NULL;
ALTER TABLE orders ADD COLUMN quote_id uuid REFERENCES quote_requests (id) ON DELETE SET NULL;
CREATE INDEX orders_created ON orders (created_at DESC, id DESC);
CREATE INDEX orders_status_created ON orders (status, created_at DESC, id DESC);
CREATE INDEX orders_quote ON orders (quote_id) WHERE quote_id IS NOT NULL;

-- The catalogue in English and Dutch. An empty Dutch text falls back to the
-- English one.
ALTER TABLE voice_agents RENAME COLUMN name TO name_en;
ALTER TABLE voice_agents RENAME COLUMN title TO title_en;
ALTER TABLE voice_agents RENAME COLUMN description TO description_en;
ALTER TABLE voice_agents ADD COLUMN name_nl text NOT NULL DEFAULT '';
ALTER TABLE voice_agents ADD COLUMN title_nl text NOT NULL DEFAULT '';
ALTER TABLE voice_agents ADD COLUMN description_nl text NOT NULL DEFAULT '';
ALTER TABLE voice_agents ADD COLUMN currency text NOT NULL DEFAULT 'EUR'
    CONSTRAINT voice_agents_currency CHECK (currency ~ '^[A-Z]{3}$');
ALTER TABLE voice_agents ADD COLUMN version integer NOT NULL DEFAULT 1 CONSTRAINT voice_agents_version CHECK (version >= 1);

-- The console's list of accounts, newest first.
CREATE INDEX users_created ON users (created_at DESC, id DESC);

-- Invitation links ('invite'): an account the agency created for a buyer
-- sets its first password through one.
ALTER TABLE email_tokens DROP CONSTRAINT email_tokens_purpose_check;
ALTER TABLE email_tokens ADD CONSTRAINT email_tokens_purpose_check CHECK (purpose IN ('verify', 'reset', 'invite'));

-- +goose Down
DELETE FROM email_tokens WHERE purpose = 'invite';
ALTER TABLE email_tokens DROP CONSTRAINT email_tokens_purpose_check;
ALTER TABLE email_tokens ADD CONSTRAINT email_tokens_purpose_check CHECK (purpose IN ('verify', 'reset'));

DROP INDEX users_created;

ALTER TABLE voice_agents DROP COLUMN version;
ALTER TABLE voice_agents DROP COLUMN currency;
ALTER TABLE voice_agents DROP COLUMN description_nl;
ALTER TABLE voice_agents DROP COLUMN title_nl;
ALTER TABLE voice_agents DROP COLUMN name_nl;
ALTER TABLE voice_agents RENAME COLUMN description_en TO description;
ALTER TABLE voice_agents RENAME COLUMN title_en TO title;
ALTER TABLE voice_agents RENAME COLUMN name_en TO name;

DROP INDEX orders_quote;
DROP INDEX orders_status_created;
DROP INDEX orders_created;
ALTER TABLE orders DROP COLUMN quote_id;
ALTER TABLE orders DROP COLUMN updated_at;
ALTER TABLE orders DROP COLUMN version;
ALTER TABLE orders DROP COLUMN currency;

DROP TABLE audit_log;
DROP TABLE quote_notes;

DROP INDEX IF EXISTS quote_requests_search;
DROP INDEX quote_requests_status_inbox;
DROP INDEX quote_requests_inbox;
ALTER TABLE quote_requests DROP COLUMN search_text;
ALTER TABLE quote_requests DROP COLUMN version;
ALTER TABLE quote_requests DROP COLUMN source;
ALTER TABLE quote_requests DROP COLUMN status;
