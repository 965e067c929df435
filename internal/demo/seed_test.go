package demo_test

import (
	"context"
	"crypto/sha256"
	"testing"
	"time"

	"github.com/belwise/site/internal/billing"
	"github.com/belwise/site/internal/demo"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/google/uuid"
)

// t0 has sub-microsecond digits on purpose, as in the store's tests.
var t0 = time.Date(2025, 3, 10, 12, 0, 0, 123456789, time.UTC)

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

func hashOf(s string) []byte {
	h := sha256.Sum256([]byte(s))
	return h[:]
}

var demoAccounts = demo.Accounts{
	Buyer: demo.User{Email: "demo@belwise.example", PasswordHash: "demo-hash", FullName: "Demi Koper", Locale: "nl"},
	Staff: demo.User{Email: "ops@belwise.example", PasswordHash: "ops-hash", FullName: "Olga Ops", Locale: "en"},
}

// seedCounts is everything the seed writes, counted.
func seedCounts(t *testing.T, db *store.DB) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, table := range []string{"users", "voice_agents", "orders", "quote_requests", "quote_notes", "audit_log"} {
		var n int
		if err := db.SQL().QueryRowContext(ctxT(t), "SELECT count(*) FROM "+table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		out[table] = n
	}
	return out
}

func TestSeedDemo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		empty, err := db.IsEmpty(ctx)
		if err != nil || !empty {
			t.Fatalf("IsEmpty on fresh db = %v, %v", empty, err)
		}
		var first map[string]int
		for i, want := range []demo.Result{{BuyerCreated: true, StaffCreated: true}, {}, {}} {
			got, err := demo.Seed(ctx, db, demoAccounts, t0.Add(time.Duration(i)*time.Hour))
			if err != nil {
				t.Fatalf("Seed #%d: %v", i+1, err)
			}
			if got != want {
				t.Fatalf("Seed #%d = %+v, want %+v", i+1, got, want)
			}
			// Idempotent: a second and third run add nothing at all.
			counts := seedCounts(t, db)
			if i == 0 {
				first = counts
			} else {
				for k, n := range first {
					if counts[k] != n {
						t.Fatalf("Seed #%d changed %s from %d to %d rows", i+1, k, n, counts[k])
					}
				}
			}
		}
		if empty, err := db.IsEmpty(ctx); err != nil || empty {
			t.Fatalf("IsEmpty after seed = %v, %v", empty, err)
		}

		agents, err := db.Agents(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(agents) != len(demo.Catalogue) || len(agents) < 6 {
			t.Fatalf("catalogue has %d agents after reseeding, want %d", len(agents), len(demo.Catalogue))
		}
		for _, a := range agents {
			if _, err := uuid.Parse(a.ID); err != nil || a.TitleEn == "" || a.DescriptionEn == "" || a.NameNl == "" ||
				a.TitleNl == "" || a.DescriptionNl == "" || a.NameNl == a.NameEn && a.DescriptionNl == a.DescriptionEn ||
				a.DeliveryDays < 7 || a.DeliveryDays > 21 || a.PriceCents <= 0 || a.Currency != "EUR" || a.Version != 1 {
				t.Errorf("implausible agent %+v", a)
			}
		}

		u, err := db.UserByEmail(ctx, demoAccounts.Buyer.Email)
		if err != nil {
			t.Fatal(err)
		}
		if u.EmailVerifiedAt == nil || u.PasswordHash != "demo-hash" || u.FullName != "Demi Koper" || u.Locale != "nl" || u.Role != store.RoleBuyer {
			t.Fatalf("demo buyer = %+v", u)
		}
		staff, err := db.UserByEmail(ctx, demoAccounts.Staff.Email)
		if err != nil {
			t.Fatal(err)
		}
		if staff.EmailVerifiedAt == nil || staff.PasswordHash != "ops-hash" || staff.Role != store.RoleStaff {
			t.Fatalf("demo staff = %+v", staff)
		}

		orders, err := db.OrdersByBuyer(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		byStatus := map[string]int{}
		days := map[string]bool{}
		fromQuote := 0
		for _, o := range orders {
			byStatus[o.Status]++
			days[o.CreatedAt.Format(time.DateOnly)] = true
			if !o.CreatedAt.Before(t0) || o.CreatedAt.Before(t0.AddDate(0, -6, 0)) {
				t.Errorf("order %s dated %v, want within the last months", o.ID, o.CreatedAt)
			}
			if o.Agent.TitleEn == "" || o.AmountCents <= 0 || o.Currency != "EUR" {
				t.Errorf("order %+v", o)
			}
			// Each order's history starts pending and ends at its status,
			// one version per step, and the last step is when it was updated.
			hist, err := db.History(ctx, store.EntityOrder, o.ID, store.FieldStatus)
			if err != nil {
				t.Fatal(err)
			}
			if len(hist) != o.Version || hist[0].From != nil || *hist[0].To != "pending" || *hist[len(hist)-1].To != o.Status ||
				!hist[len(hist)-1].At.Equal(o.UpdatedAt) || hist[0].Actor == nil || hist[0].Actor.ID != staff.ID {
				t.Errorf("order %s (%s, v%d) history %+v", o.ID, o.Status, o.Version, hist)
			}
			if o.QuoteID != "" {
				fromQuote++
			}
		}
		if byStatus["completed"] < 2 || byStatus["pending"] < 1 || byStatus["pending"] > 2 ||
			byStatus["cancelled"] != 1 || byStatus["refunded"] != 1 {
			t.Fatalf("statuses = %v", byStatus)
		}
		if len(days) < 4 || fromQuote != 1 {
			t.Fatalf("orders on %d distinct days, %d from a quote", len(days), fromQuote)
		}

		quotes, _, err := db.Quotes(ctx, store.QuoteFilter{})
		if err != nil {
			t.Fatal(err)
		}
		statuses, sources := map[string]bool{}, map[string]bool{}
		notes := 0
		for _, q := range quotes {
			statuses[q.Status], sources[q.Source] = true, true
			hist, err := db.History(ctx, store.EntityQuote, q.ID, store.FieldStatus)
			if err != nil {
				t.Fatal(err)
			}
			if len(hist) != q.Version || *hist[0].To != "new" || hist[0].Actor != nil || *hist[len(hist)-1].To != q.Status {
				t.Errorf("quote %s (%s, v%d) history %+v", q.FullName, q.Status, q.Version, hist)
			}
			n, err := db.QuoteNotes(ctx, q.ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, note := range n {
				if note.Author == nil || note.Author.ID != staff.ID || note.Body == "" {
					t.Errorf("note %+v", note)
				}
			}
			notes += len(n)
		}
		if len(quotes) < 5 || len(statuses) != 5 || len(sources) != 3 || notes < 1 {
			t.Fatalf("%d demo quotes, statuses %v, sources %v, %d notes", len(quotes), statuses, sources, notes)
		}
	})
}

