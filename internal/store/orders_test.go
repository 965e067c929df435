package store_test

import (
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/google/uuid"
)

var testAgents = []store.Agent{
	{ID: "11111111-1111-4111-8111-111111111111", NameEn: "A", NameNl: "A-nl", TitleEn: "Agent A", TitleNl: "Agent A (nl)",
		DescriptionEn: "first", DescriptionNl: "eerste", DeliveryDays: 7, PriceCents: 249900, Currency: "EUR", Version: 1},
	{ID: "22222222-2222-4222-8222-222222222222", NameEn: "B", TitleEn: "Agent B", DescriptionEn: "second",
		DeliveryDays: 14, PriceCents: 14950, Currency: "EUR", Version: 1},
}

func putAgents(t *testing.T, db *store.DB, agents []store.Agent) {
	t.Helper()
	for _, a := range agents {
		if _, err := db.CreateAgent(ctxT(t), a, "", t0); err != nil {
			t.Fatal(err)
		}
	}
}

func TestAgents(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		putAgents(t, db, testAgents)
		staff := mkUser(t, db, "")
		changed := testAgents[0]
		changed.PriceCents, changed.NameNl = 1, "A nieuw"
		got, err := db.UpdateAgent(ctx, changed, staff.ID, t0.Add(time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		changed.Version = 2
		if got != changed {
			t.Fatalf("UpdateAgent = %+v, want %+v", got, changed)
		}
		// The version the caller saw is stale now: nothing is overwritten.
		stale := testAgents[0]
		stale.PriceCents = 5
		_, err = db.UpdateAgent(ctx, stale, staff.ID, t0)
		wantErr(t, "stale update", err, store.ErrStale)
		// Changing nothing keeps the version.
		if same, err := db.UpdateAgent(ctx, changed, staff.ID, t0); err != nil || same.Version != 2 {
			t.Fatalf("no-op update = %+v, %v", same, err)
		}
		_, err = db.UpdateAgent(ctx, store.Agent{ID: uuid.NewString(), Version: 1}, staff.ID, t0)
		wantErr(t, "unknown agent", err, store.ErrNotFound)

		all, err := db.Agents(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(all) != 2 || all[0] != changed || all[1] != testAgents[1] {
			t.Fatalf("Agents = %+v", all)
		}
		hist, err := db.History(ctx, store.EntityAgent, changed.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		var fields []string
		for _, c := range hist {
			fields = append(fields, c.Field)
		}
		if strings.Join(fields, ",") != "created,name_nl,price_cents" || hist[0].Actor != nil ||
			hist[2].Actor == nil || hist[2].Actor.ID != staff.ID || *hist[2].From != "249900" || *hist[2].To != "1" {
			t.Fatalf("agent history = %+v", hist)
		}
	})
}

func TestOrders(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		putAgents(t, db, testAgents)
		ann, bob := mkUser(t, db, ""), mkUser(t, db, "")
		tie := t0.Add(-24 * time.Hour)
		lowID, highID := "00000000-0000-4000-8000-000000000001", "ffffffff-ffff-4fff-bfff-ffffffffffff"
		orders := []store.NewOrder{
			{BuyerID: ann.ID, AgentID: testAgents[0].ID, Status: "completed", AmountCents: 249900, CreatedAt: t0.Add(-72 * time.Hour)},
			{ID: lowID, BuyerID: ann.ID, AgentID: testAgents[1].ID, Status: "pending", AmountCents: 14950, CreatedAt: tie},
			{ID: highID, BuyerID: ann.ID, AgentID: testAgents[0].ID, Status: "refunded", AmountCents: 0, CreatedAt: tie},
			{BuyerID: ann.ID, AgentID: testAgents[1].ID, Status: "cancelled", AmountCents: 100, CreatedAt: t0},
			{BuyerID: bob.ID, AgentID: testAgents[1].ID, Status: "completed", AmountCents: 5, CreatedAt: t0},
		}
		if err := db.CreateOrders(ctx, orders); err != nil {
			t.Fatal(err)
		}

		got, err := db.OrdersByBuyer(ctx, ann.ID)
		if err != nil {
			t.Fatal(err)
		}
		wantStatus := []string{"cancelled", "refunded", "pending", "completed"}
		if len(got) != len(wantStatus) {
			t.Fatalf("got %d orders, want %d", len(got), len(wantStatus))
		}
		for i, o := range got {
			if o.Status != wantStatus[i] || o.BuyerID != ann.ID {
				t.Errorf("order %d = %s/%s, want status %s", i, o.Status, o.BuyerID, wantStatus[i])
			}
		}
		if got[1].ID != highID || got[2].ID != lowID {
			t.Errorf("equal created_at not ordered by id desc: %s, %s", got[1].ID, got[2].ID)
		}
		if got[3].Agent != testAgents[0] || got[3].AmountCents != 249900 {
			t.Errorf("agent not joined: %+v", got[3])
		}
		sameTime(t, "CreatedAt", got[0].CreatedAt, t0)

		bad := []store.NewOrder{
			{BuyerID: bob.ID, AgentID: testAgents[0].ID, Status: "pending", AmountCents: 1, CreatedAt: t0},
			{BuyerID: bob.ID, AgentID: uuid.NewString(), Status: "pending", AmountCents: 1, CreatedAt: t0},
		}
		if err := db.CreateOrders(ctx, bad); err == nil {
			t.Fatal("order for unknown agent accepted")
		}
		negative := []store.NewOrder{{BuyerID: bob.ID, AgentID: testAgents[0].ID, Status: "pending", AmountCents: -1, CreatedAt: t0}}
		if err := db.CreateOrders(ctx, negative); err == nil {
			t.Fatal("negative amount accepted")
		}
		if got, _ := db.OrdersByBuyer(ctx, bob.ID); len(got) != 1 {
			t.Fatalf("failed CreateOrders left %d orders for bob, want 1", len(got))
		}

		cases := []struct {
			name    string
			buyer   string
			order   string
			wantErr error
		}{
			{"own order", ann.ID, lowID, nil},
			{"someone else's order", bob.ID, lowID, store.ErrNotFound},
			{"unknown order", ann.ID, uuid.NewString(), store.ErrNotFound},
			{"malformed order id", ann.ID, "12345", store.ErrNotFound},
			{"malformed buyer id", "me", lowID, store.ErrNotFound},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				o, err := db.OrderForBuyer(ctx, tc.buyer, tc.order)
				wantErr(t, tc.name, err, tc.wantErr)
				if tc.wantErr == nil && (o.ID != lowID || o.Agent.NameEn != "B" || o.AmountCents != 14950) {
					t.Fatalf("got %+v", o)
				}
			})
		}
		if got, err := db.OrdersByBuyer(ctx, "not-a-uuid"); err != nil || len(got) != 0 {
			t.Fatalf("OrdersByBuyer(malformed) = %v, %v", got, err)
		}
	})
}

