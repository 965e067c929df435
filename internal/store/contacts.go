package store

import (
	"context"
	"encoding/base64"
	"errors"
	"strings"
	"time"
)

// An order's contacts: its ended calls grouped by the caller's stored
// number (E.164 where it could be read, see calls.NormalizeNumber). Calls
// without a number (web calls, hidden numbers, calls whose number was
// deleted by the buyer or by retention) belong to no contact; "anonymous",
// which Vapi sends for a withheld number, is no contact either.

// Contact is one caller of an order.
type Contact struct {
	Number string // as stored: the contact's key
	Name   string // the caller_name of the contact's newest call that has one; "" when none has
	Calls  int
	// The contact's newest call.
	LastCallID    int64
	LastStartedAt time.Time
	LastOutcome   string
}

// CallerNameField is the call data field whose value names the caller.
const CallerNameField = "caller_name"

// contactCalls are the calls of an order that belong to a contact.
const contactCalls = `FROM calls c WHERE c.order_id = ? AND c.outcome <> 'pending' AND c.customer_number <> '' AND c.customer_number <> 'anonymous'`

// orderContactGroups groups the order's calls by number: how many, and
// when the newest started. With an index on calls (order_id,
// customer_number, started_at DESC, id DESC, outcome) both engines read
// it from the index alone; see bench/contacts.
const orderContactGroups = `SELECT c.customer_number AS number, count(*) AS calls, max(c.started_at) AS last_at ` + contactCalls + `
	GROUP BY c.customer_number`

// contactLast selects, for a group g of orderContactGroups, one column of
// its newest call (by start time, then id).
func contactLast(col string) string {
	return `(SELECT l.` + col + ` FROM calls l WHERE l.order_id = ? AND l.outcome <> 'pending' AND l.customer_number = p.number
		ORDER BY l.started_at DESC, l.id DESC LIMIT 1)`
}

// OrderContactsQuery is the statement behind OrderContacts' first page
// (for EXPLAIN): the page of groups first, then each one's newest call.
const OrderContactsQuery = `SELECT p.number, p.calls, p.last_at FROM (SELECT number, calls, last_at FROM (` + orderContactGroups + `) g
	ORDER BY last_at DESC, number DESC LIMIT ?) p`

// A contacts list's cursor: the newest call's start and the number of the
// last contact of the page before.
func encodeContactCursor(at time.Time, number string) string {
	raw := at.UTC().Truncate(time.Microsecond).Format(time.RFC3339Nano) + "|" + number
	return base64.RawURLEncoding.EncodeToString([]byte(raw))
}

func decodeContactCursor(s string) (time.Time, string, error) {
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return time.Time{}, "", ErrBadCursor
	}
	at, number, ok := strings.Cut(string(raw), "|")
	if !ok || number == "" {
		return time.Time{}, "", ErrBadCursor
	}
	t, err := time.Parse(time.RFC3339Nano, at)
	if err != nil {
		return time.Time{}, "", ErrBadCursor
	}
	return t.UTC(), number, nil
}

// contactsSQL reads contacts (the groups that cond, on g, keeps), newest
// first, at most limit, each with its newest call.
func (db *DB) contacts(ctx context.Context, orderID, cond string, condArgs []any, limit int) ([]Contact, error) {
	q := `SELECT p.number, p.calls, p.last_at, ` + contactLast("id") + `, ` + contactLast("outcome") + `
		FROM (SELECT number, calls, last_at FROM (` + orderContactGroups + `) g` + cond + `
		ORDER BY last_at DESC, number DESC LIMIT ?) p ORDER BY p.last_at DESC, p.number DESC`
	args := append([]any{orderID, orderID, orderID}, condArgs...)
	args = append(args, limit)
	return db.scanContacts(ctx, q, args...)
}

// OrderContacts lists one page of the order's contacts, the one called or
// calling most recently first. The caller has checked the order is the
// asker's.
func (db *DB) OrderContacts(ctx context.Context, orderID string, p Page) ([]Contact, string, error) {
	id, ok := normID(orderID)
	if !ok {
		return nil, "", nil
	}
	cond, args := "", []any(nil)
	if p.Cursor != "" {
		at, number, err := decodeContactCursor(p.Cursor)
		if err != nil {
			return nil, "", err
		}
		cond, args = ` WHERE (last_at, number) < (?, ?)`, []any{db.ts(at), number}
	}
	out, err := db.contacts(ctx, id, cond, args, p.limit()+1)
	if err != nil {
		return nil, "", err
	}
	next := ""
	if len(out) > p.limit() {
		out = out[:p.limit()]
		last := out[len(out)-1]
		next = encodeContactCursor(last.LastStartedAt, last.Number)
	}
	return out, next, db.contactNames(ctx, id, out)
}

