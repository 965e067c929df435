package store

import (
	"context"
	"embed"
	"fmt"
	"hash/fnv"
	"io/fs"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrationsFS embed.FS

// Migrate applies pending migrations. On PostgreSQL an advisory lock makes
// concurrent calls from several server instances safe: one migrates, the
// others wait and then find nothing to do.
func (db *DB) Migrate(ctx context.Context) error {
	p, err := db.migrations(ctx)
	if err != nil {
		return err
	}
	if _, err := p.Up(ctx); err != nil {
		return classify(fmt.Errorf("store: migrate: %w", err))
	}
	return nil
}

func (db *DB) migrations(ctx context.Context) (*goose.Provider, error) {
	dir := "migrations/" + db.dialect
	fsys, err := fs.Sub(migrationsFS, dir)
	if err != nil {
		return nil, fmt.Errorf("store: migrations: %w", err)
	}
	opts := []goose.ProviderOption{
		goose.WithLogger(goose.NopLogger()),
		// Go migrations registered globally by some other package must not
		// leak into this schema's history.
		goose.WithDisableGlobalRegistry(true),
	}
	dialect := goose.DialectSQLite3
	if db.dialect == dialectPostgres {
		dialect = goose.DialectPostgres
		lockID, err := db.migrationLockID(ctx)
		if err != nil {
			return nil, err
		}
		// The lock is keyed by schema: instances sharing a schema exclude each
		// other, while unrelated schemas in one database (parallel test
		// packages) don't queue behind each other. Polling every second
		// rather than goose's default 5s keeps the waiting short.
		locker, err := lock.NewPostgresSessionLocker(lock.WithLockID(lockID), lock.WithLockTimeout(1, 300))
		if err != nil {
			return nil, fmt.Errorf("store: migration lock: %w", err)
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	p, err := goose.NewProvider(dialect, db.db, fsys, opts...)
	if err != nil {
		return nil, fmt.Errorf("store: migrations: %w", err)
	}
	return p, nil
}

func (db *DB) migrationLockID(ctx context.Context) (int64, error) {
	var schema string
	if err := db.db.QueryRowContext(ctx, "SELECT COALESCE(current_schema(), '')").Scan(&schema); err != nil {
		return 0, classify(fmt.Errorf("store: migrate: %w", err))
	}
	h := fnv.New64a()
	h.Write([]byte("belwise-site-goose:" + schema))
	return int64(h.Sum64()), nil
}

// MigrationsSum is a short digest of the PostgreSQL migrations' names and
// contents. Tests key a migrated template database by it (storetest), so a
// changed or added migration gets a template of its own.
func MigrationsSum() string {
	h := fnv.New64a()
	_ = fs.WalkDir(migrationsFS, "migrations/"+dialectPostgres, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := migrationsFS.ReadFile(path)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", path, len(b))
		h.Write(b)
		return nil
	})
	return fmt.Sprintf("%016x", h.Sum64())
}