// A catalogue seeded before it was bilingual gets its Dutch texts; an agent
// staff have edited keeps their edits.
func TestSeedDemoKeepsEdits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		old := demo.Catalogue[0]
		old.NameNl, old.TitleNl, old.DescriptionNl = "", "", ""
		if _, err := db.CreateAgent(ctx, old, "", t0); err != nil {
			t.Fatal(err)
		}
		edited := demo.Catalogue[1]
		edited.NameNl, edited.PriceCents = "Eigen naam", 1
		if _, err := db.CreateAgent(ctx, edited, "", t0); err != nil {
			t.Fatal(err)
		}
		if _, err := demo.Seed(ctx, db, demo.Accounts{Buyer: demoAccounts.Buyer}, t0); err != nil {
			t.Fatal(err)
		}
		a, err := db.AgentByID(ctx, old.ID)
		if err != nil || a.NameNl != demo.Catalogue[0].NameNl || a.DescriptionNl != demo.Catalogue[0].DescriptionNl || a.Version != 2 {
			t.Fatalf("pre-bilingual agent after seeding: %+v, %v", a, err)
		}
		b, err := db.AgentByID(ctx, edited.ID)
		if err != nil || b.NameNl != "Eigen naam" || b.PriceCents != 1 || b.Version != 1 {
			t.Fatalf("edited agent after seeding: %+v, %v", b, err)
		}
		// Without a staff member there is no inbox history to seed.
		if n, err := db.QuoteCount(ctx); err != nil || n != 0 {
			t.Fatalf("QuoteCount = %d, %v", n, err)
		}
	})
}

