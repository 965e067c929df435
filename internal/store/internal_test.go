package store

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

func TestRebindDollar(t *testing.T) {
	cases := []struct{ in, want string }{
		{"SELECT 1", "SELECT 1"},
		{"a = ? AND b = ?", "a = $1 AND b = $2"},
		{"x IN (?, ?, ?) LIMIT ?", "x IN ($1, $2, $3) LIMIT $4"},
		{"a = '?' AND b = ?", "a = '?' AND b = $1"},
		{"a = 'it''s?' AND b = ?", "a = 'it''s?' AND b = $1"},
	}
	for _, c := range cases {
		if got := rebindDollar(c.in); got != c.want {
			t.Errorf("rebindDollar(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	sq := &DB{dialect: dialectSQLite}
	if got := sq.Rebind("a = ?"); got != "a = ?" {
		t.Errorf("sqlite Rebind changed the query: %q", got)
	}
}

func TestDBTime(t *testing.T) {
	want := time.Date(2025, 1, 2, 3, 4, 5, 678901000, time.UTC)
	sq := &DB{dialect: dialectSQLite}
	stored := sq.ts(want.Add(999)) // sub-microsecond part is dropped
	if stored != "2025-01-02T03:04:05.678901Z" {
		t.Fatalf("sqlite ts = %v", stored)
	}
	pg := &DB{dialect: dialectPostgres}
	if got := pg.ts(want.In(time.FixedZone("CET", 3600)).Add(999)); got != want || got.(time.Time).Location() != time.UTC {
		t.Fatalf("postgres ts = %v", got)
	}
	cases := []struct {
		in    any
		valid bool
	}{
		{"2025-01-02T03:04:05.678901Z", true},
		{[]byte("2025-01-02T03:04:05.678901Z"), true},
		{want.In(time.FixedZone("X", -7200)), true},
		{"2025-01-02T05:04:05.678901+02:00", true},
		{nil, false},
	}
	for _, c := range cases {
		var d dbTime
		if err := d.Scan(c.in); err != nil {
			t.Fatalf("Scan(%v): %v", c.in, err)
		}
		if d.Valid != c.valid || (c.valid && (!d.Time.Equal(want) || d.Time.Location() != time.UTC)) {
			t.Errorf("Scan(%v) = %+v", c.in, d)
		}
	}
	var d dbTime
	if err := d.Scan("yesterday"); err == nil {
		t.Error("Scan accepted garbage")
	}
	// Lexical order of the stored form must match time order.
	a, b := sq.ts(want).(string), sq.ts(want.Add(time.Microsecond)).(string)
	c := sq.ts(want.Add(time.Hour * 24 * 400)).(string)
	if !(a < b && b < c) {
		t.Errorf("stored times do not sort: %s %s %s", a, b, c)
	}
}

func TestClassify(t *testing.T) {
	connRefused := &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
	cases := []struct {
		name string
		err  error
		want error
	}{
		{"nil", nil, nil},
		{"no rows", sql.ErrNoRows, ErrNotFound},
		{"wrapped no rows", fmt.Errorf("x: %w", sql.ErrNoRows), ErrNotFound},
		{"unique violation", &pgconn.PgError{Code: "23505"}, ErrConflict},
		{"connection exception", &pgconn.PgError{Code: "08006"}, ErrUnavailable},
		{"admin shutdown", &pgconn.PgError{Code: "57P01"}, ErrUnavailable},
		{"bad conn", driver.ErrBadConn, ErrUnavailable},
		{"net error", connRefused, ErrUnavailable},
		{"syntax error is not an outage", &pgconn.PgError{Code: "42601"}, nil},
		{"plain error", errors.New("x"), nil},
	}
	for _, c := range cases {
		got := classify(c.err)
		if c.err == nil {
			if got != nil {
				t.Errorf("%s: %v", c.name, got)
			}
			continue
		}
		for _, k := range []error{ErrNotFound, ErrConflict, ErrUnavailable} {
			if errors.Is(got, k) != (k == c.want) {
				t.Errorf("%s: errors.Is(%v, %v) = %v", c.name, got, k, !(k == c.want))
			}
		}
		if got.Error() != c.err.Error() {
			t.Errorf("%s: message changed to %q", c.name, got.Error())
		}
		if !errors.Is(got, c.err) {
			t.Errorf("%s: original error lost", c.name)
		}
	}
}
