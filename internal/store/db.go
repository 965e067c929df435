// Package store owns the database: the schema and its migrations, and all
// SQL of the site as typed primitives (read this, write that, with its
// audit row). It runs on embedded SQLite by default and on PostgreSQL when
// a database URL is configured; every query is written once with ?
// placeholders and rebound for PostgreSQL. Workflows, domain rules and the
// demo data are not here: the services drive transactions with InTx and
// call the primitives on the Tx, or hand the store a rule (MergeCall), and
// the store imports no package of the site's domain.
package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver
)

const (
	dialectSQLite   = "sqlite"
	dialectPostgres = "postgres"
)

// Config selects the engine: PostgreSQL when DatabaseURL is set, otherwise
// SQLite in DataDir/site.db.
type Config struct {
	DatabaseURL string // postgres://… ; empty = embedded SQLite
	DataDir     string // SQLite file lives here as site.db
}

// DB is safe for concurrent use.
type DB struct {
	db      *sql.DB
	dialect string
	// callHooks run in RecordCall's transaction (see OnCallRecorded).
	callHooks []CallHook
	// observe, when set, gets each statement's time (metrics).
	observe atomic.Pointer[func(time.Duration)]
}

// ObserveQueries reports each statement's time to f (the metrics).
func (db *DB) ObserveQueries(f func(time.Duration)) { db.observe.Store(&f) }

func (db *DB) timed(start time.Time) {
	if f := db.observe.Load(); f != nil {
		(*f)(time.Since(start))
	}
}

// querier is what *sql.DB and *sql.Tx have in common, so one query function
// serves both standalone calls and calls inside a caller's transaction.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// The database's time limits (see openPostgres and openSQLite).
const (
	// ConnectTimeout bounds connecting to PostgreSQL.
	ConnectTimeout = 3 * time.Second
	// StatementTimeout is PostgreSQL's statement_timeout: no statement,
	// a job's included, runs longer. Requests have a shorter deadline of
	// their own (internal/web).
	StatementTimeout = 30 * time.Second
	// IdleInTxTimeout ends a transaction that holds its locks without
	// doing anything, e.g. of a process that hung.
	IdleInTxTimeout = time.Minute
	// BusyTimeout is how long SQLite waits for another connection's write
	// lock before answering SQLITE_BUSY (ErrUnavailable); below the
	// requests' deadline so that a request gets the 503 itself.
	BusyTimeout = 3 * time.Second
)

// Open does not contact PostgreSQL (so the site can start while the database
// is down); it only rejects a malformed URL. For SQLite it opens the file right
// away, because a broken file is a configuration error worth failing fast on.
func Open(ctx context.Context, cfg Config) (*DB, error) {
	if cfg.DatabaseURL != "" {
		return openPostgres(cfg.DatabaseURL)
	}
	return openSQLite(ctx, cfg.DataDir)
}

func openPostgres(dsn string) (*DB, error) {
	if !strings.HasPrefix(dsn, "postgres://") && !strings.HasPrefix(dsn, "postgresql://") {
		return nil, fmt.Errorf("store: database URL must start with postgres:// or postgresql://")
	}
	cc, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("store: parse database URL: %w", err)
	}
	// A database that does not answer must not hold a request for longer
	// than its own deadline: connecting gives up after ConnectTimeout, and
	// the server cancels a statement (e.g. one waiting on a lock) after
	// statement_timeout and ends a transaction left idle (holding its
	// locks) after idle_in_transaction_session_timeout. The URL may set
	// each (connect_timeout=, statement_timeout=… in milliseconds).
	if cc.ConnectTimeout == 0 {
		cc.ConnectTimeout = ConnectTimeout
	}
	for name, ms := range map[string]time.Duration{
		"statement_timeout":                   StatementTimeout,
		"idle_in_transaction_session_timeout": IdleInTxTimeout,
	} {
		if _, set := cc.RuntimeParams[name]; !set {
			cc.RuntimeParams[name] = strconv.FormatInt(ms.Milliseconds(), 10)
		}
	}
	sdb := stdlib.OpenDB(*cc)
	sdb.SetMaxOpenConns(20)
	sdb.SetMaxIdleConns(10)
	// Recycle idle connections so a restarted or failed-over server is picked up.
	sdb.SetConnMaxIdleTime(5 * time.Minute)
	sdb.SetConnMaxLifetime(time.Hour)
	return &DB{db: sdb, dialect: dialectPostgres}, nil
}

