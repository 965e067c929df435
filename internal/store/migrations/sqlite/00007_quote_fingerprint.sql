-- Exactly once (issue 13): a visitor who presses Send twice before the page's
-- script has taken over, or whose browser resends the form, posts the same
-- request again. Each request keeps a fingerprint of what the visitor wrote
-- (internal/quote); a second request with the same fingerprint shortly after
-- the first is answered with the first one and stored nowhere. '' for
-- requests stored before this migration and for imported ones.

-- +goose Up
ALTER TABLE quote_requests ADD COLUMN fingerprint TEXT NOT NULL DEFAULT '';
CREATE INDEX quote_requests_fingerprint ON quote_requests (fingerprint, submitted_at) WHERE fingerprint <> '';

-- +goose Down
DROP INDEX quote_requests_fingerprint;
ALTER TABLE quote_requests DROP COLUMN fingerprint;
