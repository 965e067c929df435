-- Processor agreement (issue 23 §3): a buyer accepts the agency's
-- verwerkersovereenkomst (internal/dpa) before their first agent goes
-- live, and again for every new version.
--
-- dpa_acceptances: one row per buyer account and version of the agreement
-- they accepted. company_id is the company the account belonged to then
-- (NULL before it had company details), so a colleague's acceptance covers
-- the company's orders too; accepted_name and accepted_email are who
-- accepted, as they were named then (the PDF copy names them). version is
-- the agreement's version number (dpa.Current). A row is never changed:
-- a new version is a new row; rows go with the account.

-- +goose Up
CREATE TABLE dpa_acceptances (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id        TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    company_id     TEXT REFERENCES companies (id) ON DELETE SET NULL,
    version        INTEGER NOT NULL CHECK (version > 0),
    accepted_name  TEXT NOT NULL,
    accepted_email TEXT NOT NULL,
    accepted_at    TEXT NOT NULL,
    UNIQUE (user_id, version)
);
CREATE INDEX dpa_acceptances_company ON dpa_acceptances (company_id, version) WHERE company_id IS NOT NULL;

-- +goose Down
DROP TABLE dpa_acceptances;
