package store_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// Calls are counted per order and per calendar month in Amsterdam: a call
// of 1 March 00:30 there (28 February 23:30 UTC) is March's, and one query
// counts a whole page of orders.
func TestOrderCallCountsAndUsageByMonth(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		putAgents(t, db, testAgents)
		a := orderFor(t, db, assistantA)
		b := orderFor(t, db, assistantB)
		none := orderFor(t, db, "")
		edge := time.Date(2025, 2, 28, 23, 30, 0, 0, time.UTC)
		feb := time.Date(2025, 2, 10, 9, 0, 0, 0, time.UTC)
		record(t, db, report("a-edge", assistantA, edge), t0)
		record(t, db, report("a-mar", assistantA, t0), t0)
		record(t, db, report("a-feb", assistantA, feb), feb)
		record(t, db, report("b-mar", assistantB, t0), t0)
		// A deleted call keeps its usage line, and still counts.
		c := record(t, db, report("b-gone", assistantB, t0.Add(time.Hour)), t0.Add(time.Hour))
		if err := db.DeleteCall(ctx, b.ID, c.ID, t0.Add(2*time.Hour)); err != nil {
			t.Fatal(err)
		}

		from := store.UsageOpenFrom(t0)
		to := time.Date(2025, 3, 31, 22, 0, 0, 0, time.UTC)
		counts, err := db.OrderCallCounts(ctx, []string{a.ID, b.ID, none.ID, "not-an-id"}, from, to)
		if err != nil {
			t.Fatal(err)
		}
		if len(counts) != 2 || counts[a.ID] != 2 || counts[b.ID] != 2 || counts[none.ID] != 0 {
			t.Fatalf("counts = %v", counts)
		}
		if counts, err := db.OrderCallCounts(ctx, nil, from, to); err != nil || len(counts) != 0 {
			t.Fatalf("no orders: %v, %v", counts, err)
		}

		months, err := db.OrderUsageByMonth(ctx, a.ID)
		if err != nil {
			t.Fatal(err)
		}
		want := []store.UsageMonth{
			{Month: "2025-03", Calls: 2, Seconds: 240, CostCents: 40, Currency: "EUR"},
			{Month: "2025-02", Calls: 1, Seconds: 120, CostCents: 20, Currency: "EUR"},
		}
		if len(months) != len(want) || months[0] != want[0] || months[1] != want[1] {
			t.Fatalf("months = %+v, want %+v", months, want)
		}
		if months, err := db.OrderUsageByMonth(ctx, none.ID); err != nil || len(months) != 0 {
			t.Fatalf("an order without calls: %+v, %v", months, err)
		}
		if months, err := db.OrderUsageByMonth(ctx, "not-an-id"); err != nil || len(months) != 0 {
			t.Fatalf("a malformed id: %+v, %v", months, err)
		}
	})
}

// The last sign-in is the newest kept session's start; a staff member's
// session still waiting for the second step is none.
func TestAccountSignIns(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		buyer := mkUser(t, db, "")
		got, err := db.AccountSignIns(ctx, buyer.ID)
		if err != nil || !got.LastSignIn.IsZero() || !got.LastSeen.IsZero() {
			t.Fatalf("no sessions: %+v, %v", got, err)
		}
		session := func(userID string, n byte, created, seen time.Time, second *time.Time) {
			t.Helper()
			if err := db.CreateSession(ctx, store.Session{TokenHash: []byte{n, 1, 2, 3}, UserID: userID, CreatedAt: created,
				LastSeenAt: seen, ExpiresAt: seen.Add(24 * time.Hour), SecondStepAt: second}); err != nil {
				t.Fatal(err)
			}
		}
		session(buyer.ID, 1, t0, t0.Add(3*time.Hour), nil)
		session(buyer.ID, 2, t0.Add(time.Hour), t0.Add(2*time.Hour), nil)
		got, err = db.AccountSignIns(ctx, buyer.ID)
		if err != nil {
			t.Fatal(err)
		}
		sameTime(t, "LastSignIn", got.LastSignIn, t0.Add(time.Hour))
		sameTime(t, "LastSeen", got.LastSeen, t0.Add(3*time.Hour))

		staff := mkUser(t, db, "")
		if err := db.SetUserRole(ctx, staff.ID, store.RoleStaff); err != nil {
			t.Fatal(err)
		}
		session(staff.ID, 3, t0.Add(5*time.Hour), t0.Add(5*time.Hour), nil) // pending
		if got, err := db.AccountSignIns(ctx, staff.ID); err != nil || !got.LastSignIn.IsZero() {
			t.Fatalf("a pending session counted: %+v, %v", got, err)
		}
		session(staff.ID, 4, t0.Add(6*time.Hour), t0.Add(6*time.Hour), tp(t0.Add(6*time.Hour)))
		got, err = db.AccountSignIns(ctx, staff.ID)
		if err != nil {
			t.Fatal(err)
		}
		sameTime(t, "staff LastSignIn", got.LastSignIn, t0.Add(6*time.Hour))
		wantErr(t, "a malformed id", func() error { _, err := db.AccountSignIns(ctx, "nope"); return err }(), store.ErrNotFound)
	})
}

// An account's invitation emails are found by their payload's user id,
// newest first; other kinds and other accounts' emails are not.
func TestUserMailJobs(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		u := mkUser(t, db, "")
		other := mkUser(t, db, "")
		data := func(id string) []byte { b, _ := json.Marshal(map[string]string{"userId": id}); return b }
		if err := db.EnqueueMail(ctx, t0,
			store.NewMail{Kind: "auth.invite", Recipient: u.Email, Locale: "nl", Payload: data(u.ID)},
			store.NewMail{Kind: "auth.verify", Recipient: u.Email, Locale: "nl", Payload: data(u.ID)},
			store.NewMail{Kind: "auth.invite", Recipient: other.Email, Locale: "en", Payload: data(other.ID)},
		); err != nil {
			t.Fatal(err)
		}
		if err := db.EnqueueJobs(ctx, t0, store.NewJob{Kind: "cleanup", Payload: []byte(`{}`)}); err != nil {
			t.Fatal(err)
		}
		if err := db.EnqueueMail(ctx, t0.Add(time.Hour), store.NewMail{Kind: "auth.invite", Recipient: u.Email, Locale: "nl", Payload: data(u.ID)}); err != nil {
			t.Fatal(err)
		}
		jobs, err := db.UserMailJobs(ctx, u.ID, "auth.invite")
		if err != nil {
			t.Fatal(err)
		}
		if len(jobs) != 2 || jobs[0].ID <= jobs[1].ID || jobs[0].Kind != "auth.invite" || jobs[0].State != store.JobPending {
			t.Fatalf("jobs = %+v", jobs)
		}
		sameTime(t, "newest CreatedAt", jobs[0].CreatedAt, t0.Add(time.Hour))
		if jobs, err := db.UserMailJobs(ctx, "nope", "auth.invite"); err != nil || len(jobs) != 0 {
			t.Fatalf("a malformed id: %+v, %v", jobs, err)
		}
	})
}