func TestOrdersByBuyerUsesIndex(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		putAgents(t, db, testAgents)
		// One buyer owning almost every order stands in for "many buyers":
		// the explained buyer is a small fraction of the table, as any buyer
		// is in production. (At 50/50 PostgreSQL rightly prefers a seq scan.)
		a, b := mkUser(t, db, ""), mkUser(t, db, "")
		orders := make([]store.NewOrder, 0, 1000)
		for i := range 1000 {
			buyer := b.ID
			if i%50 == 0 {
				buyer = a.ID
			}
			orders = append(orders, store.NewOrder{
				BuyerID: buyer, AgentID: testAgents[i%2].ID, Status: "completed",
				AmountCents: int64(i * 100), CreatedAt: t0.Add(-time.Duration(i) * time.Hour),
			})
		}
		if err := db.CreateOrders(ctx, orders); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SQL().ExecContext(ctx, "ANALYZE"); err != nil {
			t.Fatal(err)
		}
		plan, err := db.ExplainOrdersByBuyer(ctx, a.ID)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("plan:\n%s", plan)
		if !strings.Contains(plan, "orders_buyer_created") {
			t.Fatalf("plan does not use orders_buyer_created:\n%s", plan)
		}
		got, err := db.OrdersByBuyer(ctx, a.ID)
		if err != nil || len(got) != 20 {
			t.Fatalf("OrdersByBuyer = %d orders, %v", len(got), err)
		}
		for i := 1; i < len(got); i++ {
			if got[i].CreatedAt.After(got[i-1].CreatedAt) {
				t.Fatalf("not newest first at %d", i)
			}
		}
	})
}
