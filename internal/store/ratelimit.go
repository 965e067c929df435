package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Hit counts one event against key in a fixed window and returns the count
// so far and when the window ends. It is a single statement, so concurrent
// hits from any number of server instances each get a distinct count.
func (db *DB) Hit(ctx context.Context, key string, window time.Duration, now time.Time) (count int, resetAt time.Time, err error) {
	nowV := db.ts(now)
	var end dbTime
	err = db.queryRow(ctx, db.db, `INSERT INTO rate_limits (key, count, window_end) VALUES (?, 1, ?)
		ON CONFLICT (key) DO UPDATE SET
			count = CASE WHEN rate_limits.window_end <= ? THEN 1 ELSE rate_limits.count + 1 END,
			window_end = CASE WHEN rate_limits.window_end <= ? THEN excluded.window_end ELSE rate_limits.window_end END
		RETURNING count, window_end`,
		key, db.ts(now.Add(window)), nowV, nowV).Scan(&count, &end)
	if err != nil {
		return 0, time.Time{}, classify(err)
	}
	return count, end.Time, nil
}

// Unhit takes back one event counted by Hit, as long as the window Hit
// reported (resetAt) is still the current one; a later window is left alone.
func (db *DB) Unhit(ctx context.Context, key string, resetAt time.Time) error {
	_, err := db.exec(ctx, db.db, `UPDATE rate_limits SET count = count - 1 WHERE key = ? AND window_end = ? AND count > 0`,
		key, db.ts(resetAt))
	return err
}

// HitCount is the count under key in the window running at now (0 when
// there is none).
func (db *DB) HitCount(ctx context.Context, key string, now time.Time) (int, error) {
	var n int
	err := db.queryRow(ctx, db.db, `SELECT count FROM rate_limits WHERE key = ? AND window_end > ?`, key, db.ts(now)).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return n, classify(err)
}

// Remember keeps key alive with a count of at least 1 until until (or later,
// if it already lasts longer): a marker such as "this address signed in to
// this account", which the hourly cleanup removes once it lapses.
func (db *DB) Remember(ctx context.Context, key string, until time.Time) error {
	_, err := db.exec(ctx, db.db, `INSERT INTO rate_limits (key, count, window_end) VALUES (?, 1, ?)
		ON CONFLICT (key) DO UPDATE SET count = 1,
			window_end = CASE WHEN rate_limits.window_end > excluded.window_end THEN rate_limits.window_end ELSE excluded.window_end END`,
		key, db.ts(until))
	return err
}

// ForgetHits deletes the counter under key.
func (db *DB) ForgetHits(ctx context.Context, key string) error {
	_, err := db.exec(ctx, db.db, `DELETE FROM rate_limits WHERE key = ?`, key)
	return err
}
