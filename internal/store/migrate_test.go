package store_test

import (
	"context"
	"github.com/google/uuid"
	"testing"
	"time"

	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/store"
)

// Data written before the console (schema 4) comes through migration 5:
// requests are 'new' with their arrival in the audit trail and searchable,
// orders are in euros, and the catalogue is English until given Dutch. And
// migration 5 rolls back and forward again with data in it.
func TestMigrationConsole(t *testing.T) {
	migratedTo(t, 4, func(t *testing.T, ctx context.Context, db *store.DB, exec func(string, ...any), ts func(time.Time) any) {
		const user, agent, order, quote = "11111111-1111-4111-8111-000000000001", "11111111-1111-4111-8111-000000000002",
			"11111111-1111-4111-8111-000000000003", "11111111-1111-4111-8111-000000000004"
		exec(`INSERT INTO users (id, email, password_hash, created_at) VALUES (?, 'old@example.com', 'h', ?)`, user, ts(t0))
		exec(`INSERT INTO voice_agents (id, name, title, description, delivery_time, price_cents) VALUES (?, 'Old', 'Old agent', 'd', 7, 100)`, agent)
		exec(`INSERT INTO orders (id, buyer_id, agent_id, status, amount_cents, created_at) VALUES (?, ?, ?, 'completed', 100, ?)`, order, user, agent, ts(t0))
		exec(`INSERT INTO quote_requests (id, full_name, company_name, email, language, description, submitted_at)
				VALUES (?, 'ÅSA Berg', 'Berg AB', 'asa@example.se', 'english', 'd', ?)`, quote, ts(t0))
		exec(`INSERT INTO email_tokens (hash, user_id, purpose, created_at, expires_at) VALUES (?, ?, 'reset', ?, ?)`, hashOf("t"), user, ts(t0), ts(t0.Add(time.Hour)))

		check := func() {
			t.Helper()
			q, err := db.QuoteRequest(ctx, quote)
			if err != nil || q.Status != "new" || q.Source != "form" || q.Version != 1 {
				t.Fatalf("old quote: %+v, %v", q, err)
			}
			found, _, err := db.Quotes(ctx, store.QuoteFilter{Query: "åsa"})
			if err != nil || len(found) != 1 {
				t.Fatalf("old quote not found by a folded search: %v, %v", found, err)
			}
			hist, err := db.History(ctx, store.EntityQuote, quote, store.FieldStatus)
			if err != nil || len(hist) != 1 || *hist[0].To != "new" {
				t.Fatalf("old quote history: %+v, %v", hist, err)
			}
			o, err := db.OrderByID(ctx, order)
			if err != nil || o.Currency != "EUR" || o.Version != 1 || !o.UpdatedAt.Equal(o.CreatedAt) || o.Agent.NameEn != "Old" || o.Agent.NameNl != "" {
				t.Fatalf("old order: %+v, %v", o, err)
			}
			if err := db.CreateToken(ctx, store.Token{Hash: hashOf("inv"), UserID: user, Purpose: store.PurposeInvite, CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}); err != nil {
				t.Fatalf("an invitation link: %v", err)
			}
			if _, err := db.ResetPassword(ctx, hashOf("t"), "h2", t0); err != nil {
				t.Fatalf("the old reset link: %v", err)
			}
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		check()
		if err := db.MigrateDownTo(ctx, 4); err != nil {
			t.Fatal(err)
		}
		exec(`DELETE FROM email_tokens`)
		exec(`INSERT INTO email_tokens (hash, user_id, purpose, created_at, expires_at) VALUES (?, ?, 'reset', ?, ?)`, hashOf("t"), user, ts(t0), ts(t0.Add(time.Hour)))
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		check()
	})
}

// Calls stored before usage lines (schema 7) get their lines from
// migration 8, at their order's rate, so the month's figures do not change
// on upgrade: every ended call of an order, not the pending, unassigned or
// deleted ones. And migration 8 rolls back and forward again.
func TestMigrationUsageLines(t *testing.T) {
	migratedTo(t, 7, func(t *testing.T, ctx context.Context, db *store.DB, exec func(string, ...any), ts func(time.Time) any) {
		putAgents(t, db, testAgents)
		u := mkUser(t, db, "")
		// The order as schema 7 stores it (the store's writes and reads
		// are the current schema's).
		order := uuid.NewString()
		exec(`INSERT INTO orders (id, buyer_id, agent_id, status, amount_cents, currency, version, created_at, updated_at, assistant_id, per_minute_cents)
			VALUES (?, ?, ?, 'completed', 100, 'EUR', 1, ?, ?, ?, 13)`, order, u.ID, testAgents[0].ID, ts(t0), ts(t0), assistantA)
		call := func(id string, orderID any, outcome string, secs, deleted int) {
			exec(`INSERT INTO calls (vapi_call_id, assistant_id, order_id, type, started_at, duration_seconds, status, outcome, report_received,
					deleted, created_at, updated_at) VALUES (?, ?, ?, 'outbound', ?, ?, 'ended', ?, 1, ?, ?, ?)`,
				id, assistantA, orderID, ts(t0), secs, outcome, deleted, ts(t0), ts(t0))
		}
		call("m-answered", order, "answered", 95, 0)
		call("m-missed", order, "missed", 0, 0)
		call("m-pending", order, "pending", 0, 0)
		call("m-deleted", nil, "missed", 0, 1)
		call("m-unassigned", nil, "answered", 60, 0)

		check := func() {
			t.Helper()
			l, err := db.UsageByVapiID(ctx, "m-answered")
			// 95 s at 13 cents a minute = 20.58 cents: 21.
			if err != nil || l.OrderID != order || l.Seconds != 95 || l.PerMinuteCents != 13 || l.CostCents != store.UsageCost(95, 13) ||
				l.CostCents != 21 || l.Currency != "EUR" || l.Outcome != store.OutcomeAnswered || l.Direction != store.CallOutbound || l.CallDeleted {
				t.Fatalf("backfilled line = %+v, %v", l, err)
			}
			sameTime(t, "StartedAt", l.StartedAt, t0)
			if l.CreatedAt.IsZero() || l.UpdatedAt.IsZero() {
				t.Fatalf("line times: %+v", l)
			}
			if l, err := db.UsageByVapiID(ctx, "m-missed"); err != nil || l.Outcome != store.OutcomeMissed || l.CostCents != 0 {
				t.Fatalf("missed call's line = %+v, %v", l, err)
			}
			for _, id := range []string{"m-pending", "m-deleted", "m-unassigned"} {
				noUsage(t, db, id)
			}
			tot, err := db.OrderUsageTotals(ctx, order, t0.Add(-time.Hour), t0.Add(time.Hour))
			if err != nil || tot != (store.UsageTotals{Calls: 2, Seconds: 95, CostCents: 21}) {
				t.Fatalf("totals = %+v, %v", tot, err)
			}
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		check()
		// After the upgrade, a report of the pending call writes its line.
		r := report("m-pending", assistantA, t0)
		if _, err := db.RecordCall(ctx, r, t0, calls.Merge); err != nil {
			t.Fatal(err)
		}
		if l := usage(t, db, "m-pending"); l.PerMinuteCents != 13 || l.CostCents != 26 {
			t.Fatalf("new line = %+v", l)
		}
		if err := db.MigrateDownTo(ctx, 7); err != nil {
			t.Fatal(err)
		}
		exec(`UPDATE calls SET outcome = 'pending', status = 'in-progress' WHERE vapi_call_id = 'm-pending'`)
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		check()
	})
}
