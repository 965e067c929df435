-- Processor agreement (issue 23 §3); see the SQLite migration of the same
-- number.

-- +goose Up
CREATE TABLE dpa_acceptances (
    id             bigserial PRIMARY KEY,
    user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    company_id     uuid REFERENCES companies (id) ON DELETE SET NULL,
    version        integer NOT NULL CHECK (version > 0),
    accepted_name  text NOT NULL,
    accepted_email text NOT NULL,
    accepted_at    timestamptz NOT NULL,
    UNIQUE (user_id, version)
);
CREATE INDEX dpa_acceptances_company ON dpa_acceptances (company_id, version) WHERE company_id IS NOT NULL;

-- +goose Down
DROP TABLE dpa_acceptances;
