package store

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/base64"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Job states. A job is pending until it is claimed; running while a worker
// holds its lease (a lease that ran out makes it claimable again); then
// done, failed (no attempts left or an error retrying cannot fix) or
// cancelled by staff.
const (
	JobPending   = "pending"
	JobRunning   = "running"
	JobDone      = "done"
	JobFailed    = "failed"
	JobCancelled = "cancelled"
)

// Job is one row of the job table. Payload is the kind's JSON.
type Job struct {
	ID                   int64
	Kind                 string
	Payload              []byte
	State                string
	Attempts             int
	RunAt                time.Time
	LastError            string
	UniqueKey            string
	CreatedAt, UpdatedAt time.Time
}

// NewJob is a job to insert. RunAt zero means now. A UniqueKey stops
// doubles: while a job with the same key is pending or running, inserting
// another is a no-op. With UniqueEver, a finished job with the key (done,
// failed or cancelled) stops it too, which is how a periodic job runs once
// per period however many instances schedule it.
type NewJob struct {
	Kind       string
	Payload    []byte
	RunAt      time.Time
	UniqueKey  string
	UniqueEver bool
}

// EnqueueJobs inserts jobs in a transaction of its own.
func (db *DB) EnqueueJobs(ctx context.Context, now time.Time, jobs ...NewJob) error {
	if len(jobs) == 0 {
		return nil
	}
	return db.WithTx(ctx, func(tx *sql.Tx) error { return db.EnqueueJobsTx(ctx, tx, now, jobs...) })
}

// EnqueueJobsTx inserts jobs inside the caller's transaction, so a job runs
// if and only if the change that caused it was committed.
func (db *DB) EnqueueJobsTx(ctx context.Context, tx *sql.Tx, now time.Time, jobs ...NewJob) error {
	_, err := db.enqueueJobsTx(ctx, tx, now, jobs...)
	return err
}

// EnqueueJobsCountTx is EnqueueJobsTx that also says how many of the jobs
// were inserted (a unique key already taken inserts none).
func (db *DB) EnqueueJobsCountTx(ctx context.Context, tx *sql.Tx, now time.Time, jobs ...NewJob) (int, error) {
	return db.enqueueJobsTx(ctx, tx, now, jobs...)
}

func (db *DB) enqueueJobsTx(ctx context.Context, tx *sql.Tx, now time.Time, jobs ...NewJob) (int, error) {
	inserted := 0
	for _, j := range jobs {
		payload := string(j.Payload)
		if payload == "" {
			payload = "{}"
		}
		runAt := j.RunAt
		if runAt.IsZero() {
			runAt = now
		}
		var key any
		if j.UniqueKey != "" {
			key = j.UniqueKey
		}
		tsType := "timestamptz"
		if db.dialect == dialectSQLite {
			tsType = "TEXT"
		}
		args := []any{j.Kind, payload, db.ts(runAt), db.ts(now), db.ts(now), key}
		guard := " WHERE true" // SQLite needs a WHERE before ON CONFLICT here
		if key != nil && j.UniqueEver {
			guard = ` WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE unique_key = ?)`
			args = append(args, key)
		}
		// The partial unique index settles a race between two inserts of a
		// pending key; ON CONFLICT makes the loser a no-op.
		q := `INSERT INTO jobs (kind, payload, state, attempts, run_at, created_at, updated_at, unique_key)
			SELECT CAST(? AS TEXT), CAST(? AS TEXT), 'pending', 0, CAST(? AS ` + tsType + `), CAST(? AS ` + tsType + `),
				CAST(? AS ` + tsType + `), CAST(? AS TEXT)` + guard + ` ON CONFLICT DO NOTHING`
		res, err := db.exec(ctx, tx, q, args...)
		if err != nil {
			return inserted, err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return inserted, classify(err)
		}
		inserted += int(n)
	}
	return inserted, nil
}

// unfinished is the condition the jobs_due index covers.
const unfinished = `state IN ('pending', 'running')`

// claimable: pending and due, or running with a lease that ran out (its
// worker died).
const claimable = `((state = 'pending' AND run_at <= ?) OR (state = 'running' AND locked_until <= ?))`

