-- Call data (issue 20 §2): the fields staff define per order for its agent to
-- extract (Vapi's analysis.structuredData), and each call's values.
--
-- call_fields: one row per field of an order, shown in position order.
-- type is one of text, yes_no, number, datetime, choice; options (a JSON
-- array of strings) only for choice. The rules live in internal/calldata.
--
-- calls.data is a JSON object: the values a report brought, by field name.
-- A defined field's value is kept only when it fits the field's type (yes/no
-- as true/false, a number, a date or time as text, a choice as one of its
-- options); keys no field defines are kept as they came, so a field defined
-- later can show them.

-- +goose Up
CREATE TABLE call_fields (
    order_id  TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    name      TEXT NOT NULL,
    position  INTEGER NOT NULL CHECK (position >= 0),
    type      TEXT NOT NULL CHECK (type IN ('text', 'yes_no', 'number', 'datetime', 'choice')),
    label_en  TEXT NOT NULL,
    label_nl  TEXT NOT NULL,
    options   TEXT NOT NULL DEFAULT '[]',
    PRIMARY KEY (order_id, name)
);
ALTER TABLE calls ADD COLUMN data TEXT NOT NULL DEFAULT '{}';

-- +goose Down
ALTER TABLE calls DROP COLUMN data;
DROP TABLE call_fields;
