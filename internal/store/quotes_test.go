package store_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/google/uuid"
)

func TestQuoteRequestRoundTrip(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		user := mkUser(t, db, "")
		in := store.QuoteRequest{
			ID:          strings.ToUpper(uuid.NewString()), // stored in canonical form
			FullName:    "Zoë de Vries",
			CompanyName: "Bakkerij 't Hoekje",
			Email:       "zoe@example.nl",
			Description: "Line one\nLine two: 東京 🚀",
			Language:    "dutch",
			Locale:      "nl",
			TimeZone:    "Europe/Amsterdam",
			UserID:      user.ID,
		}
		mails := []store.NewMail{
			{Kind: "quote.inbox", Recipient: "quotes@belwise.test", Payload: []byte(`{"quoteId":"x"}`)},
			{Kind: "quote.confirmation", Recipient: in.Email, Locale: "nl", Payload: []byte(`{"quoteId":"x"}`)},
		}
		id, err := db.CreateQuoteRequest(ctx, in, mails, t0)
		if err != nil {
			t.Fatal(err)
		}
		if id != strings.ToLower(in.ID) {
			t.Fatalf("id = %q, want the canonical form of %q", id, in.ID)
		}
		got, err := db.QuoteRequest(ctx, strings.ToUpper(id))
		if err != nil {
			t.Fatal(err)
		}
		sameTime(t, "SubmittedAt", got.SubmittedAt, t0)
		want := in
		want.ID, want.SubmittedAt = id, got.SubmittedAt
		want.Status, want.Source, want.Version = "new", "form", 1
		if got != want {
			t.Fatalf("got  %+v\nwant %+v", got, want)
		}
		if n, err := db.QuoteCount(ctx); n != 1 || err != nil {
			t.Fatalf("QuoteCount = %d, %v", n, err)
		}
		claimed, err := claimMail(ctx, db, t0, time.Minute, 10)
		if err != nil || len(claimed) != 2 || claimed[0].Kind != "quote.inbox" || claimed[0].Locale != "en" ||
			claimed[1].Recipient != "zoe@example.nl" || claimed[1].Locale != "nl" {
			t.Fatalf("queued mail = %+v, %v", claimed, err)
		}
	})
}

func TestQuoteRequestUser(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		create := func(userID string) store.QuoteRequest {
			t.Helper()
			id, err := db.CreateQuoteRequest(ctx, store.QuoteRequest{FullName: "A", Email: "a@example.com",
				Description: "d", Language: "english", UserID: userID}, nil, t0)
			if err != nil {
				t.Fatalf("CreateQuoteRequest(user %q): %v", userID, err)
			}
			q, err := db.QuoteRequest(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if q.Locale != "en" {
				t.Errorf("default locale = %q", q.Locale)
			}
			return q
		}
		if q := create(""); q.UserID != "" {
			t.Errorf("anonymous request has user %q", q.UserID)
		}
		// An account that vanished between sign-in and submit, or garbage,
		// must not cost the visitor their request.
		for _, bad := range []string{uuid.NewString(), "not-a-uuid"} {
			if q := create(bad); q.UserID != "" {
				t.Errorf("user %q stored as %q, want NULL", bad, q.UserID)
			}
		}

		user := mkUser(t, db, "")
		q := create(user.ID)
		if q.UserID != user.ID {
			t.Fatalf("user = %q, want %q", q.UserID, user.ID)
		}
		// Deleting the account keeps the request, without the link.
		if _, err := db.SQL().ExecContext(ctx, db.Rebind(`DELETE FROM users WHERE id = ?`), user.ID); err != nil {
			t.Fatal(err)
		}
		q, err := db.QuoteRequest(ctx, q.ID)
		if err != nil || q.UserID != "" {
			t.Fatalf("after deleting the user: %+v, %v", q, err)
		}
		if n, err := db.QuoteCount(ctx); n != 4 || err != nil {
			t.Fatalf("QuoteCount = %d, %v", n, err)
		}
	})
}

