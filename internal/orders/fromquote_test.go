package orders_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/google/uuid"
)

// t0 has sub-microsecond digits on purpose, as in the store's tests.
var t0 = time.Date(2025, 3, 10, 12, 0, 0, 123456789, time.UTC)

var testAgents = []store.Agent{
	{ID: "11111111-1111-4111-8111-111111111111", NameEn: "A", NameNl: "A-nl", TitleEn: "Agent A", TitleNl: "Agent A (nl)",
		DescriptionEn: "first", DescriptionNl: "eerste", DeliveryDays: 7, PriceCents: 249900, Currency: "EUR", Version: 1},
	{ID: "22222222-2222-4222-8222-222222222222", NameEn: "B", TitleEn: "Agent B", DescriptionEn: "second",
		DeliveryDays: 14, PriceCents: 14950, Currency: "EUR", Version: 1},
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

func putAgents(t *testing.T, db *store.DB, agents []store.Agent) {
	t.Helper()
	for _, a := range agents {
		if _, err := db.CreateAgent(ctxT(t), a, "", t0); err != nil {
			t.Fatal(err)
		}
	}
}

func mkUser(t *testing.T, db *store.DB, email string) store.User {
	t.Helper()
	u, err := db.CreateUser(ctxT(t), store.NewUser{Email: email, PasswordHash: "hash", FullName: "Test User", Locale: "nl"}, t0)
	if err != nil {
		t.Fatalf("CreateUser(%s): %v", email, err)
	}
	return u
}

func wantErr(t *testing.T, what string, got, want error) {
	t.Helper()
	if !errors.Is(got, want) {
		t.Fatalf("%s: error = %v, want %v", what, got, want)
	}
}

func TestCreateOrderFromQuote(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		putAgents(t, db, testAgents)
		staff := mkUser(t, db, "staff@example.com")
		qid, err := db.CreateQuoteRequest(ctx, store.QuoteRequest{FullName: "Anna de Vries", Email: "Anna@Example.NL", Description: "d",
			Language: "dutch", Locale: "nl"}, nil, t0)
		if err != nil {
			t.Fatal(err)
		}
		var calls []bool
		mails := func(o store.Order, buyer store.User, created bool) []store.NewMail {
			calls = append(calls, created)
			return []store.NewMail{{Kind: "test", Recipient: buyer.Email, Locale: buyer.Locale}}
		}
		in := orders.QuoteOrder{QuoteID: qid, AgentID: testAgents[1].ID, AmountCents: 249900, Currency: "EUR", ActorID: staff.ID}
		o, buyer, created, err := orders.OrderFromQuote(ctx, db, in, t0.Add(time.Hour), mails)
		if err != nil || !created {
			t.Fatalf("OrderFromQuote: %v, created %v", err, created)
		}
		if buyer.Email != "anna@example.nl" || buyer.FullName != "Anna de Vries" || buyer.Locale != "nl" || buyer.Role != "buyer" ||
			buyer.PasswordHash != "" || buyer.EmailVerifiedAt != nil {
			t.Fatalf("new account %+v", buyer)
		}
		if o.Status != "pending" || o.Version != 1 || o.QuoteID != qid || o.BuyerID != buyer.ID || o.AmountCents != 249900 ||
			o.Currency != "EUR" || o.Agent.ID != testAgents[1].ID {
			t.Fatalf("order %+v", o)
		}
		q, err := db.QuoteRequest(ctx, qid)
		if err != nil || q.Status != "won" || q.Version != 2 || q.UserID != buyer.ID {
			t.Fatalf("quote after the order: %+v, %v", q, err)
		}
		hist, _ := db.History(ctx, store.EntityQuote, qid, store.FieldStatus)
		ohist, _ := db.History(ctx, store.EntityOrder, o.ID, store.FieldStatus)
		if len(hist) != 2 || *hist[1].To != "won" || hist[1].Actor.ID != staff.ID || len(ohist) != 1 || ohist[0].From != nil || ohist[0].Actor.ID != staff.ID {
			t.Fatalf("audit: quote %+v, order %+v", hist, ohist)
		}

		// A second order from the same request finds the account, and the
		// request, already won, stays as it is.
		in.AmountCents, in.Currency = 100, "USD"
		o2, again, created, err := orders.OrderFromQuote(ctx, db, in, t0.Add(2*time.Hour), mails)
		if err != nil || created || again.ID != buyer.ID || o2.ID == o.ID || o2.Currency != "USD" {
			t.Fatalf("second order: %+v %+v %v %v", o2, again, created, err)
		}
		if q, _ := db.QuoteRequest(ctx, qid); q.Version != 2 {
			t.Fatalf("quote changed again: %+v", q)
		}
		if !slices.Equal(calls, []bool{true, false}) {
			t.Fatalf("mails called with created = %v", calls)
		}
		if pending, _, _, _ := db.MailCounts(ctx); pending != 2 {
			t.Fatalf("%d mails queued, want 2", pending)
		}
		linked, err := db.OrdersForQuote(ctx, qid)
		if err != nil || len(linked) != 2 || linked[0].ID != o.ID {
			t.Fatalf("OrdersForQuote = %+v, %v", linked, err)
		}

		_, _, _, err = orders.OrderFromQuote(ctx, db, orders.QuoteOrder{QuoteID: uuid.NewString(), AgentID: testAgents[0].ID}, t0, mails)
		wantErr(t, "unknown quote", err, store.ErrNotFound)
		// A failure leaves nothing behind: no account, no order, no mail.
		qid2, _ := db.CreateQuoteRequest(ctx, store.QuoteRequest{FullName: "B", Email: "b@example.com", Description: "d", Language: "english"}, nil, t0)
		if _, _, _, err := orders.OrderFromQuote(ctx, db, orders.QuoteOrder{QuoteID: qid2, AgentID: uuid.NewString(), AmountCents: 1}, t0, mails); err == nil {
			t.Fatal("an order for an unknown agent was stored")
		}
		if _, err := db.UserByEmail(ctx, "b@example.com"); err == nil {
			t.Fatal("a failed order left an account behind")
		}
		// The cleanup never removes an invited account: it has an order.
		if err := db.DeleteExpired(ctx, t0.Add(30*24*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if _, err := db.UserByID(ctx, buyer.ID); err != nil {
			t.Fatalf("the invited account was cleaned up: %v", err)
		}
	})
}
