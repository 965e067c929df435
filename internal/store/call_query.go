package store

import (
	"context"
	"strings"
	"time"
	"unicode"
)

// CallQuery selects calls: the buyer's list and CSV of an order's calls,
// the console's list of every call, and (through OrderID, From and To) the
// agent page's figures, which read the period's usage lines. Zero fields
// select everything.
type CallQuery struct {
	OrderID string // "" any order (the console); a buyer's list always names one
	// Ended keeps only calls that have ended (the buyer's lists: a pending
	// call is not shown to buyers).
	Ended bool
	// From and To bound the call's start: [From, To); zero is unbounded.
	From, To  time.Time
	Outcome   string // answered | missed | failed | pending; "" any
	Direction string // inbound | outbound | web; "" any
	// Goal filters on Vapi's success evaluation as the CSV's "Goal reached"
	// reads it (calls.csvWords.success): true is an evaluation of "true",
	// false one of "false" (any case, surrounding spaces ignored); a call
	// with another evaluation or none matches neither.
	Goal *bool
	// Search finds calls by their summary and transcript text (every word,
	// as a word prefix; on PostgreSQL also stemmed in the call's language),
	// or, when it reads as a phone number (see SearchNumber), by the
	// caller's number. "" finds everything.
	Search   string
	Assigned *bool // nil: all; true: only calls of an order; false: only unassigned ones
	// Data keeps the calls whose call data holds each filter's value.
	Data []DataFilter
	Page
}

// MaxSearchTerms is how many words of a search are used.
const MaxSearchTerms = 16

// SearchTerms are the words of a search: runs of letters and digits,
// case-folded, at most MaxSearchTerms.
func SearchTerms(s string) []string {
	words := strings.FieldsFunc(Fold(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if len(words) > MaxSearchTerms {
		words = words[:MaxSearchTerms]
	}
	return words
}

// SearchNumber reads a search as a phone number, in any common way of
// writing one: "+31 6 1234 5678", "0031 6…", "06-12345678", "(06) 1234…",
// or a part of one ("5678"). It reports the digits to look for in a stored
// number (E.164 without its +): an international prefix 00 is dropped, and a
// national number's leading 0 is taken as the Netherlands' (31), as the
// agency's callers are Dutch. false when the search has letters or fewer
// than three digits.
func SearchNumber(s string) (string, bool) {
	s = strings.TrimSpace(s)
	var d strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			d.WriteRune(r)
		case strings.ContainsRune("+-(). /", r):
		default:
			return "", false
		}
	}
	digits := d.String()
	if len(digits) < 3 {
		return "", false
	}
	switch {
	case strings.HasPrefix(s, "+"):
	case strings.HasPrefix(digits, "00"):
		digits = digits[2:]
	case strings.HasPrefix(digits, "0"):
		digits = "31" + digits[1:]
	}
	return digits, true
}

// ftsSparse is how many matches SQLite reads by id and sorts (see ftsMatch).
var ftsSparse = 1000

// ftsMatch is the SQLite condition for calls matching the FTS5 query
// match. Few matches (a rare word, a number) are read by id and sorted;
// more (a common word) are tested call by call against the set of matches
// while the list's index is read newest first, so the page stops at its
// 20th instead of reading and sorting thousands. A count of at most
// ftsSparse tells which. (Asking FTS5 about each call instead, with
// rowid = c.id, costs more than building the set.)
func (db *DB) ftsMatch(ctx context.Context, l *listQuery, match string) error {
	var n int
	if err := db.queryRow(ctx, db.db, `SELECT count(*) FROM (SELECT rowid FROM calls_fts WHERE calls_fts MATCH ? LIMIT ?)`,
		match, ftsSparse).Scan(&n); err != nil {
		return classify(err)
	}
	id := "c.id"
	if n >= ftsSparse {
		id = "+c.id" // not a way in by id: the list's index, testing each call against the matches
	}
	l.where(id+` IN (SELECT rowid FROM calls_fts WHERE calls_fts MATCH ?)`, match)
	return nil
}

