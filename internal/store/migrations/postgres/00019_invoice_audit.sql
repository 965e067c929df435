-- Billing (issue 22): the audit trail follows invoices too; see the SQLite
-- migration of the same number.

-- +goose Up
ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_type_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_type_check
    CHECK (entity_type IN ('quote', 'order', 'agent', 'user', 'invoice'));

-- +goose Down
DELETE FROM audit_log WHERE entity_type = 'invoice';
ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_type_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_type_check
    CHECK (entity_type IN ('quote', 'order', 'agent', 'user'));