// OrderContact is the order's contact with the stored number; ErrNotFound
// when no call of the order has it.
func (db *DB) OrderContact(ctx context.Context, orderID, number string) (Contact, error) {
	id, ok := normID(orderID)
	if !ok || number == "" {
		return Contact{}, ErrNotFound
	}
	out, err := db.contacts(ctx, id, ` WHERE number = ?`, []any{number}, 1)
	if err != nil {
		return Contact{}, err
	}
	if len(out) == 0 {
		return Contact{}, ErrNotFound
	}
	return out[0], db.contactNames(ctx, id, out)
}

func (db *DB) scanContacts(ctx context.Context, q string, args ...any) ([]Contact, error) {
	rows, err := db.query(ctx, db.db, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Contact
	for rows.Next() {
		var c Contact
		var at dbTime
		if err := rows.Scan(&c.Number, &c.Calls, &at, &c.LastCallID, &c.LastOutcome); err != nil {
			return nil, classify(err)
		}
		c.LastStartedAt = at.Time
		out = append(out, c)
	}
	return out, classify(rows.Err())
}

// contactNames fills in the contacts' names: the caller_name call data
// value of each one's newest call that has one (calls.data, a JSON object
// by field name).
func (db *DB) contactNames(ctx context.Context, orderID string, cs []Contact) error {
	if len(cs) == 0 {
		return nil
	}
	name := `(c.data::jsonb ->> '` + CallerNameField + `')`
	if db.Embedded() {
		name = `CAST(json_extract(c.data, '$.` + CallerNameField + `') AS TEXT)`
	}
	index := make(map[string]int, len(cs))
	marks := make([]string, len(cs))
	args := []any{orderID}
	for i, c := range cs {
		index[c.Number] = i
		marks[i] = "?"
		args = append(args, c.Number)
	}
	rows, err := db.query(ctx, db.db, `SELECT number, name FROM (
		SELECT c.customer_number AS number, `+name+` AS name,
			row_number() OVER (PARTITION BY c.customer_number ORDER BY c.started_at DESC, c.id DESC) AS rn
		`+contactCalls+` AND c.customer_number IN (`+strings.Join(marks, ", ")+`)
			AND c.data <> '{}' AND COALESCE(TRIM(`+name+`), '') <> '') x WHERE rn = 1`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var number, n string
		if err := rows.Scan(&number, &n); err != nil {
			return classify(err)
		}
		if i, ok := index[number]; ok {
			cs[i].Name = strings.TrimSpace(n)
		}
	}
	return classify(rows.Err())
}

// ContactCalls lists one page of the order's ended calls from or to the
// stored number, newest first.
func (db *DB) ContactCalls(ctx context.Context, orderID, number string, p Page) ([]Call, string, error) {
	id, ok := normID(orderID)
	if !ok || number == "" {
		return nil, "", nil
	}
	var l listQuery
	l.where(`c.order_id = ?`, id)
	l.where(`c.outcome <> ?`, OutcomePending)
	l.where(`c.customer_number = ?`, number)
	return db.callPage(ctx, ownCallSelect, l, p)
}

// CallNeighbours are the ids of the order's ended calls just before and
// just after c by start time (then id): older and newer; 0 at either end.
func (db *DB) CallNeighbours(ctx context.Context, orderID string, c Call) (older, newer int64, err error) {
	id, ok := normID(orderID)
	if !ok {
		return 0, 0, nil
	}
	one := func(cmp, dir string) (int64, error) {
		var n int64
		err := db.queryRow(ctx, db.db, `SELECT c.id FROM calls c WHERE c.order_id = ? AND c.outcome <> 'pending'
			AND (c.started_at, c.id) `+cmp+` (?, ?) ORDER BY c.started_at `+dir+`, c.id `+dir+` LIMIT 1`,
			id, db.ts(c.StartedAt), c.ID).Scan(&n)
		if err = classify(err); errors.Is(err, ErrNotFound) {
			return 0, nil
		}
		return n, err
	}
	if older, err = one("<", "DESC"); err != nil {
		return 0, 0, err
	}
	newer, err = one(">", "ASC")
	return older, newer, err
}

// ExplainOrderContacts returns the plan of the contacts list's first page.
func (db *DB) ExplainOrderContacts(ctx context.Context, orderID string) (string, error) {
	id, _ := normID(orderID)
	return db.explain(ctx, OrderContactsQuery, []any{id, DefaultPageLimit + 1}, !db.Embedded())
}