// filter adds q's conditions (all but the page) to l.
func (db *DB) filter(ctx context.Context, l *listQuery, q CallQuery) error {
	if q.OrderID != "" {
		id, ok := normID(q.OrderID)
		if !ok {
			id = "00000000-0000-0000-0000-000000000000" // matches nothing
		}
		l.where(`c.order_id = ?`, id)
	}
	if q.Ended {
		l.where(`c.outcome <> ?`, OutcomePending)
	}
	if !q.From.IsZero() {
		l.where(`c.started_at >= ?`, db.ts(q.From))
	}
	if !q.To.IsZero() {
		l.where(`c.started_at < ?`, db.ts(q.To))
	}
	if q.Outcome != "" {
		l.where(`c.outcome = ?`, q.Outcome)
	}
	if q.Direction != "" {
		l.where(`c.type = ?`, q.Direction)
	}
	if q.Goal != nil {
		want := "false"
		if *q.Goal {
			want = "true"
		}
		l.where(`lower(trim(c.success_evaluation)) = ?`, want)
	}
	if q.Assigned != nil {
		if *q.Assigned {
			l.where(`c.order_id IS NOT NULL`)
		} else {
			l.where(`c.order_id IS NULL`)
		}
	}
	if err := db.whereData(l, q.Data); err != nil {
		l.where(`1 = 0`) // a name the domain never lets through: nothing matches
	}
	if strings.TrimSpace(q.Search) == "" {
		return nil
	}
	if digits, ok := SearchNumber(q.Search); ok {
		// The number's digit endings are indexed (migration 00011): a
		// prefix of one is any run of its digits.
		if db.Embedded() {
			return db.ftsMatch(ctx, l, `number : "`+digits+`"*`)
		}
		l.where(`c.search @@ to_tsquery('simple', ?)`, digits+`:*B`)
		return nil
	}
	terms := SearchTerms(q.Search)
	if len(terms) == 0 {
		l.where(`1 = 0`) // only punctuation: nothing to find
		return nil
	}
	if db.Embedded() {
		// FTS5: every term a quoted prefix ("afspr"*) of the summary or
		// transcript, all of them required.
		parts := make([]string, len(terms))
		for i, t := range terms {
			parts[i] = `"` + t + `"*`
		}
		return db.ftsMatch(ctx, l, `{summary transcript} : (`+strings.Join(parts, " ")+`)`)
	}
	// tsquery: every term a prefix ('afspraak':*), all required; parsed in
	// both languages, so a call matches in its own (see migration 00011).
	// Terms are letters and digits only, so quoting them is enough. (No
	// weight: one makes the GIN index recheck every row; a term of digits
	// may then also match a number's digits, which is no harm.)
	parts := make([]string, len(terms))
	for i, t := range terms {
		parts[i] = `'` + t + `':*`
	}
	tq := strings.Join(parts, " & ")
	return db.tsMatch(ctx, l, `search @@ (to_tsquery('dutch', ?) || to_tsquery('english', ?))`, tq, tq)
}

// tsMatch is ftsMatch for PostgreSQL: cond ("search @@ …", on calls
// unqualified) selects the matches. Few are read through the GIN index
// alone (OFFSET 0 keeps the planner from folding the subquery into the
// list's scan) and sorted; more are tested while the list's index is read
// newest first, so the page stops at its 20th. Left to itself, the planner
// took the list's index for a rare word (testing thousands of rows) and the
// GIN index for a common word in a period (reading thousands); the count of
// at most ftsSparse tells which.
func (db *DB) tsMatch(ctx context.Context, l *listQuery, cond string, args ...any) error {
	var n int
	if err := db.queryRow(ctx, db.db, `SELECT count(*) FROM (SELECT 1 FROM calls WHERE `+cond+` LIMIT ?) m`,
		append(append([]any{}, args...), ftsSparse)...).Scan(&n); err != nil {
		return classify(err)
	}
	if n < ftsSparse {
		l.where(`c.id IN (SELECT m.id FROM (SELECT id FROM calls WHERE `+cond+` OFFSET 0) m)`, args...)
	} else {
		// search || '' is not what the GIN index holds, so the planner reads the list's own index.
		l.where(`(c.search || ''::tsvector) `+strings.TrimPrefix(cond, "search "), args...)
	}
	return nil
}

// where starts the conditions of q: a call the buyer deleted is never
// listed. It has left its order (DeleteCall), so one order's list needs
// no test, which keeps that list on its index alone.
func (q CallQuery) where() listQuery {
	var l listQuery
	if q.OrderID == "" {
		l.where(`c.deleted = 0`)
	}
	return l
}

// Calls lists one page of the calls q selects, newest first. Calls the
// buyer deleted are never listed.
func (db *DB) Calls(ctx context.Context, q CallQuery) ([]Call, string, error) {
	l := q.where()
	if err := db.filter(ctx, &l, q); err != nil {
		return nil, "", err
	}
	return db.callPage(ctx, callSelect, l, q.Page)
}

// ExplainCalls returns the plan of Calls for q's first page (for the bench).
func (db *DB) ExplainCalls(ctx context.Context, q CallQuery) (string, error) {
	l := q.where()
	if err := db.filter(ctx, &l, q); err != nil {
		return "", err
	}
	l.args = append(l.args, q.Page.limit()+1)
	return db.explain(ctx, callSelect+l.sql()+` ORDER BY c.started_at DESC, c.id DESC LIMIT ?`, l.args, !db.Embedded())
}
