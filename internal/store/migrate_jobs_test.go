package store_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
)

// Mail in the outbox when migration 10 runs comes through it as mail jobs:
// pending mail is sent, mail being sent when the old server stopped is
// claimable once its lease ends, sent and failed mail stay finished, and
// every row keeps its id and created_at, so its Message-ID stays the same.
// New jobs then get new ids, and the migration rolls back and forward.
func TestMigrationJobs(t *testing.T) {
	migratedTo(t, 9, func(t *testing.T, ctx context.Context, db *store.DB, exec func(string, ...any), ts func(time.Time) any) {
		insert := func(id int, kind, to, payload string, attempts int, next time.Time, locked, sent, failed any, lastErr any) {
			t.Helper()
			q := `INSERT INTO outbox (id, kind, recipient, locale, payload, attempts, created_at, next_attempt_at, locked_until, sent_at, failed_at, last_error)
					VALUES (?, ?, ?, 'nl', ?, ?, ?, ?, ?, ?, ?, ?)`
			if !db.Embedded() {
				q = `INSERT INTO outbox (id, kind, recipient, locale, payload, attempts, created_at, next_attempt_at, locked_until, sent_at, failed_at, last_error)
						OVERRIDING SYSTEM VALUE VALUES (?, ?, ?, 'nl', ?, ?, ?, ?, ?, ?, ?, ?)`
			}
			if _, err := db.SQL().ExecContext(ctx, db.Rebind(q), id, kind, to, payload, attempts, ts(t0), ts(next), locked, sent, failed, lastErr); err != nil {
				t.Fatal(err)
			}
		}
		lease := t0.Add(2 * time.Minute)
		insert(3, "verify", "due@example.nl", `{"name":"Ann"}`, 0, t0, nil, nil, nil, nil)
		insert(5, "reset", "inflight@example.nl", `{"n":1}`, 1, t0, ts(lease), nil, nil, nil)
		insert(7, "verify", "retry@example.nl", `{}`, 2, t0.Add(time.Hour), nil, nil, nil, "421 busy")
		insert(8, "verify", "sent@example.nl", `{}`, 1, t0, nil, ts(t0), nil, nil)
		insert(9, "verify", "failed@example.nl", `{}`, 12, t0, nil, nil, ts(t0), "550 no such user")
		insert(11, "verify", "bad@example.nl", `{not json`, 0, t0, nil, nil, nil, nil)
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}

		if pending, sent, failed, err := db.MailCounts(ctx); err != nil || pending != 4 || sent != 1 || failed != 1 {
			t.Fatalf("MailCounts = %d %d %d, %v; want 4 1 1", pending, sent, failed, err)
		}
		claim := func(at time.Time) map[string]store.OutboxMessage {
			t.Helper()
			got, err := claimMail(ctx, db, at, time.Minute, 10)
			if err != nil {
				t.Fatal(err)
			}
			out := map[string]store.OutboxMessage{}
			for _, m := range got {
				out[m.Recipient] = m
			}
			return out
		}
		got := claim(t0)
		if len(got) != 2 {
			t.Fatalf("claimed at t0: %v; want the due and the unreadable mail", got)
		}
		due := got["due@example.nl"]
		if due.ID != 3 || due.Kind != "verify" || due.Locale != "nl" || due.Attempts != 1 {
			t.Fatalf("due mail = %+v", due)
		}
		var data map[string]string
		if err := json.Unmarshal(due.Payload, &data); err != nil || data["name"] != "Ann" {
			t.Fatalf("payload %s: %v", due.Payload, err)
		}
		sameTime(t, "CreatedAt", due.CreatedAt, t0)
		// The unreadable payload stays unreadable: the renderer refuses it
		// as before, instead of the migration failing.
		if bad := got["bad@example.nl"]; bad.ID != 11 || json.Unmarshal(bad.Payload, &data) == nil {
			t.Fatalf("unreadable mail = %+v (%s)", bad, bad.Payload)
		}
		for _, m := range got {
			if err := db.MarkJobDone(ctx, m.ID, t0); err != nil {
				t.Fatal(err)
			}
		}
		// The mail in flight comes back when its lease ends, with its
		// attempt counted.
		if got := claim(lease.Add(-time.Second)); len(got) != 0 {
			t.Fatalf("claimed during the old lease: %v", got)
		}
		inflight := claim(lease)["inflight@example.nl"]
		if inflight.ID != 5 || inflight.Kind != "reset" || inflight.Attempts != 2 {
			t.Fatalf("in-flight mail = %+v", inflight)
		}
		if err := db.MarkJobDone(ctx, inflight.ID, lease); err != nil {
			t.Fatal(err)
		}
		retry := claim(t0.Add(time.Hour))["retry@example.nl"]
		if retry.ID != 7 || retry.Attempts != 3 {
			t.Fatalf("retried mail = %+v", retry)
		}
		if err := db.MarkJobRetry(ctx, retry.ID, "421 busy", t0.Add(72*time.Hour), t0); err != nil {
			t.Fatal(err)
		}
		if got := claim(t0.Add(24 * time.Hour)); len(got) != 0 {
			t.Fatalf("claimed again: %v", got)
		}

		// A new job gets an id past the migrated ones.
		if err := db.EnqueueMail(ctx, t0, store.NewMail{Kind: "verify", Recipient: "new@example.nl"}); err != nil {
			t.Fatal(err)
		}
		jobs, err := db.ClaimJobs(ctx, t0.Add(48*time.Hour), time.Minute, 10)
		if err != nil || len(jobs) != 1 || jobs[0].ID <= 11 {
			// (the retried mail is due only at 72 h)
			t.Fatalf("new job = %+v, %v", jobs, err)
		}

		// Down and up again with the mail in it.
		if err := db.MarkJobDone(ctx, jobs[0].ID, t0); err != nil {
			t.Fatal(err)
		}
		if err := db.MigrateDownTo(ctx, 9); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL`).Scan(&n); err != nil || n != 5 {
			t.Fatalf("sent rows after down = %d, %v", n, err)
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		if pending, sent, failed, err := db.MailCounts(ctx); err != nil || pending != 1 || sent != 5 || failed != 1 {
			t.Fatalf("MailCounts after down and up = %d %d %d, %v; want 1 5 1", pending, sent, failed, err)
		}
	})
}
