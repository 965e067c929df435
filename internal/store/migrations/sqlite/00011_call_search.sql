-- Call search (issue 20 §2): the buyer's agent page and the console search a
-- call's summary and transcript text. SQLite keeps them in a contentless FTS5
-- table (calls_fts, rowid = calls.id; unicode61 folds case and diacritics, a
-- search matches word prefixes). Triggers keep it in step with every write of
-- calls: the transcript's text is read from its JSON lines, and a call whose
-- content is erased (a buyer's delete, the retention worker) is indexed again
-- from its empty content, so its erased words are no longer findable
-- (contentless_delete drops the old entry). The number column holds every
-- ending of at least three digits of the caller's number's digits (31612345678,
-- 1612345678, …, 678), so a prefix query on it finds any run of its digits
-- (store.SearchNumber). A prefix index (2 to 4 characters) keeps short word
-- prefixes fast. PostgreSQL uses a tsvector column instead; see its migration of
-- the same number.

-- +goose Up
CREATE VIRTUAL TABLE calls_fts USING fts5 (summary, transcript, number, content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4');

-- +goose StatementBegin
CREATE TRIGGER calls_fts_insert AFTER INSERT ON calls BEGIN
    INSERT INTO calls_fts (rowid, summary, transcript, number) VALUES (new.id, new.summary,
        COALESCE((SELECT group_concat(json_extract(j.value, '$.text'), ' ') FROM json_each(new.transcript) j), ''),
        (WITH RECURSIVE d(s) AS (SELECT replace(new.customer_number, '+', '')), e(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM e, d WHERE i < length(d.s) - 2)
            SELECT COALESCE(group_concat(substr(d.s, e.i), ' '), '') FROM d, e WHERE length(d.s) >= 3));
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER calls_fts_update AFTER UPDATE OF summary, transcript, customer_number ON calls BEGIN
    DELETE FROM calls_fts WHERE rowid = old.id;
    INSERT INTO calls_fts (rowid, summary, transcript, number) VALUES (new.id, new.summary,
        COALESCE((SELECT group_concat(json_extract(j.value, '$.text'), ' ') FROM json_each(new.transcript) j), ''),
        (WITH RECURSIVE d(s) AS (SELECT replace(new.customer_number, '+', '')), e(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM e, d WHERE i < length(d.s) - 2)
            SELECT COALESCE(group_concat(substr(d.s, e.i), ' '), '') FROM d, e WHERE length(d.s) >= 3));
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER calls_fts_delete AFTER DELETE ON calls BEGIN
    DELETE FROM calls_fts WHERE rowid = old.id;
END;
-- +goose StatementEnd

INSERT INTO calls_fts (rowid, summary, transcript, number)
SELECT c.id, c.summary, COALESCE((SELECT group_concat(json_extract(j.value, '$.text'), ' ') FROM json_each(c.transcript) j), ''),
    (WITH RECURSIVE d(s) AS (SELECT replace(c.customer_number, '+', '')), e(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM e, d WHERE i < length(d.s) - 2)
            SELECT COALESCE(group_concat(substr(d.s, e.i), ' '), '') FROM d, e WHERE length(d.s) >= 3)
FROM calls c;

-- +goose Down
DROP TRIGGER calls_fts_delete;
DROP TRIGGER calls_fts_update;
DROP TRIGGER calls_fts_insert;
DROP TABLE calls_fts;
