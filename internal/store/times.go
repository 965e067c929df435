package store

import (
	"database/sql"
	"fmt"
	"time"
)

// sqliteTime is the one format times are stored in on SQLite: fixed width and
// UTC, so string comparison in SQL orders times correctly. Microseconds match
// PostgreSQL's precision, so both engines round-trip the same value.
const sqliteTime = "2006-01-02T15:04:05.000000Z"

// ts converts a time into the parameter value the engine stores.
func (db *DB) ts(t time.Time) any {
	t = t.UTC().Truncate(time.Microsecond)
	if db.dialect == dialectSQLite {
		return t.Format(sqliteTime)
	}
	return t
}

// tsPtr is ts for nullable columns.
func (db *DB) tsPtr(t *time.Time) any {
	if t == nil {
		return nil
	}
	return db.ts(*t)
}

// dbTime scans a time column from either engine: PostgreSQL yields
// time.Time, SQLite yields the stored string. NULL leaves Valid false.
type dbTime struct {
	Time  time.Time
	Valid bool
}

// Formats accepted besides sqliteTime cover values written by hand or by the
// SQLite driver's own time encoding.
var parseLayouts = []string{
	sqliteTime,
	time.RFC3339Nano,
	"2006-01-02 15:04:05.999999999-07:00",
	"2006-01-02 15:04:05.999999999Z07:00",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04:05",
}

func (d *dbTime) Scan(v any) error {
	switch x := v.(type) {
	case nil:
		*d = dbTime{}
		return nil
	case time.Time:
		*d = dbTime{Time: x.UTC(), Valid: true}
		return nil
	case string:
		return d.parse(x)
	case []byte:
		return d.parse(string(x))
	default:
		return fmt.Errorf("store: cannot scan %T into a time", v)
	}
}

func (d *dbTime) parse(s string) error {
	for _, layout := range parseLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			*d = dbTime{Time: t.UTC(), Valid: true}
			return nil
		}
	}
	return fmt.Errorf("store: unrecognised time %q", s)
}

// Ptr returns nil for NULL.
func (d dbTime) Ptr() *time.Time {
	if !d.Valid {
		return nil
	}
	t := d.Time
	return &t
}

var _ sql.Scanner = (*dbTime)(nil)
