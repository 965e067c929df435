-- Quote requests sent through the /quote form. The visitor's IP address is
-- deliberately not stored. Optional fields are '' when left blank. Times are
-- TEXT in the fixed UTC format described in 00001_init.sql.

-- +goose Up
CREATE TABLE quote_requests (
    id            TEXT PRIMARY KEY,
    full_name     TEXT NOT NULL,
    company_name  TEXT NOT NULL DEFAULT '',
    business_type TEXT NOT NULL DEFAULT '',
    email         TEXT NOT NULL,
    phone         TEXT NOT NULL DEFAULT '',
    -- The language the agent should speak / the visitor prefers.
    language      TEXT NOT NULL CHECK (language IN ('english', 'dutch')),
    description   TEXT NOT NULL,
    -- The page language, used for the confirmation email.
    locale        TEXT NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'nl')),
    -- IANA zone reported by the browser; '' when unknown.
    time_zone     TEXT NOT NULL DEFAULT '',
    -- Set when the visitor was signed in; kept (as NULL) if the account goes.
    user_id       TEXT REFERENCES users (id) ON DELETE SET NULL,
    submitted_at  TEXT NOT NULL
);
-- Serves ON DELETE SET NULL when a user is deleted; anonymous requests stay out.
CREATE INDEX quote_requests_user ON quote_requests (user_id) WHERE user_id IS NOT NULL;

-- +goose Down
DROP TABLE quote_requests;
