package calls_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"testing"
	"time"

	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

const assistant = "a0000000-0000-4000-8000-000000000001"

var agent = store.Agent{ID: "11111111-1111-4111-8111-111111111111", NameEn: "Appointment Setter", NameNl: "Afsprakenplanner",
	TitleEn: "Books appointments", TitleNl: "Plant afspraken", DescriptionEn: "d", DeliveryDays: 7, PriceCents: 100, Currency: "EUR", Version: 1}

// setup makes a buyer with an order linked to assistant at rate cents a minute.
func setup(t *testing.T, db *store.DB, rate int64) (buyer string, order store.Order) {
	t.Helper()
	ctx := context.Background()
	if _, err := db.CreateAgent(ctx, agent, "", time.Now()); err != nil {
		t.Fatal(err)
	}
	u, err := db.CreateUser(ctx, store.NewUser{Email: "buyer@example.com", PasswordHash: "h", FullName: "B", Locale: "nl"}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := db.CreateOrders(ctx, []store.NewOrder{{BuyerID: u.ID, AgentID: agent.ID, Status: "completed", AmountCents: 1, CreatedAt: time.Now()}}); err != nil {
		t.Fatal(err)
	}
	os, _ := db.OrdersByBuyer(ctx, u.ID)
	a := assistant
	o, _, err := db.SetOrderLink(ctx, os[0].ID, store.OrderLink{AssistantID: &a, PerMinuteCents: &rate}, os[0].Version, "", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return u.ID, o
}

func put(t *testing.T, db *store.DB, id string, start time.Time, secs int, reason string) {
	t.Helper()
	end := start.Add(time.Duration(secs) * time.Second)
	if _, err := db.RecordCall(context.Background(), store.CallReport{VapiCallID: id, AssistantID: assistant, Type: store.CallInbound,
		CustomerNumber: "+31612345678", StartedAt: &start, EndedAt: &end, DurationSeconds: secs, EndedReason: reason,
		Summary: "=HYPERLINK(\"http://evil\")", Report: true}, start); err != nil {
		t.Fatal(err)
	}
}

func TestAgentMonthAndCost(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ams, _ := time.LoadLocation("Europe/Amsterdam")
		// 10 March 2026, 10:00 in Amsterdam.
		now := time.Date(2026, 3, 10, 10, 0, 0, 0, ams)
		buyer, o := setup(t, db, 13)
		put(t, db, "a", time.Date(2026, 3, 1, 0, 30, 0, 0, ams), 61, "customer-ended-call") // this month (29 Feb 23:30 UTC)
		put(t, db, "b", time.Date(2026, 3, 9, 15, 0, 0, 0, ams), 125, "assistant-ended-call")
		put(t, db, "c", time.Date(2026, 3, 10, 9, 0, 0, 0, ams), 0, "customer-did-not-answer")
		put(t, db, "d", time.Date(2026, 3, 10, 9, 30, 0, 0, ams), 7, "pipeline-error-openai-llm-failed")
		put(t, db, "e", time.Date(2026, 2, 28, 23, 59, 0, 0, ams), 600, "customer-ended-call") // last month, within 30 days
		put(t, db, "f", time.Date(2026, 1, 1, 12, 0, 0, 0, ams), 600, "customer-ended-call")   // neither
		svc := calls.New(calls.Options{DB: db, Now: func() time.Time { return now }})
		p, err := svc.Agent(context.Background(), buyer, o.ID, "nl", "Europe/Amsterdam")
		if err != nil {
			t.Fatal(err)
		}
		m := p.Month
		// 61+125+0+7 = 193 s at 13 cents a minute = 41.816… → 42 cents.
		if m.Calls != 4 || m.Answered != 2 || m.Missed != 1 || m.Failed != 1 || m.Seconds != 193 || m.AverageSeconds != 93 || m.CostCents != 42 {
			t.Fatalf("month = %+v", m)
		}
		if p.Agent.Name != "Afsprakenplanner" || !p.Agent.Linked || p.Agent.PerMinuteCents != 13 || p.Agent.Currency != "EUR" {
			t.Fatalf("agent = %+v", p.Agent)
		}
		if len(p.Daily) != 30 || p.Daily[0].Date != "2026-02-09" || p.Daily[29].Date != "2026-03-10" {
			t.Fatalf("daily = %+v", p.Daily)
		}
		want := map[string]int{"2026-02-28": 1, "2026-03-01": 1, "2026-03-09": 1, "2026-03-10": 2}
		for _, d := range p.Daily {
			if d.Calls != want[d.Date] {
				t.Errorf("%s: %d calls, want %d", d.Date, d.Calls, want[d.Date])
			}
		}
		// In UTC call "a" falls in February.
		p, _ = svc.Agent(context.Background(), buyer, o.ID, "en", "UTC")
		if p.Month.Calls != 3 || p.Agent.Name != "Appointment Setter" {
			t.Fatalf("UTC month = %+v", p.Month)
		}
		if _, err := svc.Agent(context.Background(), buyer, o.ID, "en", "Mars/Olympus"); err == nil {
			t.Fatal("unknown time zone accepted")
		}
		// Someone else's order is not found.
		if _, err := svc.Agent(context.Background(), "22222222-2222-4222-8222-222222222222", o.ID, "en", ""); err == nil {
			t.Fatal("another buyer saw the agent")
		}
	})
}