func TestSeedDemoCalls(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		now := time.Now().UTC()
		if _, err := demo.Seed(ctx, db, demoAccounts, now); err != nil {
			t.Fatal(err)
		}
		count := func() int {
			var n int
			if err := db.SQL().QueryRowContext(ctx, "SELECT count(*) FROM calls").Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		for range 2 { // the second run adds nothing
			if err := demo.SeedCalls(ctx, db, demoAccounts.Buyer.Email, now); err != nil {
				t.Fatal(err)
			}
		}
		total := count()
		if total < 150 {
			t.Fatalf("%d demo calls", total)
		}
		// Every demo call has its usage line, written as the webhook's are.
		var lines, ended int
		if err := db.SQL().QueryRowContext(ctx, "SELECT count(*) FROM usage_lines").Scan(&lines); err != nil {
			t.Fatal(err)
		}
		if err := db.SQL().QueryRowContext(ctx, "SELECT count(*) FROM calls WHERE order_id IS NOT NULL AND outcome <> 'pending'").Scan(&ended); err != nil {
			t.Fatal(err)
		}
		if lines != total || ended != total {
			t.Fatalf("%d usage lines for %d demo calls (%d ended of an order)", lines, total, ended)
		}
		u, _ := db.UserByEmail(ctx, demoAccounts.Buyer.Email)
		orders, _ := db.OrdersByBuyer(ctx, u.ID)
		linked := map[string]string{}
		for _, o := range orders {
			if o.AssistantID != "" {
				linked[o.AssistantID] = o.Agent.NameEn
				if o.Status != "completed" {
					t.Errorf("linked order %s is %s", o.ID, o.Status)
				}
				pts, err := db.OrderUsage(ctx, o.ID, now.AddDate(0, 0, -30), now.Add(time.Hour))
				if err != nil || len(pts) < 40 {
					t.Fatalf("%s: %d calls, %v", o.Agent.NameEn, len(pts), err)
				}
				outcomes := map[string]int{}
				for _, p := range pts {
					outcomes[p.Outcome]++
					if p.StartedAt.After(now) {
						t.Fatalf("a demo call in the future: %v", p.StartedAt)
					}
				}
				if outcomes[store.OutcomeAnswered] == 0 || outcomes[store.OutcomeMissed]+outcomes[store.OutcomeFailed] == 0 {
					t.Errorf("%s outcomes %v", o.Agent.NameEn, outcomes)
				}
				// Call data: the demo's fields, and values on answered calls a filter finds.
				if fs, err := db.OrderCallFields(ctx, o.ID); err != nil || len(fs) != len(demo.DemoCallFields) || fs[1].Name != "callback_wanted" {
					t.Fatalf("%s fields %v %v", o.Agent.NameEn, fs, err)
				}
				wanted, _, err := db.Calls(ctx, store.CallQuery{OrderID: o.ID, Data: []store.DataFilter{{Name: "callback_wanted", Value: true}}, Page: store.Page{Limit: 100}})
				if err != nil || len(wanted) == 0 || wanted[0].Data["caller_name"] == "" {
					t.Fatalf("%s: %d calls want a callback, %v", o.Agent.NameEn, len(wanted), err)
				}
			}
		}
		if len(linked) != 3 || linked["a0000000-0000-4000-8000-000000000001"] != "Appointment Setter" {
			t.Fatalf("linked = %v", linked)
		}
		if err := demo.SeedCalls(ctx, db, demoAccounts.Buyer.Email, now.Add(time.Hour)); err != nil || count() != total {
			t.Fatal("seeding again added calls")
		}
	})
}

