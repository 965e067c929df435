-- Call data (issue 20 §2): the fields staff define per order for its agent to
-- extract (Vapi's analysis.structuredData), and each call's values.
--
-- call_fields: one row per field of an order, shown in position order.
-- type is one of text, yes_no, number, datetime, choice; options (a JSON
-- array of strings) only for choice. The rules live in internal/calldata.
--
-- calls.data is a JSON object (text, as on SQLite; filters read it with
-- data::jsonb): the values a report brought, by field name. A defined
-- field's value is kept only when it fits the field's type; keys no field
-- defines are kept as they came, so a field defined later can show them.

-- +goose Up
CREATE TABLE call_fields (
    order_id  uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    name      text NOT NULL,
    position  integer NOT NULL CONSTRAINT call_fields_position CHECK (position >= 0),
    type      text NOT NULL CONSTRAINT call_fields_type CHECK (type IN ('text', 'yes_no', 'number', 'datetime', 'choice')),
    label_en  text NOT NULL,
    label_nl  text NOT NULL,
    options   text NOT NULL DEFAULT '[]',
    PRIMARY KEY (order_id, name)
);
ALTER TABLE calls ADD COLUMN data text NOT NULL DEFAULT '{}';

-- +goose Down
ALTER TABLE calls DROP COLUMN data;
DROP TABLE call_fields;
