package store_test

import (
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/google/uuid"
)

func TestSeedDemo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		empty, err := db.IsEmpty(ctx)
		if err != nil || !empty {
			t.Fatalf("IsEmpty on fresh db = %v, %v", empty, err)
		}
		buyer := store.DemoBuyer{Email: "demo@belwise.example", PasswordHash: "demo-hash", FullName: "Demi Koper", Locale: "nl"}
		for i, wantCreated := range []bool{true, false, false} {
			created, err := db.SeedDemo(ctx, buyer, t0)
			if err != nil {
				t.Fatalf("SeedDemo #%d: %v", i+1, err)
			}
			if created != wantCreated {
				t.Fatalf("SeedDemo #%d created = %v, want %v", i+1, created, wantCreated)
			}
		}
		if empty, err := db.IsEmpty(ctx); err != nil || empty {
			t.Fatalf("IsEmpty after seed = %v, %v", empty, err)
		}

		agents, err := db.Agents(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(agents) != len(store.DemoCatalogue) || len(agents) < 6 {
			t.Fatalf("catalogue has %d agents after reseeding, want %d", len(agents), len(store.DemoCatalogue))
		}
		for _, a := range agents {
			if _, err := uuid.Parse(a.ID); err != nil || a.Title == "" || a.Description == "" ||
				a.DeliveryDays < 7 || a.DeliveryDays > 21 || a.PriceCents <= 0 {
				t.Errorf("implausible agent %+v", a)
			}
		}

		u, err := db.UserByEmail(ctx, buyer.Email)
		if err != nil {
			t.Fatal(err)
		}
		if u.EmailVerifiedAt == nil || u.PasswordHash != "demo-hash" || u.FullName != "Demi Koper" || u.Locale != "nl" {
			t.Fatalf("demo buyer = %+v", u)
		}
		orders, err := db.OrdersByBuyer(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		byStatus := map[string]int{}
		days := map[string]bool{}
		for _, o := range orders {
			byStatus[o.Status]++
			days[o.CreatedAt.Format(time.DateOnly)] = true
			if !o.CreatedAt.Before(t0) || o.CreatedAt.Before(t0.AddDate(0, -6, 0)) {
				t.Errorf("order %s dated %v, want within the last months", o.ID, o.CreatedAt)
			}
			if o.Agent.Title == "" || o.AmountCents <= 0 {
				t.Errorf("order %+v", o)
			}
		}
		if byStatus["completed"] < 2 || byStatus["pending"] < 1 || byStatus["pending"] > 2 ||
			byStatus["cancelled"] != 1 || byStatus["refunded"] != 1 {
			t.Fatalf("statuses = %v", byStatus)
		}
		if len(days) < 4 {
			t.Fatalf("orders on only %d distinct days", len(days))
		}
	})
}
