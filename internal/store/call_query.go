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

// filter adds q's conditions (all but the page) to l.
func (db *DB) filter(l *listQuery, q CallQuery) {
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
		return
	}
	// The match is a set of call ids the list is read against. For one
	// order's list the ids are tested while its index is read newest first
	// (+c.id keeps SQLite from reading the matches by id and sorting them
	// all, which a common word makes slow), so the page stops at its 20th.
	id := "c.id"
	if q.OrderID != "" {
		id = "+c.id"
	}
	if digits, ok := SearchNumber(q.Search); ok {
		// The number's digit endings are indexed (migration 00011): a
		// prefix of one is any run of its digits.
		if db.Embedded() {
			l.where(id+` IN (SELECT rowid FROM calls_fts WHERE calls_fts MATCH ?)`, `number : "`+digits+`"*`)
		} else {
			l.where(`c.search @@ to_tsquery('simple', ?)`, digits+`:*B`)
		}
		return
	}
	terms := SearchTerms(q.Search)
	if len(terms) == 0 {
		l.where(`1 = 0`) // only punctuation: nothing to find
		return
	}
	if db.Embedded() {
		// FTS5: every term a quoted prefix ("afspr"*) of the summary or
		// transcript, all of them required.
		parts := make([]string, len(terms))
		for i, t := range terms {
			parts[i] = `"` + t + `"*`
		}
		l.where(id+` IN (SELECT rowid FROM calls_fts WHERE calls_fts MATCH ?)`, `{summary transcript} : (`+strings.Join(parts, " ")+`)`)
		return
	}
	// tsquery: every term a prefix ('afspraak':*) of the text (weight D,
	// not the number's B), all required; parsed in both languages, so a call
	// matches in its own (see migration 00011). Terms are letters and digits
	// only, so quoting them is enough.
	parts := make([]string, len(terms))
	for i, t := range terms {
		parts[i] = `'` + t + `':*D`
	}
	tq := strings.Join(parts, " & ")
	l.where(`c.search @@ (to_tsquery('dutch', ?) || to_tsquery('english', ?))`, tq, tq)
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
	db.filter(&l, q)
	return db.callPage(ctx, callSelect, l, q.Page)
}

// CallsQuery is the statement Calls runs for q's first page, with its
// arguments (for EXPLAIN in the bench).
func (db *DB) CallsQuery(q CallQuery) (string, []any) {
	l := q.where()
	db.filter(&l, q)
	l.args = append(l.args, q.Page.limit()+1)
	return callSelect + l.sql() + ` ORDER BY c.started_at DESC, c.id DESC LIMIT ?`, l.args
}

// ExplainCalls returns the plan of Calls for q's first page.
func (db *DB) ExplainCalls(ctx context.Context, q CallQuery) (string, error) {
	sql, args := db.CallsQuery(q)
	return db.explain(ctx, sql, args, !db.Embedded())
}