// ClaimJobs leases up to limit due jobs of the given kinds (all kinds when
// none are given), oldest first, and counts the attempt. A claimed job is
// invisible to other claimers until the lease ends, so a worker that dies
// mid-job only delays it. On PostgreSQL, SKIP LOCKED lets several instances
// claim concurrently without ever sharing a row; on SQLite the single
// UPDATE runs under the database write lock.
func (db *DB) ClaimJobs(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]Job, error) {
	if limit <= 0 {
		return nil, nil
	}
	lockClause := ""
	if db.dialect == dialectPostgres {
		lockClause = " FOR UPDATE SKIP LOCKED"
	}
	nowV := db.ts(now)
	rows, err := db.query(ctx, db.db, `UPDATE jobs SET state = 'running', locked_until = ?, attempts = attempts + 1, updated_at = ?
		WHERE id IN (
			SELECT id FROM jobs
			WHERE `+claimable+`
			ORDER BY id
			LIMIT ?`+lockClause+`
		)
		RETURNING `+jobColumns,
		db.ts(now.Add(lease)), nowV, nowV, nowV, limit)
	if err != nil {
		return nil, err
	}
	out, err := scanJobs(rows)
	if err != nil {
		return nil, err
	}
	// RETURNING gives no order guarantee.
	slices.SortFunc(out, func(a, b Job) int { return cmp.Compare(a.ID, b.ID) })
	return out, nil
}

const jobColumns = `id, kind, payload, state, attempts, run_at, COALESCE(last_error, ''), COALESCE(unique_key, ''), created_at, updated_at`

func scanJobs(rows *sql.Rows) ([]Job, error) {
	defer rows.Close()
	var out []Job
	for rows.Next() {
		var j Job
		var runAt, created, updated dbTime
		if err := rows.Scan(&j.ID, &j.Kind, &j.Payload, &j.State, &j.Attempts, &runAt, &j.LastError, &j.UniqueKey, &created, &updated); err != nil {
			return nil, classify(err)
		}
		j.RunAt, j.CreatedAt, j.UpdatedAt = runAt.Time, created.Time, updated.Time
		out = append(out, j)
	}
	return out, classify(rows.Err())
}

// finish records a claimed job's outcome. Only a running job changes, so an
// outcome recorded late (after the lease ran out and another worker took
// the job over and finished it) cannot undo that worker's outcome. An
// unknown id is ErrNotFound.
func (db *DB) finish(ctx context.Context, id int64, set string, args ...any) error {
	res, err := db.exec(ctx, db.db, `UPDATE jobs SET locked_until = NULL, `+set+` WHERE id = ? AND state = 'running'`,
		append(args, id)...)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n > 0 {
		return classify(err)
	}
	var one int
	return classify(db.queryRow(ctx, db.db, `SELECT 1 FROM jobs WHERE id = ?`, id).Scan(&one))
}

// MarkJobDone records a claimed job as done.
func (db *DB) MarkJobDone(ctx context.Context, id int64, now time.Time) error {
	return db.finish(ctx, id, `state = 'done', last_error = NULL, updated_at = ?`, db.ts(now))
}

// MarkJobRetry releases the lease and schedules the next attempt at next.
func (db *DB) MarkJobRetry(ctx context.Context, id int64, errText string, next, now time.Time) error {
	return db.finish(ctx, id, `state = 'pending', last_error = ?, run_at = ?, updated_at = ?`,
		errText, db.ts(next), db.ts(now))
}

// MarkJobFailed gives up on the job for good.
func (db *DB) MarkJobFailed(ctx context.Context, id int64, errText string, now time.Time) error {
	return db.finish(ctx, id, `state = 'failed', last_error = ?, updated_at = ?`, errText, db.ts(now))
}

// ReleaseJobs hands claimed jobs that were never started back at once (a
// worker shutting down): pending and due now, and the claim does not count
// as an attempt.
func (db *DB) ReleaseJobs(ctx context.Context, now time.Time, ids ...int64) error {
	if len(ids) == 0 {
		return nil
	}
	args := []any{db.ts(now), db.ts(now)}
	for _, id := range ids {
		args = append(args, id)
	}
	_, err := db.exec(ctx, db.db, `UPDATE jobs SET state = 'pending', locked_until = NULL, run_at = ?, updated_at = ?,
			attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END
		WHERE state = 'running' AND id IN (?`+strings.Repeat(", ?", len(ids)-1)+`)`, args...)
	return err
}