// The demo staff member gets the fixed key once; a seed run again leaves
// a used key's last step alone.
func TestSeedDemoTOTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		accounts := demoAccounts
		accounts.Staff.TOTPSecret = "BELWISEDEMOSTAFFTWOSTEPKEY234567"
		if _, err := demo.Seed(ctx, db, accounts, t0); err != nil {
			t.Fatal(err)
		}
		staff, err := db.UserByEmail(ctx, accounts.Staff.Email)
		if err != nil {
			t.Fatal(err)
		}
		f, err := db.TOTPFactor(ctx, staff.ID)
		if err != nil || f.Secret != accounts.Staff.TOTPSecret || f.LastStep != -1 {
			t.Fatalf("factor %+v, %v", f, err)
		}
		h := hashOf("p")
		if err := db.CreateSession(ctx, store.Session{TokenHash: h, UserID: staff.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: t0.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if err := db.PassSecondStep(ctx, store.SecondStep{UserID: staff.ID, Pending: h, Step: 7,
			Next: store.Session{TokenHash: hashOf("f"), UserID: staff.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: t0.Add(time.Hour), SecondStepAt: &t0}}); err != nil {
			t.Fatal(err)
		}
		if _, err := demo.Seed(ctx, db, accounts, t0.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if f, err = db.TOTPFactor(ctx, staff.ID); err != nil || f.LastStep != 7 {
			t.Fatalf("after a second seed: %+v, %v", f, err)
		}
	})
}

// The demo buyer's last two months can be invoiced: each has monthly fees
// and usage of the live orders, and one of them the setup fee of the order
// that went live then (the company is the company helper's seed; here the
// test saves one).
func TestSeedDemoBilling(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		now := time.Now().UTC()
		if _, err := demo.Seed(ctx, db, demoAccounts, now); err != nil {
			t.Fatal(err)
		}
		if err := demo.SeedCalls(ctx, db, demoAccounts.Buyer.Email, now); err != nil {
			t.Fatal(err)
		}
		u, _ := db.UserByEmail(ctx, demoAccounts.Buyer.Email)
		if _, err := db.SaveCompany(ctx, u.ID, store.Company{LegalName: "Demo BV", Street: "Damrak 1", Postcode: "1012 LG", City: "Amsterdam",
			Country: "NL", KVK: "12345678", VATID: "NL123456789B01", InvoiceEmail: "demo@belwise.example"}, 0, now); err != nil {
			t.Fatal(err)
		}
		svc := billing.New(billing.Options{DB: db, Now: func() time.Time { return now }})
		setups := 0
		for back := 1; back <= 2; back++ {
			period := time.Date(now.In(billing.Zone).Year(), now.In(billing.Zone).Month()-time.Month(back), 1, 12, 0, 0, 0, billing.Zone).Format("2006-01")
			ov, err := svc.Overview(ctx, period)
			if err != nil || len(ov.Statements) != 1 || ov.Statements[0].CompanyMissing {
				t.Fatalf("%s: %+v, %v", period, ov, err)
			}
			kinds := map[string]int{}
			for _, l := range ov.Statements[0].Lines {
				kinds[l.Kind]++
			}
			if kinds["monthly"] < 2 || kinds["usage"] < 2 {
				t.Errorf("%s: lines %v", period, kinds)
			}
			setups += kinds["setup"]
		}
		if setups != 1 {
			t.Errorf("%d setup lines in the last two months", setups)
		}
	})
}
