-- Call search (issue 20 §2): the buyer's agent page and the console search a
-- call's summary and transcript text. PostgreSQL keeps a tsvector of them per
-- call (calls.search, GIN-indexed), made with the text search configuration
-- of the call's language (calls.search_lang, 'dutch' or 'english'), so a
-- Dutch call's words are stemmed as Dutch ("afspraken" finds "afspraak").
--
-- A call's language is the language of its agent: the language the quote
-- request its order was made from asked for (quote_requests.language); for an
-- order without a quote, the buyer's language (users.locale 'nl' is Dutch,
-- anything else English); a call without an order (unassigned, or deleted by
-- its buyer) is Dutch, the agency's language. A search is parsed with both
-- configurations (store.CallQuery), so it needs no language of its own.
--
-- A trigger computes both columns on every insert and on every update of the
-- call's order, summary or transcript: a call whose content is erased (a
-- buyer's delete, the retention worker) gets the empty vector, so its erased
-- words are no longer findable. The caller's number is in the vector too,
-- with weight B and the simple configuration: every ending of at least
-- three digits of its digits (31612345678, 1612345678, …, 678), so a prefix
-- query on them finds any run of its digits (store.SearchNumber). SQLite uses
-- an FTS5 table instead; see its migration of the same number.

-- +goose Up
ALTER TABLE calls ADD COLUMN search_lang text NOT NULL DEFAULT 'dutch'
    CONSTRAINT calls_search_lang CHECK (search_lang IN ('dutch', 'english'));
ALTER TABLE calls ADD COLUMN search tsvector NOT NULL DEFAULT ''::tsvector;

-- +goose StatementBegin
CREATE FUNCTION calls_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    lang text;
    digits text := replace(NEW.customer_number, '+', '');
BEGIN
    IF NEW.order_id IS NOT NULL THEN
        SELECT COALESCE(q.language, CASE WHEN u.locale = 'nl' THEN 'dutch' ELSE 'english' END) INTO lang
        FROM orders o
        JOIN users u ON u.id = o.buyer_id
        LEFT JOIN quote_requests q ON q.id = o.quote_id
        WHERE o.id = NEW.order_id;
    END IF;
    NEW.search_lang := COALESCE(lang, 'dutch');
    NEW.search := to_tsvector(NEW.search_lang::regconfig, NEW.summary || ' ' ||
        COALESCE((SELECT string_agg(e ->> 'text', ' ') FROM jsonb_array_elements(NEW.transcript::jsonb) e), '')) ||
        setweight(to_tsvector('simple', COALESCE((SELECT string_agg(substr(digits, i), ' ') FROM generate_series(1, length(digits) - 2) i), '')), 'B');
    RETURN NEW;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER calls_search BEFORE INSERT OR UPDATE OF order_id, summary, transcript, customer_number ON calls
    FOR EACH ROW EXECUTE FUNCTION calls_search_update();

UPDATE calls SET summary = summary;
CREATE INDEX calls_search ON calls USING gin (search);

-- +goose Down
DROP INDEX calls_search;
DROP TRIGGER calls_search ON calls;
DROP FUNCTION calls_search_update();
ALTER TABLE calls DROP COLUMN search;
ALTER TABLE calls DROP COLUMN search_lang;
