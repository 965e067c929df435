-- Roles: every account is a buyer unless the agency made it staff (who run
-- the console). The CHECK keeps a typo from granting or hiding access.

-- +goose Up
ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'buyer' CHECK (role IN ('buyer', 'staff'));

-- +goose Down
ALTER TABLE users DROP COLUMN role;