func openSQLite(ctx context.Context, dir string) (*DB, error) {
	if dir == "" {
		dir = "."
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, classify(fmt.Errorf("store: create data dir: %w", err))
	}
	path, err := filepath.Abs(filepath.Join(dir, "site.db"))
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	q := url.Values{}
	// busy_timeout goes first (the driver orders it so) so that switching to
	// WAL does not fail while another connection holds the lock.
	q.Add("_pragma", "busy_timeout("+strconv.FormatInt(BusyTimeout.Milliseconds(), 10)+")")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "foreign_keys(1)")
	// NORMAL is durable enough in WAL mode and avoids an fsync per commit.
	q.Add("_pragma", "synchronous(NORMAL)")
	// BEGIN IMMEDIATE takes the write lock up front; a deferred transaction
	// that reads then writes can fail with SQLITE_BUSY without waiting.
	q.Set("_txlock", "immediate")
	dsn := "file:" + path + "?" + q.Encode()
	sdb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, classify(fmt.Errorf("store: open sqlite: %w", err))
	}
	sdb.SetMaxOpenConns(8)
	sdb.SetMaxIdleConns(8)
	db := &DB{db: sdb, dialect: dialectSQLite}
	// A real query, not just Ping: it makes SQLite read the header, so a file
	// that is not a database is reported here.
	var n int
	if err := sdb.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master").Scan(&n); err != nil {
		sdb.Close()
		return nil, classify(fmt.Errorf("store: open %s: %w", path, err))
	}
	return db, nil
}

// Ping reports ErrUnavailable when the database cannot be reached.
func (db *DB) Ping(ctx context.Context) error {
	return classify(db.db.PingContext(ctx))
}

func (db *DB) Close() error { return db.db.Close() }

// Embedded reports whether this is the built-in SQLite database.
func (db *DB) Embedded() bool { return db.dialect == dialectSQLite }

// Dialect is "sqlite" or "postgres".
func (db *DB) Dialect() string { return db.dialect }

// SQL exposes the handle for benchmarks and EXPLAIN; application code should
// use the typed methods.
func (db *DB) SQL() *sql.DB { return db.db }

// WithTx runs fn in a transaction, committing when fn returns nil. On SQLite
// the transaction takes the write lock at BEGIN (see _txlock), so concurrent
// writers queue instead of failing. Write raw SQL in fn with ? and pass it
// through Rebind, or use the *Tx methods such as EnqueueMailTx.
func (db *DB) WithTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return classify(err)
	}
	// Also releases the connection (and SQLite's write lock) if fn panics;
	// after Commit it is a no-op.
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return classify(err)
	}
	return classify(tx.Commit())
}

// Rebind turns ? placeholders into $1..$n on PostgreSQL, for callers that
// write their own SQL inside WithTx.
func (db *DB) Rebind(query string) string {
	if db.dialect != dialectPostgres {
		return query
	}
	return rebindDollar(query)
}

// rebindDollar leaves ? inside single-quoted literals alone as a safety net,
// though queries here are written without any.
func rebindDollar(query string) string {
	var b strings.Builder
	b.Grow(len(query) + 8)
	n := 0
	inQuote := false
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case c == '\'':
			inQuote = !inQuote
			b.WriteByte(c)
		case c == '?' && !inQuote:
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func (db *DB) exec(ctx context.Context, q querier, query string, args ...any) (sql.Result, error) {
	defer db.timed(time.Now())
	res, err := q.ExecContext(ctx, db.Rebind(query), args...)
	return res, classify(err)
}

func (db *DB) query(ctx context.Context, q querier, query string, args ...any) (*sql.Rows, error) {
	defer db.timed(time.Now())
	rows, err := q.QueryContext(ctx, db.Rebind(query), args...)
	return rows, classify(err)
}

func (db *DB) queryRow(ctx context.Context, q querier, query string, args ...any) *sql.Row {
	defer db.timed(time.Now())
	return q.QueryRowContext(ctx, db.Rebind(query), args...)
}

// mustAffect turns "no row matched" into ErrNotFound for updates by key.
func mustAffect(res sql.Result, err error) error {
	if err != nil {
		return classify(err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return classify(err)
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}
