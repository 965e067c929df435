-- Billing (issue 22); see the SQLite migration of the same number for what
-- each table and column means.

-- +goose Up
CREATE TABLE companies (
    id            uuid PRIMARY KEY,
    legal_name    text NOT NULL,
    street        text NOT NULL,
    postcode      text NOT NULL,
    city          text NOT NULL,
    country       text NOT NULL,
    kvk           text NOT NULL DEFAULT '',
    vat_id        text NOT NULL DEFAULT '',
    invoice_email text NOT NULL,
    version       integer NOT NULL DEFAULT 1,
    created_at    timestamptz NOT NULL,
    updated_at    timestamptz NOT NULL
);

ALTER TABLE users ADD COLUMN company_id uuid REFERENCES companies (id);
CREATE INDEX users_company ON users (company_id);

ALTER TABLE orders ADD COLUMN company_id uuid REFERENCES companies (id);
ALTER TABLE orders ADD COLUMN monthly_cents bigint NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN live_at timestamptz;
ALTER TABLE orders ADD COLUMN ended_at timestamptz;
CREATE INDEX orders_company ON orders (company_id);
UPDATE orders SET live_at = updated_at WHERE status = 'completed';

CREATE TABLE invoice_counters (
    year     integer PRIMARY KEY,
    last_seq integer NOT NULL
);

CREATE TABLE invoices (
    id               uuid PRIMARY KEY,
    number           text NOT NULL UNIQUE,
    year             integer NOT NULL,
    seq              integer NOT NULL,
    kind             text NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
    corrects_id      uuid REFERENCES invoices (id),
    reason           text NOT NULL DEFAULT '',
    company_id       uuid NOT NULL REFERENCES companies (id),
    period           text NOT NULL,
    issued_on        text NOT NULL,
    due_on           text NOT NULL,
    currency         text NOT NULL,
    locale           text NOT NULL CHECK (locale IN ('en', 'nl')),
    vat_treatment    text NOT NULL CHECK (vat_treatment IN ('standard', 'reverse_charge')),
    subtotal_cents   bigint NOT NULL,
    vat_cents        bigint NOT NULL,
    total_cents      bigint NOT NULL,
    seller_name      text NOT NULL,
    seller_street    text NOT NULL,
    seller_postcode  text NOT NULL,
    seller_city      text NOT NULL,
    seller_country   text NOT NULL,
    seller_kvk       text NOT NULL,
    seller_vat_id    text NOT NULL,
    seller_iban      text NOT NULL,
    seller_email     text NOT NULL DEFAULT '',
    buyer_name       text NOT NULL,
    buyer_street     text NOT NULL,
    buyer_postcode   text NOT NULL,
    buyer_city       text NOT NULL,
    buyer_country    text NOT NULL,
    buyer_kvk        text NOT NULL DEFAULT '',
    buyer_vat_id     text NOT NULL DEFAULT '',
    buyer_email      text NOT NULL,
    paid_at          timestamptz,
    paid_via         text NOT NULL DEFAULT '',
    reminder_sent_at timestamptz,
    version          integer NOT NULL DEFAULT 1,
    created_by       text NOT NULL DEFAULT '',
    created_at       timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL,
    UNIQUE (year, seq)
);
CREATE INDEX invoices_company ON invoices (company_id, issued_on DESC, number DESC);
CREATE INDEX invoices_period ON invoices (period, company_id);
CREATE INDEX invoices_corrects ON invoices (corrects_id);

CREATE TABLE invoice_lines (
    invoice_id       uuid NOT NULL REFERENCES invoices (id),
    position         integer NOT NULL,
    kind             text NOT NULL CHECK (kind IN ('setup', 'monthly', 'usage', 'credit')),
    order_id         text NOT NULL DEFAULT '',
    description      text NOT NULL,
    quantity         text NOT NULL,
    unit             text NOT NULL,
    base_quantity    text NOT NULL DEFAULT '1',
    unit_price_cents bigint NOT NULL,
    net_cents        bigint NOT NULL,
    vat_rate_bp      integer NOT NULL,
    vat_cents        bigint NOT NULL,
    PRIMARY KEY (invoice_id, position)
);

CREATE TABLE invoice_payments (
    id          text PRIMARY KEY,
    invoice_id  uuid NOT NULL REFERENCES invoices (id),
    provider    text NOT NULL,
    checkout_url text NOT NULL,
    status      text NOT NULL,
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL
);
CREATE INDEX invoice_payments_invoice ON invoice_payments (invoice_id, created_at DESC);

-- +goose Down
DROP TABLE invoice_payments;
DROP TABLE invoice_lines;
DROP TABLE invoices;
DROP TABLE invoice_counters;
ALTER TABLE orders DROP COLUMN ended_at;
ALTER TABLE orders DROP COLUMN live_at;
ALTER TABLE orders DROP COLUMN monthly_cents;
ALTER TABLE orders DROP COLUMN company_id;
ALTER TABLE users DROP COLUMN company_id;
DROP TABLE companies;
