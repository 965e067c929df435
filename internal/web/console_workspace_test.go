package web

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/google/uuid"
)

// The console's order table counts each order's calls this month; an
// order's page gets its usage by month and its calls (?order=).
func TestConsoleOrderFigures(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{voice: webhookConfig()})
		staff := e.staffCookie("Olga Ops", "ops@example.com")
		_, o := e.buyerWithOrder("ann@example.com", callAssistant)
		_, other := e.buyerWithOrder("bob@example.com", "")
		rate := int64(12)
		if _, _, err := db.SetOrderLink(t.Context(), o.ID, store.OrderLink{PerMinuteCents: &rate}, o.Version, "", time.Now()); err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		monthStart := store.UsageOpenFrom(now)
		thisMonth := now.Add(-time.Minute)
		if thisMonth.Before(monthStart) {
			thisMonth = monthStart
		}
		lastMonth := monthStart.Add(-10 * 24 * time.Hour)
		for i, at := range []time.Time{thisMonth, thisMonth, lastMonth} {
			expectStatus(t, e.postWebhook("/api/voice/webhook", callReport(fmt.Sprint("w-", i), callAssistant, at, ""), testVapiSecret), 200)
		}

		type row struct {
			consoleOrder
			AssistantID    *string
			CallsThisMonth int
		}
		list := decode[listPage[row]](t, e.call("GET", "/api/console/orders", nil, staff), 200)
		counts := map[string]int{}
		for _, r := range list.Items {
			counts[r.ID] = r.CallsThisMonth
		}
		if len(list.Items) != 2 || counts[o.ID] != 2 || counts[other.ID] != 0 {
			t.Fatalf("calls this month = %v", counts)
		}

		type month struct {
			Month     string
			Calls     int
			Seconds   int64
			CostCents int64
			Currency  string
		}
		d := decode[struct {
			Order   row
			History []change
			Usage   []month
		}](t, e.call("GET", "/api/console/orders/"+o.ID, nil, staff), 200)
		ams, _ := time.LoadLocation("Europe/Amsterdam")
		want := []month{
			{thisMonth.In(ams).Format("2006-01"), 2, 190, 2 * store.UsageCost(95, 12), "EUR"},
			{lastMonth.In(ams).Format("2006-01"), 1, 95, store.UsageCost(95, 12), "EUR"},
		}
		if d.Order.CallsThisMonth != 2 || len(d.History) == 0 || len(d.Usage) != 2 || d.Usage[0] != want[0] || d.Usage[1] != want[1] {
			t.Fatalf("order detail = %+v, want usage %+v", d, want)
		}
		// A PATCH answers the order with its calls this month too.
		patched := decode[struct{ Order row }](t, e.call("PATCH", "/api/console/orders/"+o.ID,
			map[string]any{"status": "cancelled", "version": d.Order.Version}, staff), 200)
		if patched.Order.CallsThisMonth != 2 || patched.Order.Status != "cancelled" {
			t.Fatalf("patched = %+v", patched.Order)
		}

		type callsPage struct {
			Items []struct {
				ID    string
				Order *struct{ ID string }
			}
		}
		calls := decode[callsPage](t, e.call("GET", "/api/console/calls?order="+o.ID, nil, staff), 200)
		if len(calls.Items) != 3 || calls.Items[0].Order == nil || calls.Items[0].Order.ID != o.ID {
			t.Fatalf("the order's calls = %+v", calls)
		}
		if none := decode[callsPage](t, e.call("GET", "/api/console/calls?order="+other.ID, nil, staff), 200); len(none.Items) != 0 {
			t.Fatalf("another order's calls = %+v", none)
		}
		expectError(t, e.call("GET", "/api/console/calls?order=nope", nil, staff), 400, "invalid_field", "order")
	})
}