// The figures come from the usage lines: a deleted call still counts (and
// the page says how many do), and each call costs what its rate was when
// it was recorded.
func TestAgentFiguresFromUsage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		ams, _ := time.LoadLocation("Europe/Amsterdam")
		now := time.Date(2026, 3, 10, 10, 0, 0, 0, ams)
		buyer, o := setup(t, db, 10)
		put(t, db, "a", time.Date(2026, 3, 2, 9, 0, 0, 0, ams), 120, "customer-ended-call")
		put(t, db, "b", time.Date(2026, 3, 3, 9, 0, 0, 0, ams), 0, "customer-did-not-answer")
		put(t, db, "c", time.Date(2026, 3, 4, 9, 0, 0, 0, ams), 61, "customer-ended-call")
		svc := calls.New(calls.Options{DB: db, Now: func() time.Time { return now }})
		before, err := svc.Agent(ctx, buyer, o.ID, "en", "Europe/Amsterdam")
		if err != nil {
			t.Fatal(err)
		}
		if m := before.Month; m.Calls != 3 || m.Seconds != 181 || m.CostCents != 20+10 || m.DeletedCalls != 0 || fmt.Sprint(m.Rates) != "[10]" {
			t.Fatalf("month = %+v", m)
		}
		for _, id := range []string{"a", "b"} {
			c, _ := db.CallByVapiID(ctx, id)
			if err := svc.Delete(ctx, buyer, o.ID, fmt.Sprint(c.ID)); err != nil {
				t.Fatal(err)
			}
		}
		after, err := svc.Agent(ctx, buyer, o.ID, "en", "Europe/Amsterdam")
		if err != nil {
			t.Fatal(err)
		}
		want := before.Month
		want.DeletedCalls = 2
		if fmt.Sprint(after.Month) != fmt.Sprint(want) || fmt.Sprint(after.Daily) != fmt.Sprint(before.Daily) {
			t.Fatalf("after deleting two calls: %+v, want %+v", after.Month, want)
		}
		if list, _ := svc.List(ctx, buyer, o.ID, store.Page{}); len(list.Items) != 1 {
			t.Fatalf("the list still shows %d calls", len(list.Items))
		}

		rate := int64(25)
		o, _ = db.OrderByID(ctx, o.ID)
		if _, _, err := db.SetOrderLink(ctx, o.ID, store.OrderLink{PerMinuteCents: &rate}, o.Version, "", now); err != nil {
			t.Fatal(err)
		}
		put(t, db, "d", time.Date(2026, 3, 9, 9, 0, 0, 0, ams), 60, "customer-ended-call")
		p, err := svc.Agent(ctx, buyer, o.ID, "en", "Europe/Amsterdam")
		if err != nil {
			t.Fatal(err)
		}
		// 120 s and 61 s at 10 cents, 60 s at 25 cents.
		if m := p.Month; m.Calls != 4 || m.Seconds != 241 || m.CostCents != 20+10+25 || fmt.Sprint(m.Rates) != "[10 25]" || m.DeletedCalls != 2 {
			t.Fatalf("month after the rate change = %+v", m)
		}
		tot, err := svc.UsageTotals(ctx, o, time.Time{}, time.Time{})
		if err != nil || tot != (calls.Totals{Calls: 4, Seconds: 241, CostCents: 55, Currency: "EUR", DeletedCalls: 2}) {
			t.Fatalf("totals = %+v, %v", tot, err)
		}
	})
}

func TestCost(t *testing.T) {
	for _, c := range []struct{ secs, rate, want int64 }{{0, 10, 0}, {60, 10, 10}, {3, 10, 1}, {2, 10, 0}, {90, 15, 23}, {193, 13, 42}} {
		if got := calls.Cost(c.secs, c.rate); got != c.want {
			t.Errorf("Cost(%d, %d) = %d, want %d", c.secs, c.rate, got, c.want)
		}
	}
}

func TestMaskNumber(t *testing.T) {
	for in, want := range map[string]string{"+31612345678": "+31 6 •••• 5678", "+31 20 123 4567": "+31 2 •••• 4567",
		"+14155550123": "+14 •••• 0123", "0612345678": "•••• 5678", "": "", "anonymous": "", "+3112": "••••"} {
		if got := calls.MaskNumber(in); got != want {
			t.Errorf("MaskNumber(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCSVEscapesFormulas(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		buyer, o := setup(t, db, 10)
		now := time.Now()
		for i := range 130 { // more than one page
			put(t, db, fmt.Sprint("csv-", i), now.Add(-time.Duration(i)*time.Minute), 30, "customer-ended-call")
		}
		svc := calls.New(calls.Options{DB: db})
		var buf bytes.Buffer
		if err := svc.WriteCSV(context.Background(), buyer, o.ID, &buf); err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(&buf).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 131 || rows[0][0] != "started_at" {
			t.Fatalf("%d rows, header %v", len(rows), rows[0])
		}
		for _, r := range rows[1:] {
			if r[7] != `'=HYPERLINK("http://evil")` || r[2] != "'+31 6 •••• 5678" {
				t.Fatalf("row not escaped: %q", r)
			}
		}
		if err := svc.WriteCSV(context.Background(), "22222222-2222-4222-8222-222222222222", o.ID, &buf); err == nil {
			t.Fatal("another buyer downloaded the CSV")
		}
	})
	for in, want := range map[string]string{"=1+1": "'=1+1", "+31": "'+31", "-2": "'-2", "@SUM(A1)": "'@SUM(A1)", "\tx": "'\tx", "\rx": "'\rx", "ok": "ok", "": "", "a=b": "a=b"} {
		if got := calls.CSVCell(in); got != want {
			t.Errorf("CSVCell(%q) = %q, want %q", in, got, want)
		}
	}
}
