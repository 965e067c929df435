package store

import (
	"context"
	"fmt"
)

// MigrateTo applies migrations up to and including version, so a test can
// put rows in an older schema and then migrate them.
func (db *DB) MigrateTo(ctx context.Context, version int64) error {
	p, err := db.migrations(ctx)
	if err != nil {
		return err
	}
	if _, err := p.UpTo(ctx, version); err != nil {
		return fmt.Errorf("store: migrate to %d: %w", version, err)
	}
	return nil
}

// MigrateDownTo rolls migrations back until version is the newest applied.
func (db *DB) MigrateDownTo(ctx context.Context, version int64) error {
	p, err := db.migrations(ctx)
	if err != nil {
		return err
	}
	if _, err := p.DownTo(ctx, version); err != nil {
		return fmt.Errorf("store: migrate down to %d: %w", version, err)
	}
	return nil
}

// SetFTSSparse sets how many matches SQLite reads by id (see ftsMatch), so a
// test can take the other way with a few calls; it returns the undo.
func SetFTSSparse(n int) func() {
	old := ftsSparse
	ftsSparse = n
	return func() { ftsSparse = old }
}

// Classify is classify, for the external tests.
var Classify = classify
