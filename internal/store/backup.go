package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ErrNotEmbedded answers Backup on PostgreSQL, whose backups are
// pg_dump's.
var ErrNotEmbedded = errors.New("store: not the embedded database")

// Backup writes a consistent copy of the embedded database to dst while
// the site runs (VACUUM INTO: one read transaction, so writers go on),
// checks the copy with PRAGMA integrity_check, and only then gives it its
// name; dst must not exist. Last it checkpoints the write-ahead log
// (TRUNCATE), so the log does not stay as large as it grew meanwhile; a
// checkpoint that other connections keep busy is left to SQLite's own.
func (db *DB) Backup(ctx context.Context, dst string) error {
	if db.dialect != dialectSQLite {
		return ErrNotEmbedded
	}
	dst, err := filepath.Abs(dst)
	if err != nil {
		return err
	}
	if _, err := os.Stat(dst); err == nil {
		return fmt.Errorf("store: backup: %s exists", dst)
	}
	tmp := dst + ".partial"
	os.Remove(tmp)
	if _, err := db.db.ExecContext(ctx, "VACUUM INTO ?", tmp); err != nil {
		os.Remove(tmp)
		return classify(fmt.Errorf("store: backup: %w", err))
	}
	if err := checkIntegrity(ctx, tmp); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, dst); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("store: backup: %w", err)
	}
	var busy, logPages, moved int
	if err := db.db.QueryRowContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)").Scan(&busy, &logPages, &moved); err != nil {
		return classify(fmt.Errorf("store: backup written; checkpoint: %w", err))
	}
	return nil
}

// checkIntegrity opens the file read-only on its own and runs PRAGMA
// integrity_check, which answers the single row "ok" for a sound file.
func checkIntegrity(ctx context.Context, path string) error {
	c, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return fmt.Errorf("store: backup check: %w", err)
	}
	defer c.Close()
	rows, err := c.QueryContext(ctx, "PRAGMA integrity_check")
	if err != nil {
		return fmt.Errorf("store: backup check: %w", err)
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return fmt.Errorf("store: backup check: %w", err)
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: backup check: %w", err)
	}
	if len(problems) > 0 {
		return fmt.Errorf("store: backup check failed: %v", problems)
	}
	return nil
}
