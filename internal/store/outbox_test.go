package store_test

import (
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

func TestOutboxCycle(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		if _, ok, err := db.NextJobDue(ctx); err != nil || ok {
			t.Fatalf("NextJobDue on empty outbox = %v, %v", ok, err)
		}
		mails := []store.NewMail{
			{Kind: "verify", Recipient: "a@example.com", Locale: "nl", Payload: []byte(`{"user_id":"a"}`)},
			{Kind: "reset", Recipient: "b@example.com", Locale: "en", Payload: []byte(`{"n": 2}`)},
			{Kind: "welcome", Recipient: "c@example.com", Locale: "en", Payload: []byte(`{}`)},
		}
		if err := db.EnqueueMail(ctx, t0, mails...); err != nil {
			t.Fatal(err)
		}
		lease := time.Minute

		claimed, err := claimMail(ctx, db, t0, lease, 2)
		if err != nil {
			t.Fatal(err)
		}
		if len(claimed) != 2 || claimed[0].Recipient != "a@example.com" || claimed[1].Recipient != "b@example.com" {
			t.Fatalf("first claim = %+v", claimed)
		}
		m1, m2 := claimed[0], claimed[1]
		if m1.Attempts != 1 || m1.Kind != "verify" || m1.Locale != "nl" || string(m1.Payload) != `{"user_id":"a"}` {
			t.Fatalf("claimed message = %+v", m1)
		}
		sameTime(t, "CreatedAt", m1.CreatedAt, t0)

		steps := []struct {
			name  string
			now   time.Time
			limit int
			want  []string // recipients
		}{
			{"rest of the queue", t0, 10, []string{"c@example.com"}},
			{"everything leased", t0.Add(30 * time.Second), 10, nil},
			{"not yet due (future mail)", t0.Add(-time.Hour), 10, nil},
		}
		var m3 store.OutboxMessage
		for _, s := range steps {
			got, err := claimMail(ctx, db, s.now, lease, s.limit)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(s.want) {
				t.Fatalf("%s: claimed %d, want %d", s.name, len(got), len(s.want))
			}
			for i := range got {
				if got[i].Recipient != s.want[i] {
					t.Fatalf("%s: got %s", s.name, got[i].Recipient)
				}
				m3 = got[i]
			}
		}
		due, ok, err := db.NextJobDue(ctx)
		if err != nil || !ok {
			t.Fatalf("NextJobDue = %v, %v", ok, err)
		}
		sameTime(t, "NextJobDue while leased", due, t0.Add(lease))

		if err := db.MarkJobDone(ctx, m1.ID, t0.Add(time.Second)); err != nil {
			t.Fatal(err)
		}
		retryAt := t0.Add(10 * time.Minute)
		if err := db.MarkJobRetry(ctx, m2.ID, "smtp: 451 try later", retryAt, t0); err != nil {
			t.Fatal(err)
		}
		if err := db.MarkJobFailed(ctx, m3.ID, "smtp: 550 no such user", t0.Add(time.Second)); err != nil {
			t.Fatal(err)
		}
		wantErr(t, "MarkJobDone unknown", db.MarkJobDone(ctx, 999999, t0), store.ErrNotFound)

		pending, sent, failed, err := db.MailCounts(ctx)
		if err != nil || pending != 1 || sent != 1 || failed != 1 {
			t.Fatalf("MailCounts = %d %d %d, %v; want 1 1 1", pending, sent, failed, err)
		}
		due, ok, err = db.NextJobDue(ctx)
		if err != nil || !ok {
			t.Fatalf("NextJobDue = %v, %v", ok, err)
		}
		sameTime(t, "NextJobDue after retry", due, retryAt)

		if got, _ := claimMail(ctx, db, retryAt.Add(-time.Second), lease, 10); len(got) != 0 {
			t.Fatalf("claimed before retry time: %+v", got)
		}
		got, err := claimMail(ctx, db, retryAt, lease, 10)
		if err != nil || len(got) != 1 || got[0].ID != m2.ID || got[0].Attempts != 2 {
			t.Fatalf("retry claim = %+v, %v", got, err)
		}
		// The worker died: once the lease ends the message is claimable again.
		got, err = claimMail(ctx, db, retryAt.Add(lease), lease, 10)
		if err != nil || len(got) != 1 || got[0].ID != m2.ID || got[0].Attempts != 3 {
			t.Fatalf("claim after lease expiry = %+v, %v", got, err)
		}
		if err := db.MarkJobDone(ctx, m2.ID, retryAt.Add(lease)); err != nil {
			t.Fatal(err)
		}
		if got, _ := claimMail(ctx, db, t0.Add(24*time.Hour), lease, 10); len(got) != 0 {
			t.Fatalf("sent/failed mail claimed again: %+v", got)
		}
		if _, ok, _ := db.NextJobDue(ctx); ok {
			t.Fatal("NextJobDue reports work when none is pending")
		}
	})
}

func TestEnqueueMailTx(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		boom := errors.New("boom")
		err := db.WithTx(ctx, func(tx *sql.Tx) error {
			if err := db.EnqueueMailTx(ctx, tx, t0, store.NewMail{Kind: "k", Recipient: "r@example.com", Payload: []byte(`{}`)}); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("WithTx = %v", err)
		}
		err = db.WithTx(ctx, func(tx *sql.Tx) error {
			var n int
			if err := tx.QueryRowContext(ctx, db.Rebind(`SELECT COUNT(*) FROM jobs WHERE kind = ?`), store.JobMail).Scan(&n); err != nil {
				return err
			}
			if n != 0 {
				return fmt.Errorf("rolled-back mail is in the outbox")
			}
			return db.EnqueueMailTx(ctx, tx, t0, store.NewMail{Kind: "k", Recipient: "r@example.com", Payload: []byte(`{}`)})
		})
		if err != nil {
			t.Fatal(err)
		}
		if pending, _, _, err := db.MailCounts(ctx); err != nil || pending != 1 {
			t.Fatalf("pending = %d, %v; want 1", pending, err)
		}
	})
}

// Two server instances (two handles, several workers each) must never claim
// the same message.
func TestClaimMailConcurrentPostgres(t *testing.T) {
	dsn := storetest.PostgresURL(t)
	ctx := ctxT(t)
	a, err := store.Open(ctx, store.Config{DatabaseURL: dsn})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if err := a.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	b, err := store.Open(ctx, store.Config{DatabaseURL: dsn})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()

	const total = 200
	mails := make([]store.NewMail, total)
	for i := range mails {
		mails[i] = store.NewMail{Kind: "k", Recipient: fmt.Sprintf("u%d@example.com", i), Payload: []byte(`{}`)}
	}
	if err := a.EnqueueMail(ctx, t0, mails...); err != nil {
		t.Fatal(err)
	}

	var mu sync.Mutex
	seen := map[int64]int{}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for w := range 8 {
		db := a
		if w%2 == 1 {
			db = b
		}
		wg.Go(func() {
			for {
				got, err := claimMail(ctx, db, t0, time.Hour, 3)
				if err != nil {
					errs <- err
					return
				}
				if len(got) == 0 {
					return
				}
				mu.Lock()
				for _, m := range got {
					seen[m.ID]++
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if len(seen) != total {
		t.Fatalf("claimed %d distinct messages, want %d", len(seen), total)
	}
	for id, n := range seen {
		if n != 1 {
			t.Fatalf("message %d claimed %d times", id, n)
		}
	}
}
