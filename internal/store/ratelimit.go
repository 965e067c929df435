package store

import (
	"context"
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
