package store

import (
	"database/sql/driver"
	"encoding/base64"
	"strings"
	"time"

	"modernc.org/sqlite"
)

// Page asks for one page of a list read newest first, by keyset: each page
// starts right after the last row of the previous one, so rows created
// meanwhile never shift a page, nothing is listed twice or skipped, and a
// deep page costs what the first one does.
type Page struct {
	Cursor string // "" for the first page, else the previous page's next cursor
	Limit  int    // 1…MaxPageLimit; anything else is DefaultPageLimit or MaxPageLimit
}

const (
	DefaultPageLimit = 50
	MaxPageLimit     = 100
)

func (p Page) limit() int {
	switch {
	case p.Limit <= 0:
		return DefaultPageLimit
	case p.Limit > MaxPageLimit:
		return MaxPageLimit
	}
	return p.Limit
}

// keyset is the position of a row in a newest-first list: its creation time,
// then its id to order rows created in the same microsecond.
type keyset struct {
	at time.Time
	id string
}

// encodeCursor makes the opaque cursor for the page after the row at k.
func encodeCursor(at time.Time, id string) string {
	raw := at.UTC().Truncate(time.Microsecond).Format(time.RFC3339Nano) + "|" + id
	return base64.RawURLEncoding.EncodeToString([]byte(raw))
}

// decodeCursor reports ErrBadCursor for anything encodeCursor cannot have made.
func decodeCursor(s string) (keyset, error) {
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return keyset{}, ErrBadCursor
	}
	at, id, ok := strings.Cut(string(raw), "|")
	if !ok {
		return keyset{}, ErrBadCursor
	}
	t, err := time.Parse(time.RFC3339Nano, at)
	if err != nil {
		return keyset{}, ErrBadCursor
	}
	if id, ok = normID(id); !ok {
		return keyset{}, ErrBadCursor
	}
	return keyset{at: t.UTC(), id: id}, nil
}

// listQuery builds the WHERE clause of a list query: conditions joined with
// AND, their arguments in order.
type listQuery struct {
	conds []string
	args  []any
}

func (l *listQuery) where(cond string, args ...any) {
	l.conds = append(l.conds, cond)
	l.args = append(l.args, args...)
}

func (l *listQuery) sql() string {
	if len(l.conds) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(l.conds, " AND ")
}

// page adds the keyset condition for p to l, on the list's time and id
// columns, and returns the ORDER BY … LIMIT tail. It asks for one row more
// than the page holds, which tells whether a next page exists (see cut).
func (db *DB) page(l *listQuery, p Page, atCol, idCol string) (string, error) {
	if p.Cursor != "" {
		k, err := decodeCursor(p.Cursor)
		if err != nil {
			return "", err
		}
		// A row-value comparison, which both engines match against the
		// (time DESC, id DESC) index as one range.
		l.where("("+atCol+", "+idCol+") < (?, ?)", db.ts(k.at), k.id)
	}
	l.args = append(l.args, p.limit()+1)
	return " ORDER BY " + atCol + " DESC, " + idCol + " DESC LIMIT ?", nil
}

// cut trims the extra row page asked for and returns the cursor of the next
// page, "" when this was the last.
func cut[T any](rows []T, p Page, key func(T) (time.Time, string)) ([]T, string) {
	if len(rows) <= p.limit() {
		return rows, ""
	}
	rows = rows[:p.limit()]
	at, id := key(rows[len(rows)-1])
	return rows, encodeCursor(at, id)
}

// containsPattern is a LIKE pattern (with ESCAPE '\') for text containing
// needle, case-folded as search columns are. White space in needle is one
// space, so it never matches across the line breaks between fields.
func containsPattern(needle string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(Fold(strings.Join(strings.Fields(needle), " "))) + "%"
}

// Fold is how searchable text is case-folded, on both engines alike.
func Fold(s string) string { return strings.ToLower(s) }

// fold is the SQL for Fold(expr): PostgreSQL's lower() folds all of Unicode
// (in a UTF-8 database), SQLite's only ASCII, so SQLite gets Fold itself.
func (db *DB) fold(expr string) string {
	if db.dialect == dialectSQLite {
		return "fold(" + expr + ")"
	}
	return "lower(" + expr + ")"
}

func init() {
	sqlite.MustRegisterDeterministicScalarFunction("fold", 1, func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
		switch v := args[0].(type) {
		case string:
			return Fold(v), nil
		case []byte:
			return Fold(string(v)), nil
		}
		return args[0], nil // NULL stays NULL
	})
}
