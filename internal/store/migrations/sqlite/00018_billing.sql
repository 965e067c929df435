-- Billing (issue 22): the company a buyer is billed as, the order's fees,
-- and invoices that never change once issued. See internal/billing.
--
-- companies: the legal entity invoices are addressed to. A buyer account
-- belongs to at most one (users.company_id); colleagues can join it later.
-- country is ISO 3166-1 alpha-2 (upper case); kvk is the 8-digit Dutch
-- Chamber of Commerce number ('' outside the Netherlands); vat_id is the
-- normalised VAT id (upper case, no spaces or dots; '' when none).
--
-- orders: company_id is the company the order is billed to (set from the
-- buyer's company; NULL until the buyer has one); monthly_cents is the
-- monthly maintenance fee staff set; amount_cents stays the setup fee;
-- live_at is when the order first became completed (its agent went live),
-- ended_at when a live order was cancelled or refunded: the first and last
-- month of the monthly fee, pro rata by day.
--
-- invoices: one issued invoice or credit note (kind). number is
-- 'YYYY-NNNN' from invoice_counters, gapless per calendar year of
-- issued_on (Europe/Amsterdam); credit notes take the same series and name
-- the invoice they correct (corrects_id). The seller_* and buyer_*
-- columns are the parties as they were when it was issued, so a later
-- change of the company or the config never changes an issued invoice.
-- Amounts are integer cents of currency; a credit note's are negative.
-- vat_treatment is 'standard' (Dutch VAT) or 'reverse_charge' (an EU
-- business outside the Netherlands with a VAT id). paid_at / paid_via
-- ('staff' | 'mollie') are the only columns that change after issue,
-- with version; reminder_sent_at marks the one overdue reminder.
-- Invoices are kept 7 years: no foreign key cascades onto them, and
-- order_id on a line is plain text, so no delete of an order, call or
-- account can take one with it.
--
-- invoice_lines: the lines as issued. kind is setup | monthly | usage |
-- credit. quantity is a decimal string as printed and sent in the UBL
-- (e.g. '36750' seconds, '17' days, '1'); unit is the UN/ECE rec 20 code
-- (SEC second, DAY, C62 one); base_quantity is the quantity the unit
-- price is for (60 seconds for a per-minute rate, the month's days for a
-- monthly fee, 1 otherwise). net_cents is quantity × unit price /
-- base quantity rounded half up; vat_cents is net_cents × vat_rate_bp /
-- 10000 rounded half up (per line).
--
-- invoice_payments: a payment link at the provider (Mollie) for an
-- invoice; the webhook names the payment, the server fetches its status.

-- +goose Up
CREATE TABLE companies (
    id            TEXT PRIMARY KEY,
    legal_name    TEXT NOT NULL,
    street        TEXT NOT NULL,
    postcode      TEXT NOT NULL,
    city          TEXT NOT NULL,
    country       TEXT NOT NULL,
    kvk           TEXT NOT NULL DEFAULT '',
    vat_id        TEXT NOT NULL DEFAULT '',
    invoice_email TEXT NOT NULL,
    version       INTEGER NOT NULL DEFAULT 1,
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
);

ALTER TABLE users ADD COLUMN company_id TEXT REFERENCES companies (id);
CREATE INDEX users_company ON users (company_id);

ALTER TABLE orders ADD COLUMN company_id TEXT REFERENCES companies (id);
ALTER TABLE orders ADD COLUMN monthly_cents INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN live_at TEXT;
ALTER TABLE orders ADD COLUMN ended_at TEXT;
CREATE INDEX orders_company ON orders (company_id);
UPDATE orders SET live_at = updated_at WHERE status = 'completed';

CREATE TABLE invoice_counters (
    year     INTEGER PRIMARY KEY,
    last_seq INTEGER NOT NULL
);

CREATE TABLE invoices (
    id               TEXT PRIMARY KEY,
    number           TEXT NOT NULL UNIQUE,
    year             INTEGER NOT NULL,
    seq              INTEGER NOT NULL,
    kind             TEXT NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
    corrects_id      TEXT REFERENCES invoices (id),
    reason           TEXT NOT NULL DEFAULT '',
    company_id       TEXT NOT NULL REFERENCES companies (id),
    period           TEXT NOT NULL,
    issued_on        TEXT NOT NULL,
    due_on           TEXT NOT NULL,
    currency         TEXT NOT NULL,
    locale           TEXT NOT NULL CHECK (locale IN ('en', 'nl')),
    vat_treatment    TEXT NOT NULL CHECK (vat_treatment IN ('standard', 'reverse_charge')),
    subtotal_cents   INTEGER NOT NULL,
    vat_cents        INTEGER NOT NULL,
    total_cents      INTEGER NOT NULL,
    seller_name      TEXT NOT NULL,
    seller_street    TEXT NOT NULL,
    seller_postcode  TEXT NOT NULL,
    seller_city      TEXT NOT NULL,
    seller_country   TEXT NOT NULL,
    seller_kvk       TEXT NOT NULL,
    seller_vat_id    TEXT NOT NULL,
    seller_iban      TEXT NOT NULL,
    seller_email     TEXT NOT NULL DEFAULT '',
    buyer_name       TEXT NOT NULL,
    buyer_street     TEXT NOT NULL,
    buyer_postcode   TEXT NOT NULL,
    buyer_city       TEXT NOT NULL,
    buyer_country    TEXT NOT NULL,
    buyer_kvk        TEXT NOT NULL DEFAULT '',
    buyer_vat_id     TEXT NOT NULL DEFAULT '',
    buyer_email      TEXT NOT NULL,
    paid_at          TEXT,
    paid_via         TEXT NOT NULL DEFAULT '',
    reminder_sent_at TEXT,
    version          INTEGER NOT NULL DEFAULT 1,
    created_by       TEXT NOT NULL DEFAULT '',
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL,
    UNIQUE (year, seq)
);
CREATE INDEX invoices_company ON invoices (company_id, issued_on DESC, number DESC);
CREATE INDEX invoices_period ON invoices (period, company_id);
CREATE INDEX invoices_corrects ON invoices (corrects_id);

CREATE TABLE invoice_lines (
    invoice_id       TEXT NOT NULL REFERENCES invoices (id),
    position         INTEGER NOT NULL,
    kind             TEXT NOT NULL CHECK (kind IN ('setup', 'monthly', 'usage', 'credit')),
    order_id         TEXT NOT NULL DEFAULT '',
    description      TEXT NOT NULL,
    quantity         TEXT NOT NULL,
    unit             TEXT NOT NULL,
    base_quantity    TEXT NOT NULL DEFAULT '1',
    unit_price_cents INTEGER NOT NULL,
    net_cents        INTEGER NOT NULL,
    vat_rate_bp      INTEGER NOT NULL,
    vat_cents        INTEGER NOT NULL,
    PRIMARY KEY (invoice_id, position)
);

CREATE TABLE invoice_payments (
    id          TEXT PRIMARY KEY,
    invoice_id  TEXT NOT NULL REFERENCES invoices (id),
    provider    TEXT NOT NULL,
    checkout_url TEXT NOT NULL,
    status      TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
CREATE INDEX invoice_payments_invoice ON invoice_payments (invoice_id, created_at DESC);

-- +goose Down
DROP TABLE invoice_payments;
DROP TABLE invoice_lines;
DROP TABLE invoices;
DROP TABLE invoice_counters;
DROP INDEX orders_company;
ALTER TABLE orders DROP COLUMN ended_at;
ALTER TABLE orders DROP COLUMN live_at;
ALTER TABLE orders DROP COLUMN monthly_cents;
ALTER TABLE orders DROP COLUMN company_id;
DROP INDEX users_company;
ALTER TABLE users DROP COLUMN company_id;
DROP TABLE companies;
