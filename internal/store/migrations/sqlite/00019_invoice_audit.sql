-- Billing (issue 22): the audit trail follows invoices too (entity_type
-- 'invoice'): who issued an invoice or credit note, and who marked it paid
-- or unpaid. SQLite cannot change a CHECK constraint, so the table is
-- rebuilt with the same rows (ids kept, so the order of the trail stays).

-- +goose Up
CREATE TABLE audit_log_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    entity_type TEXT NOT NULL CHECK (entity_type IN ('quote', 'order', 'agent', 'user', 'invoice')),
    entity_id   TEXT NOT NULL,
    field       TEXT NOT NULL,
    from_value  TEXT,
    to_value    TEXT,
    actor_id    TEXT REFERENCES users (id) ON DELETE SET NULL,
    at          TEXT NOT NULL
);
INSERT INTO audit_log_new (id, entity_type, entity_id, field, from_value, to_value, actor_id, at)
    SELECT id, entity_type, entity_id, field, from_value, to_value, actor_id, at FROM audit_log;
DROP TABLE audit_log;
ALTER TABLE audit_log_new RENAME TO audit_log;
CREATE INDEX audit_log_entity ON audit_log (entity_type, entity_id, id);
CREATE INDEX audit_log_actor ON audit_log (actor_id) WHERE actor_id IS NOT NULL;

-- +goose Down
CREATE TABLE audit_log_old (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    entity_type TEXT NOT NULL CHECK (entity_type IN ('quote', 'order', 'agent', 'user')),
    entity_id   TEXT NOT NULL,
    field       TEXT NOT NULL,
    from_value  TEXT,
    to_value    TEXT,
    actor_id    TEXT REFERENCES users (id) ON DELETE SET NULL,
    at          TEXT NOT NULL
);
INSERT INTO audit_log_old (id, entity_type, entity_id, field, from_value, to_value, actor_id, at)
    SELECT id, entity_type, entity_id, field, from_value, to_value, actor_id, at FROM audit_log
    WHERE entity_type <> 'invoice';
DROP TABLE audit_log;
ALTER TABLE audit_log_old RENAME TO audit_log;
CREATE INDEX audit_log_entity ON audit_log (entity_type, entity_id, id);
CREATE INDEX audit_log_actor ON audit_log (actor_id) WHERE actor_id IS NOT NULL;
