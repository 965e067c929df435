-- Invoices in the audit trail (issue 22): an invoice marked paid by the
-- payment provider (Mollie) is recorded there like an order's status
-- change. The check is replaced whole, so this is the same whether or not
-- an earlier migration already allowed 'invoice'.

-- +goose Up
ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_log_entity_type_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_type_check
    CHECK (entity_type IN ('quote', 'order', 'agent', 'user', 'invoice'));

-- +goose Down
DELETE FROM audit_log WHERE entity_type = 'invoice';
ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_log_entity_type_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_type_check
    CHECK (entity_type IN ('quote', 'order', 'agent', 'user'));
