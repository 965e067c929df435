package store

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

var (
	ErrNotFound = errors.New("store: not found")
	// ErrConflict reports a unique-key violation, e.g. an email already registered.
	ErrConflict = errors.New("store: conflict")
	// ErrUnavailable means the database could not be reached; callers answer
	// 503 rather than 500 and may retry later. Its Unavailable method is how
	// packages that must not import store (apierr) recognise it.
	ErrUnavailable error = unavailableError{}
	// ErrStale reports an update that carried an out-of-date version: the
	// record exists, but someone else changed it since the caller read it.
	// Its StaleVersion method is how apierr recognises it.
	ErrStale error = staleError{}
	// ErrBadCursor reports a page cursor this store did not hand out. Its
	// InvalidCursor method is how apierr recognises it.
	ErrBadCursor error = cursorError{}
)

type staleError struct{}

func (staleError) Error() string      { return "store: the record was changed by someone else" }
func (staleError) StaleVersion() bool { return true }

type cursorError struct{}

func (cursorError) Error() string       { return "store: invalid page cursor" }
func (cursorError) InvalidCursor() bool { return true }

type unavailableError struct{}

func (unavailableError) Error() string     { return "store: database unavailable" }
func (unavailableError) Unavailable() bool { return true }

// kindError tags an error with one of the sentinels while keeping the
// driver's message intact for logs.
type kindError struct {
	kind error
	err  error
}

func (e *kindError) Error() string   { return e.err.Error() }
func (e *kindError) Unwrap() []error { return []error{e.kind, e.err} }

// classify maps driver errors onto the package's sentinels. Every exported
// method passes its error through here, so callers never need to know which
// engine or driver produced it.
func classify(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, ErrNotFound) || errors.Is(err, ErrConflict) || errors.Is(err, ErrUnavailable) ||
		errors.Is(err, ErrStale) || errors.Is(err, ErrBadCursor) {
		return err
	}
	if errors.Is(err, sql.ErrNoRows) {
		return &kindError{kind: ErrNotFound, err: err}
	}
	if isConflict(err) {
		return &kindError{kind: ErrConflict, err: err}
	}
	if isUnavailable(err) {
		return &kindError{kind: ErrUnavailable, err: err}
	}
	return err
}

func isConflict(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505" // unique_violation
	}
	var sqErr *sqlite.Error
	if errors.As(err, &sqErr) {
		c := sqErr.Code()
		return c == sqlite3.SQLITE_CONSTRAINT_UNIQUE || c == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

func isUnavailable(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch {
		case len(pgErr.Code) == 5 && pgErr.Code[:2] == "08": // connection_exception class
			return true
		case pgErr.Code == "57P01", pgErr.Code == "57P02", pgErr.Code == "57P03": // shutdown, cannot_connect_now
			return true
		case pgErr.Code == "53300": // too_many_connections
			return true
		case pgErr.Code == "57014", pgErr.Code == "55P03", pgErr.Code == "25P03":
			// query_canceled (statement_timeout), lock_not_available and
			// idle_in_transaction_session_timeout: the database did not
			// answer in time, e.g. a table locked by a hung process.
			return true
		}
		// The server answered, so it is reachable; a server error is not an outage.
		return false
	}
	var sqErr *sqlite.Error
	if errors.As(err, &sqErr) {
		switch sqErr.Code() & 0xff {
		case sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_FULL,
			// Another connection held the write lock past BusyTimeout.
			sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			return true
		}
		return false
	}
	var connErr *pgconn.ConnectError
	if errors.As(err, &connErr) {
		return true
	}
	var netErr net.Error
	if errors.As(err, &netErr) {
		return true
	}
	// pgx's "conn closed": the server ended the connection (a crash,
	// pg_terminate_backend, a failover) while it was in use, e.g. in the
	// middle of a transaction.
	if errors.Is(err, pgconn.ErrConnClosed) {
		return true
	}
	if errors.Is(err, driver.ErrBadConn) || errors.Is(err, syscall.ECONNREFUSED) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, io.ErrUnexpectedEOF) {
		return true
	}
	// A context deadline on its own is not classified: it is an outage only
	// when it hit while connecting, and then it arrives inside a
	// pgconn.ConnectError, handled above.
	return false
}
