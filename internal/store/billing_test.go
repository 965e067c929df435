package store_test

import (
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// live_at is set the first time an order is completed and never moves;
// ended_at when a completed order is cancelled or refunded, cleared when
// it is completed again. A cancelled order that was never live has none.
func TestOrderLiveDates(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		putAgents(t, db, testAgents)
		u := mkUser(t, db, "")
		if err := db.CreateOrders(ctx, []store.NewOrder{{BuyerID: u.ID, AgentID: testAgents[0].ID, Status: store.OrderPending, AmountCents: 100, CreatedAt: t0}}); err != nil {
			t.Fatal(err)
		}
		os, _ := db.OrdersByBuyer(ctx, u.ID)
		o := os[0]
		if o.LiveAt != nil || o.EndedAt != nil || o.MonthlyCents != 0 || o.CompanyID != "" {
			t.Fatalf("new order: %+v", o)
		}
		step := func(status string, at time.Time) store.Order {
			t.Helper()
			var err error
			if o, _, err = db.SetOrderStatus(ctx, o.ID, status, o.Version, "", at, nil); err != nil {
				t.Fatal(err)
			}
			return o
		}
		same := func(what string, got *time.Time, want time.Time) {
			t.Helper()
			if got == nil || !got.Equal(want.Truncate(time.Microsecond)) {
				t.Fatalf("%s = %v, want %v", what, got, want)
			}
		}
		live := t0.Add(24 * time.Hour)
		step("completed", live)
		same("live_at", o.LiveAt, live)
		if o.EndedAt != nil {
			t.Fatalf("ended_at %v", o.EndedAt)
		}
		end := live.Add(30 * 24 * time.Hour)
		step("cancelled", end)
		same("live_at", o.LiveAt, live)
		same("ended_at", o.EndedAt, end)
		step("refunded", end.Add(time.Hour)) // no longer live: ended_at stays
		same("ended_at", o.EndedAt, end)
		again := end.Add(48 * time.Hour)
		step("completed", again)
		same("live_at", o.LiveAt, live)
		if o.EndedAt != nil {
			t.Fatalf("completed again, ended_at %v", o.EndedAt)
		}
		step("refunded", again.Add(time.Hour))
		same("ended_at", o.EndedAt, again.Add(time.Hour))

		// Never live: cancelling sets nothing.
		if err := db.CreateOrders(ctx, []store.NewOrder{{BuyerID: u.ID, AgentID: testAgents[0].ID, Status: store.OrderPending, AmountCents: 100, CreatedAt: t0}}); err != nil {
			t.Fatal(err)
		}
		os, _ = db.OrdersByBuyer(ctx, u.ID)
		for _, p := range os {
			if p.ID != o.ID {
				if c, _, err := db.SetOrderStatus(ctx, p.ID, "cancelled", p.Version, "", end, nil); err != nil || c.LiveAt != nil || c.EndedAt != nil {
					t.Fatalf("cancelled pending order: %+v, %v", c, err)
				}
			}
		}

		// The monthly fee is set like the rate, with the version, in the trail.
		monthly := int64(4999)
		o2, changed, err := db.SetOrderLink(ctx, o.ID, store.OrderLink{MonthlyCents: &monthly}, o.Version, u.ID, end)
		if err != nil || !changed || o2.MonthlyCents != 4999 || o2.Version != o.Version+1 {
			t.Fatalf("monthly: %+v, %v", o2, err)
		}
		if _, _, err := db.SetOrderLink(ctx, o.ID, store.OrderLink{MonthlyCents: &monthly}, o.Version, u.ID, end); err != store.ErrStale {
			t.Fatalf("stale version: %v", err)
		}
		h, _ := db.History(ctx, store.EntityOrder, o.ID, store.FieldMonthlyCents)
		if len(h) != 1 || *h[0].From != "0" || *h[0].To != "4999" {
			t.Fatalf("history: %+v", h)
		}

		// An order made once the buyer has a company is billed to it.
		c, err := db.SaveCompany(ctx, u.ID, store.Company{LegalName: "Jansen BV", Street: "Damrak 1", Postcode: "1012 LG", City: "Amsterdam", Country: "NL", InvoiceEmail: "f@jansen.nl"}, 0, end)
		if err != nil {
			t.Fatal(err)
		}
		if err := db.CreateOrders(ctx, []store.NewOrder{{BuyerID: u.ID, AgentID: testAgents[0].ID, Status: "completed", AmountCents: 100, CreatedAt: again}}); err != nil {
			t.Fatal(err)
		}
		os, _ = db.OrdersByBuyer(ctx, u.ID)
		for _, p := range os {
			if p.CompanyID != c.ID {
				t.Errorf("order %s: company %q, want %q", p.ID, p.CompanyID, c.ID)
			}
		}
		// Created completed (the seed): live from its creation.
		if newest := os[0]; newest.LiveAt == nil || !newest.LiveAt.Equal(again.Truncate(time.Microsecond)) {
			t.Errorf("created completed: live_at %v", newest.LiveAt)
		}
	})
}