// NextJobDue lets the worker sleep until exactly the next job. A running
// job counts as due when its lease ends, so a worker never wakes early only
// to find nothing claimable.
// JobDepth counts the jobs waiting (pending), being run (running) and
// given up (failed), for the metrics.
func (db *DB) JobDepth(ctx context.Context) (map[string]int, error) {
	rows, err := db.query(ctx, db.db, `SELECT state, count(*) FROM jobs WHERE state IN (?, ?, ?) GROUP BY state`,
		JobPending, JobRunning, JobFailed)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	depth := map[string]int{JobPending: 0, JobRunning: 0, JobFailed: 0}
	for rows.Next() {
		var state string
		var n int
		if err := rows.Scan(&state, &n); err != nil {
			return nil, classify(err)
		}
		depth[state] = n
	}
	return depth, classify(rows.Err())
}

func (db *DB) NextJobDue(ctx context.Context) (time.Time, bool, error) {
	var due dbTime
	err := db.queryRow(ctx, db.db, `SELECT MIN(CASE WHEN state = 'running' THEN locked_until ELSE run_at END)
		FROM jobs WHERE `+unfinished).Scan(&due)
	if err != nil {
		return time.Time{}, false, classify(err)
	}
	return due.Time, due.Valid, nil
}

// ListJobs is a page of jobs, newest first, in one state ("" for all).
func (db *DB) ListJobs(ctx context.Context, state string, p Page) ([]Job, string, error) {
	var l listQuery
	if state != "" {
		l.where("state = ?", state)
	}
	if p.Cursor != "" {
		id, err := decodeJobCursor(p.Cursor)
		if err != nil {
			return nil, "", err
		}
		l.where("id < ?", id)
	}
	rows, err := db.query(ctx, db.db, `SELECT `+jobColumns+` FROM jobs`+l.sql()+` ORDER BY id DESC LIMIT ?`,
		append(l.args, p.limit()+1)...)
	if err != nil {
		return nil, "", err
	}
	out, err := scanJobs(rows)
	if err != nil || len(out) <= p.limit() {
		return out, "", err
	}
	out = out[:p.limit()]
	return out, encodeJobCursor(out[len(out)-1].ID), nil
}

// A job list's cursor: the id of the last job of the page before.
func encodeJobCursor(id int64) string {
	return base64.RawURLEncoding.EncodeToString([]byte("job|" + strconv.FormatInt(id, 10)))
}

func decodeJobCursor(s string) (int64, error) {
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return 0, ErrBadCursor
	}
	n, err := strconv.ParseInt(strings.TrimPrefix(string(raw), "job|"), 10, 64)
	if err != nil || n < 1 || !strings.HasPrefix(string(raw), "job|") {
		return 0, ErrBadCursor
	}
	return n, nil
}

// JobByID is one job; ErrNotFound if there is none.
func (db *DB) JobByID(ctx context.Context, id int64) (Job, error) {
	rows, err := db.query(ctx, db.db, `SELECT `+jobColumns+` FROM jobs WHERE id = ?`, id)
	if err != nil {
		return Job{}, err
	}
	out, err := scanJobs(rows)
	if err != nil {
		return Job{}, err
	}
	if len(out) == 0 {
		return Job{}, ErrNotFound
	}
	return out[0], nil
}

// RetryJob makes a failed or cancelled job pending and due now, with its
// attempts counted afresh. ErrStale if the job is in another state,
// ErrNotFound if there is none.
func (db *DB) RetryJob(ctx context.Context, id int64, now time.Time) (Job, error) {
	return db.moveJob(ctx, id, `state = 'pending', attempts = 0, run_at = ?, locked_until = NULL, updated_at = ?`,
		[]any{db.ts(now), db.ts(now)}, `state IN ('failed', 'cancelled')`)
}

// CancelJob cancels a pending job, so it never runs. ErrStale if the job is
// in another state (a running job is left to finish), ErrNotFound if there
// is none.
func (db *DB) CancelJob(ctx context.Context, id int64, now time.Time) (Job, error) {
	return db.moveJob(ctx, id, `state = 'cancelled', updated_at = ?`, []any{db.ts(now)}, `state = 'pending'`)
}

func (db *DB) moveJob(ctx context.Context, id int64, set string, args []any, from string) (Job, error) {
	rows, err := db.query(ctx, db.db, `UPDATE jobs SET `+set+` WHERE id = ? AND `+from+` RETURNING `+jobColumns,
		append(args, id)...)
	if err != nil {
		return Job{}, err
	}
	out, err := scanJobs(rows)
	if err != nil {
		return Job{}, err
	}
	if len(out) == 1 {
		return out[0], nil
	}
	if _, err := db.JobByID(ctx, id); err != nil {
		return Job{}, err
	}
	return Job{}, ErrStale
}