func TestQuoteRequestAtomicAndNotFound(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		wantErr(t, "QuoteRequest(garbage)", func() error { _, err := db.QuoteRequest(ctx, "nope"); return err }(), store.ErrNotFound)
		wantErr(t, "QuoteRequest(unknown)", func() error { _, err := db.QuoteRequest(ctx, uuid.NewString()); return err }(), store.ErrNotFound)
		if _, err := db.CreateQuoteRequest(ctx, store.QuoteRequest{ID: "nope"}, nil, t0); err == nil {
			t.Fatal("a malformed id was accepted")
		}

		q := store.QuoteRequest{ID: uuid.NewString(), FullName: "A", Email: "a@example.com", Description: "d", Language: "english"}
		mail := []store.NewMail{{Kind: "quote.inbox", Recipient: "quotes@belwise.test"}}
		if _, err := db.CreateQuoteRequest(ctx, q, mail, t0); err != nil {
			t.Fatal(err)
		}
		// A failed insert queues nothing; here the id is taken…
		_, err := db.CreateQuoteRequest(ctx, q, mail, t0)
		wantErr(t, "duplicate id", err, store.ErrConflict)
		// …and here the language breaks a CHECK constraint.
		q.ID, q.Language = "", "klingon"
		if _, err := db.CreateQuoteRequest(ctx, q, mail, t0); err == nil {
			t.Fatal("an unknown language was stored")
		}
		pending, _, _, err := db.MailCounts(ctx)
		if err != nil || pending != 1 {
			t.Fatalf("pending mail = %d, %v; want only the first request's", pending, err)
		}
		if n, _ := db.QuoteCount(ctx); n != 1 {
			t.Fatalf("QuoteCount = %d, want 1", n)
		}
	})
}

// A repeat (same fingerprint within the window) is answered with the first
// request: nothing stored, nothing queued; concurrent repeats store one.
func TestCreateQuoteRequestOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		q := store.QuoteRequest{FullName: "Anna", Email: "anna@example.nl", Description: "d", Language: "dutch", Fingerprint: "fp-1"}
		mail := func() []store.NewMail {
			return []store.NewMail{{Kind: "quote.inbox", Recipient: "quotes@belwise.test", Payload: []byte(`{}`)}}
		}
		first, created, err := db.CreateQuoteRequestOnce(ctx, q, t0.Add(-15*time.Minute), mail(), t0)
		if err != nil || !created {
			t.Fatalf("first: %q %v %v", first, created, err)
		}
		again, created, err := db.CreateQuoteRequestOnce(ctx, q, t0.Add(-14*time.Minute), mail(), t0.Add(time.Minute))
		if err != nil || created || again != first {
			t.Fatalf("repeat: %q %v %v, want %q not created", again, created, err, first)
		}
		if id, found, err := db.SameQuote(ctx, "fp-1", t0); err != nil || !found || id != first {
			t.Fatalf("SameQuote = %q %v %v", id, found, err)
		}
		if _, found, err := db.SameQuote(ctx, "fp-1", t0.Add(time.Second)); err != nil || found {
			t.Fatalf("SameQuote after the first: found %v, %v", found, err)
		}
		// Outside the window, or with another fingerprint, it is a new request.
		later, created, err := db.CreateQuoteRequestOnce(ctx, q, t0.Add(time.Second), mail(), t0.Add(16*time.Minute))
		if err != nil || !created || later == first {
			t.Fatalf("after the window: %q %v %v", later, created, err)
		}
		q2 := q
		q2.Fingerprint = "fp-2"
		if _, created, err := db.CreateQuoteRequestOnce(ctx, q2, t0.Add(-15*time.Minute), mail(), t0.Add(16*time.Minute)); err != nil || !created {
			t.Fatalf("other fingerprint: %v %v", created, err)
		}
		// Without a fingerprint nothing is a repeat.
		for range 2 {
			if _, err := db.CreateQuoteRequest(ctx, q, mail(), t0.Add(17*time.Minute)); err != nil {
				t.Fatal(err)
			}
		}
		if n, err := db.QuoteCount(ctx); n != 5 || err != nil {
			t.Fatalf("QuoteCount = %d, %v; want 5", n, err)
		}
		claimed, err := claimMail(ctx, db, t0.Add(time.Hour), time.Minute, 100)
		if err != nil || len(claimed) != 5 {
			t.Fatalf("queued mail: %d, %v; want one per stored request (5)", len(claimed), err)
		}

		// Eight posts of one new request at once store it once.
		q3 := q
		q3.Fingerprint = "fp-3"
		ids := make(chan string, 8)
		errs := make(chan error, 8)
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				id, created, err := db.CreateQuoteRequestOnce(ctx, q3, t0, mail(), t0.Add(20*time.Minute))
				if err != nil {
					errs <- err
					return
				}
				if created {
					ids <- id
				}
			})
		}
		wg.Wait()
		close(ids)
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		if len(ids) != 1 {
			t.Fatalf("concurrent repeats created %d requests, want 1", len(ids))
		}
	})
}
