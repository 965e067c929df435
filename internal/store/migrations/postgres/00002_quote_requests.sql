-- Quote requests sent through the /quote form. The visitor's IP address is
-- deliberately not stored. Optional fields are '' when left blank.

-- +goose Up
CREATE TABLE quote_requests (
    id            uuid PRIMARY KEY,
    full_name     text NOT NULL,
    company_name  text NOT NULL DEFAULT '',
    business_type text NOT NULL DEFAULT '',
    email         text NOT NULL,
    phone         text NOT NULL DEFAULT '',
    -- The language the agent should speak / the visitor prefers.
    language      text NOT NULL CHECK (language IN ('english', 'dutch')),
    description   text NOT NULL,
    -- The page language, used for the confirmation email.
    locale        text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'nl')),
    -- IANA zone reported by the browser; '' when unknown.
    time_zone     text NOT NULL DEFAULT '',
    -- Set when the visitor was signed in; kept (as NULL) if the account goes.
    user_id       uuid REFERENCES users (id) ON DELETE SET NULL,
    submitted_at  timestamptz NOT NULL
);
-- Serves ON DELETE SET NULL when a user is deleted; anonymous requests stay out.
CREATE INDEX quote_requests_user ON quote_requests (user_id) WHERE user_id IS NOT NULL;

-- +goose Down
DROP TABLE quote_requests;