// A buyer's page: the account, its orders, its last sign-in and its
// invitations, which staff can send again until the buyer has a password.
func TestConsoleBuyerAndInvitation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, envOptions{voice: webhookConfig()})
		staff := e.staffCookie("Olga Ops", "ops@example.com")
		ann, o := e.buyerWithOrder("ann@example.com", "")
		e.flushMail()

		type buyer struct {
			ID, Email, FullName, Role, Locale string
			Verified, CanInvite               bool
			OrderCount                        int
			LastSignIn, LastSeen              *time.Time
			Orders                            []struct{ ID, Number string }
			Invitations                       []struct {
				ID       int64
				State    string
				Attempts int
			}
		}
		annUser, err := db.UserByEmail(t.Context(), "ann@example.com")
		if err != nil {
			t.Fatal(err)
		}
		got := decode[struct{ Buyer buyer }](t, e.call("GET", "/api/console/buyers/"+annUser.ID, nil, staff), 200).Buyer
		if got.Email != "ann@example.com" || got.Role != "buyer" || !got.Verified || got.CanInvite || got.OrderCount != 1 ||
			len(got.Orders) != 1 || got.Orders[0].ID != o.ID || got.LastSignIn == nil || got.LastSeen == nil || len(got.Invitations) != 0 {
			t.Fatalf("ann = %+v", got)
		}
		// Ann has a password: no invitation, and staff hear why.
		expectError(t, e.call("POST", "/api/console/buyers/"+annUser.ID+"/invite", nil, staff), 409, "account_active", "")
		if msgs := e.flushMail(); len(msgs) != 0 {
			t.Fatalf("mail to an active account: %+v", msgs)
		}

		// An account made for an order is invited, and can be invited again.
		expectStatus(t, e.call("POST", "/api/quotes", with(map[string]any{"fullName": "Joost", "email": "joost@example.nl", "locale": "nl"}), nil), 201)
		e.flushMail()
		q := decode[listPage[quoteSummary]](t, e.call("GET", "/api/console/quotes?q=joost", nil, staff), 200).Items[0]
		made := decode[struct{ Order consoleOrder }](t, e.call("POST", "/api/console/quotes/"+q.ID+"/orders",
			map[string]any{"agentId": e.agentID(), "amountCents": 100}, staff), 201).Order
		if msgs := e.flushMail(); len(msgs) != 1 || msgs[0].To != "joost@example.nl" {
			t.Fatalf("invitation: %+v", msgs)
		}
		joost := decode[struct{ Buyer buyer }](t, e.call("GET", "/api/console/buyers/"+made.Buyer.ID, nil, staff), 200).Buyer
		if !joost.CanInvite || joost.Verified || joost.LastSignIn != nil || len(joost.Invitations) != 1 || joost.Invitations[0].State != "done" {
			t.Fatalf("joost = %+v", joost)
		}
		again := decode[struct{ Buyer buyer }](t, e.call("POST", "/api/console/buyers/"+made.Buyer.ID+"/invite", nil, staff), 200).Buyer
		if len(again.Invitations) != 2 || again.Invitations[0].State != "pending" || again.Invitations[0].ID <= again.Invitations[1].ID {
			t.Fatalf("after resend = %+v", again)
		}
		msgs := e.flushMail()
		if len(msgs) != 1 || msgs[0].To != "joost@example.nl" || !strings.Contains(msgs[0].Text, "#invite=") {
			t.Fatalf("resent invitation: %+v", msgs)
		}

		// Unknown ids are 404; buyers and visitors are kept out.
		expectError(t, e.call("GET", "/api/console/buyers/"+uuid.NewString(), nil, staff), 404, "not_found", "")
		expectError(t, e.call("GET", "/api/console/buyers/nope", nil, staff), 404, "not_found", "")
		expectError(t, e.call("POST", "/api/console/buyers/"+uuid.NewString()+"/invite", nil, staff), 404, "not_found", "")
		expectError(t, e.call("GET", "/api/console/buyers/"+annUser.ID, nil, ann), 403, "staff_only", "")
		expectError(t, e.call("POST", "/api/console/buyers/"+made.Buyer.ID+"/invite", nil, nil), 401, "unauthenticated", "")
	})
}
