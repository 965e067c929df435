package calls_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/apierr"
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
		Summary: "=HYPERLINK(\"http://evil\")", Report: true}, start, calls.Merge); err != nil {
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
		p, err := svc.Agent(context.Background(), buyer, o.ID, "nl", calls.Filter{TZ: "Europe/Amsterdam"})
		if err != nil {
			t.Fatal(err)
		}
		m := p.Figures
		// 61+125+0+7 = 193 s at 13 cents a minute = 41.816… → 42 cents.
		if m.Calls != 4 || m.Answered != 2 || m.Missed != 1 || m.Failed != 1 || m.Seconds != 193 || m.AverageSeconds != 93 || m.CostCents != 42 {
			t.Fatalf("month = %+v", m)
		}
		if p.Agent.Name != "Afsprakenplanner" || !p.Agent.Linked || p.Agent.PerMinuteCents != 13 || p.Agent.Currency != "EUR" {
			t.Fatalf("agent = %+v", p.Agent)
		}
		// This month's chart spans the month.
		if p.Period != (calls.Period{Kind: "month", From: "2026-03-01", To: "2026-03-31"}) || len(p.Daily) != 31 ||
			p.Daily[0].Date != "2026-03-01" || p.Daily[30].Date != "2026-03-31" {
			t.Fatalf("period %+v, daily = %+v", p.Period, p.Daily)
		}
		days := func(p calls.AgentPage, want map[string]int) {
			t.Helper()
			for _, d := range p.Daily {
				if d.Calls != want[d.Date] {
					t.Errorf("%s %s: %d calls, want %d", p.Period.Kind, d.Date, d.Calls, want[d.Date])
				}
			}
		}
		days(p, map[string]int{"2026-03-01": 1, "2026-03-09": 1, "2026-03-10": 2})
		// The last 30 days, today included.
		p, err = svc.Agent(context.Background(), buyer, o.ID, "en", calls.Filter{Period: "30d", TZ: "Europe/Amsterdam"})
		if err != nil || len(p.Daily) != 30 || p.Daily[0].Date != "2026-02-09" || p.Daily[29].Date != "2026-03-10" || p.Figures.Calls != 5 {
			t.Fatalf("30 days: %+v, %v", p, err)
		}
		days(p, map[string]int{"2026-02-28": 1, "2026-03-01": 1, "2026-03-09": 1, "2026-03-10": 2})
		for f, want := range map[calls.Filter]int{
			{Period: "last-month"}: 1, // e
			{Period: "7d"}:         3, // b, c, d
			{Period: "90d"}:        6,
			{Period: "custom", From: "2026-01-01", To: "2026-01-01"}: 1, // f
			{Period: "custom", From: "2026-03-01", To: "2026-03-01"}: 1, // a, at 00:30 in Amsterdam
			// In UTC call "a" started on 28 February at 23:30, as did e at 22:59.
			{Period: "custom", From: "2026-03-01", To: "2026-03-01", TZ: "UTC"}:              0,
			{Period: "custom", From: "2026-02-28", To: "2026-02-28", TZ: "UTC"}:              2,
			{Period: "custom", From: "2026-02-28", To: "2026-02-28", TZ: "America/New_York"}: 2, // e and a (18:30 there)
		} {
			p, err := svc.Agent(context.Background(), buyer, o.ID, "en", f)
			if err != nil || p.Figures.Calls != want {
				t.Errorf("%+v: %d calls, want %d (%v)", f, p.Figures.Calls, want, err)
			}
			list, err := svc.List(context.Background(), buyer, o.ID, "en", f, store.Page{})
			if err != nil || len(list.Items) != want {
				t.Errorf("%+v: list of %d calls, want %d (%v)", f, len(list.Items), want, err)
			}
		}
		// Bad values name their parameter.
		long := strings.Repeat("é", 201)
		for f, field := range map[calls.Filter]string{
			{Period: "week"}: "period", {Period: "all"}: "period", {Period: "custom"}: "from",
			{Period: "custom", From: "2026-03-01"}:                   "to",
			{Period: "custom", From: "1-3-2026", To: "2026-03-02"}:   "from",
			{Period: "custom", From: "2026-03-02", To: "2026-03-01"}: "to",
			{Period: "custom", From: "2025-01-01", To: "2026-01-02"}: "to",
			{Outcome: "lost"}: "outcome", {Direction: "sideways"}: "direction", {Goal: "maybe"}: "goal", {Goal: "true"}: "goal",
			{Q: long}: "q", {TZ: "Mars/Olympus"}: "tz",
		} {
			var ae *apierr.Error
			if _, err := svc.Agent(context.Background(), buyer, o.ID, "en", f); !errors.As(err, &ae) || ae.Code != apierr.CodeInvalidField || ae.Field != field {
				t.Errorf("agent %+v: %v, want invalid %s", f, err, field)
			}
			if _, err := svc.List(context.Background(), buyer, o.ID, "en", f, store.Page{}); !errors.As(err, &ae) || ae.Field != field {
				t.Errorf("list %+v: %v, want invalid %s", f, err, field)
			}
		}
		// 200 characters is a search; so is one of control characters only, after cleaning (empty: everything).
		for _, q := range []string{strings.Repeat("é", 200), "\u0001\u0002", "   "} {
			if _, err := svc.List(context.Background(), buyer, o.ID, "en", calls.Filter{Q: q}, store.Page{}); err != nil {
				t.Errorf("q %q: %v", q, err)
			}
		}
		if _, err := svc.ConsoleList(context.Background(), calls.Filter{Period: "all"}, "", nil, store.Page{}); err != nil {
			t.Errorf("console, period all: %v", err)
		}
		if list, err := svc.ConsoleList(context.Background(), calls.Filter{}, o.ID, nil, store.Page{}); err != nil || len(list.Items) != 6 {
			t.Errorf("console, the order's calls: %v", err)
		}
		var ae *apierr.Error
		if _, err := svc.ConsoleList(context.Background(), calls.Filter{}, "42", nil, store.Page{}); !errors.As(err, &ae) || ae.Field != "order" {
			t.Errorf("console, order 42: %v", err)
		}
		// In UTC call "a" falls in February.
		p, _ = svc.Agent(context.Background(), buyer, o.ID, "en", calls.Filter{TZ: "UTC"})
		if p.Figures.Calls != 3 || p.Agent.Name != "Appointment Setter" {
			t.Fatalf("UTC month = %+v", p.Figures)
		}
		if _, err := svc.Agent(context.Background(), buyer, o.ID, "en", calls.Filter{TZ: "Mars/Olympus"}); err == nil {
			t.Fatal("unknown time zone accepted")
		}
		// Someone else's order is not found.
		if _, err := svc.Agent(context.Background(), "22222222-2222-4222-8222-222222222222", o.ID, "en", calls.Filter{TZ: ""}); err == nil {
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
		before, err := svc.Agent(ctx, buyer, o.ID, "en", calls.Filter{TZ: "Europe/Amsterdam"})
		if err != nil {
			t.Fatal(err)
		}
		if m := before.Figures; m.Calls != 3 || m.Seconds != 181 || m.CostCents != 20+10 || m.DeletedCalls != 0 || fmt.Sprint(m.Rates) != "[10]" {
			t.Fatalf("month = %+v", m)
		}
		for _, id := range []string{"a", "b"} {
			c, _ := db.CallByVapiID(ctx, id)
			if _, err := svc.Delete(ctx, buyer, o.ID, fmt.Sprint(c.ID)); err != nil {
				t.Fatal(err)
			}
		}
		after, err := svc.Agent(ctx, buyer, o.ID, "en", calls.Filter{TZ: "Europe/Amsterdam"})
		if err != nil {
			t.Fatal(err)
		}
		want := before.Figures
		want.DeletedCalls = 2
		if fmt.Sprint(after.Figures) != fmt.Sprint(want) || fmt.Sprint(after.Daily) != fmt.Sprint(before.Daily) {
			t.Fatalf("after deleting two calls: %+v, want %+v", after.Figures, want)
		}
		if list, _ := svc.List(ctx, buyer, o.ID, "en", calls.Filter{}, store.Page{}); len(list.Items) != 1 {
			t.Fatalf("the list still shows %d calls", len(list.Items))
		}

		rate := int64(25)
		o, _ = db.OrderByID(ctx, o.ID)
		if _, _, err := db.SetOrderLink(ctx, o.ID, store.OrderLink{PerMinuteCents: &rate}, o.Version, "", now); err != nil {
			t.Fatal(err)
		}
		put(t, db, "d", time.Date(2026, 3, 9, 9, 0, 0, 0, ams), 60, "customer-ended-call")
		p, err := svc.Agent(ctx, buyer, o.ID, "en", calls.Filter{TZ: "Europe/Amsterdam"})
		if err != nil {
			t.Fatal(err)
		}
		// 120 s and 61 s at 10 cents, 60 s at 25 cents.
		if m := p.Figures; m.Calls != 4 || m.Seconds != 241 || m.CostCents != 20+10+25 || fmt.Sprint(m.Rates) != "[10 25]" || m.DeletedCalls != 2 {
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

func TestNumberFormat(t *testing.T) {
	for _, c := range []struct{ in, lang, e164, display string }{
		{"+31612345678", "nl", "+31612345678", "06 12345678"},
		{"+31612345678", "en", "+31612345678", "+31 6 12345678"},
		{"+31 20 123 4567", "nl", "+31201234567", "020 123 4567"},
		{"+31201234567", "en", "+31201234567", "+31 20 123 4567"},
		{"+14155550123", "nl", "+14155550123", "+1 415-555-0123"},
		{"+32470123456", "nl", "+32470123456", "+32 470 12 34 56"},
		// What the library cannot read is shown as received, with no link.
		{"0612345678", "nl", "", "0612345678"},
		{"anonymous", "en", "", "anonymous"},
		{"+3112", "nl", "", "+3112"},
		{"sip:desk@example.com", "en", "", "sip:desk@example.com"},
		{"", "nl", "", ""},
	} {
		if got := calls.FormatNumber(c.in, c.lang); got.E164 != c.e164 || got.Display != c.display {
			t.Errorf("FormatNumber(%q, %s) = %+v, want %q %q", c.in, c.lang, got, c.e164, c.display)
		}
	}
	for in, want := range map[string]string{"+31 6 1234 5678": "+31612345678", " +31612345678 ": "+31612345678",
		"+1 (415) 555-0123": "+14155550123", "anonymous": "anonymous", "0612345678": "0612345678", "": ""} {
		if got := calls.NormalizeNumber(in); got != want {
			t.Errorf("NormalizeNumber(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestFullNumberForOwnerMaskedInConsoleList: a number Vapi reports with
// spaces is stored in E.164; its buyer gets it in full (formatted for the
// page's language), another buyer nothing; the console's list masks it and
// the console's call shows it in full.
func TestFullNumberForOwnerMaskedInConsoleList(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		buyer, o := setup(t, db, 10)
		start := time.Now().Add(-time.Hour).UTC().Truncate(time.Second)
		end := start.Add(time.Minute)
		svc := calls.New(calls.Options{DB: db})
		if _, err := svc.Record(ctx, store.CallReport{VapiCallID: "full", AssistantID: assistant, Type: store.CallInbound,
			CustomerNumber: "+31 6 1234 5678", StartedAt: &start, EndedAt: &end, DurationSeconds: 60, EndedReason: "customer-ended-call",
			Summary: "Wants a call back.", Report: true}); err != nil {
			t.Fatal(err)
		}
		if c, _ := db.CallByVapiID(ctx, "full"); c.CustomerNumber != "+31612345678" {
			t.Fatalf("stored %q", c.CustomerNumber)
		}
		page, err := svc.List(ctx, buyer, o.ID, "nl", calls.Filter{Period: "7d"}, store.Page{})
		if err != nil || len(page.Items) != 1 || page.Items[0].Number != "+31612345678" || page.Items[0].NumberDisplay != "06 12345678" {
			t.Fatalf("list = %+v, %v", page.Items, err)
		}
		id := page.Items[0].ID
		d, err := svc.Call(ctx, buyer, o.ID, id, "en")
		if err != nil || d.Number != "+31612345678" || d.NumberDisplay != "+31 6 12345678" {
			t.Fatalf("call = %+v, %v", d, err)
		}
		other := "22222222-2222-4222-8222-222222222222"
		if _, err := svc.List(ctx, other, o.ID, "nl", calls.Filter{}, store.Page{}); err == nil {
			t.Fatal("another buyer listed the calls")
		}
		if _, err := svc.Call(ctx, other, o.ID, id, "nl"); err == nil {
			t.Fatal("another buyer saw the call")
		}

		list, err := svc.ConsoleList(ctx, calls.Filter{}, "", nil, store.Page{})
		if err != nil || len(list.Items) != 1 || list.Items[0].Number != "" || list.Items[0].NumberDisplay != "+31 6 •••• 5678" {
			t.Fatalf("console list = %+v, %v", list.Items, err)
		}
		cd, err := svc.ConsoleCall(ctx, "staff", id, "nl")
		if err != nil || cd.Number != "+31612345678" || cd.NumberDisplay != "06 12345678" || cd.Summary.Summary != "Wants a call back." ||
			cd.EndedReason != "customer-ended-call" || cd.Order == nil || cd.Order.ID != o.ID || cd.Order.BuyerEmail != "buyer@example.com" {
			t.Fatalf("console call = %+v, %v", cd, err)
		}
		// A deleted call, or no call at all, is not found.
		if _, err := svc.Delete(ctx, buyer, o.ID, id); err != nil {
			t.Fatal(err)
		}
		for _, bad := range []string{id, "999999", "x", "-1"} {
			if _, err := svc.ConsoleCall(ctx, "staff", bad, "en"); err == nil {
				t.Errorf("console call %q found", bad)
			}
		}
	})
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
		if err := svc.WriteCSV(context.Background(), buyer, o.ID, calls.CSVOptions{Filter: calls.Filter{Period: "7d"}}, &buf); err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(buf.String(), "\uFEFF"))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		// The header, 130 calls and the totals row.
		if len(rows) != 132 || rows[0][0] != "Order" || rows[131][0] != "Total" || rows[131][9] != "130 calls" {
			t.Fatalf("%d rows, header %v", len(rows), rows[0])
		}
		for _, r := range rows[1:131] {
			// The full number in the international format starts with +, so it is guarded as any cell.
			if r[9] != `'=HYPERLINK("http://evil")` || r[4] != "'+31 6 12345678" {
				t.Fatalf("row not escaped: %q", r)
			}
		}
		if err := svc.WriteCSV(context.Background(), "22222222-2222-4222-8222-222222222222", o.ID, calls.CSVOptions{}, &buf); err == nil {
			t.Fatal("another buyer downloaded the CSV")
		}
	})
	for in, want := range map[string]string{"=1+1": "'=1+1", "+31": "'+31", "-2": "'-2", "@SUM(A1)": "'@SUM(A1)", "\tx": "'\tx", "\rx": "'\rx",
		"ok": "ok", "": "", "a=b": "a=b", "06 12345678": "06 12345678",
		// A negative number is guarded too: "-5" reads '-5, and "-5+cmd|' /C calc'!A0" cannot slip through as "a number".
		"-5": "'-5",
		// Fullwidth forms, which spreadsheets read as their ASCII twins.
		"＝1+1": "'＝1+1", "＋31": "'＋31", "－2": "'－2", "＠SUM(A1)": "'＠SUM(A1)",
		// Whitespace, controls and invisible marks before a formula sign.
		" =1+1": "' =1+1", "\t+1": "'\t+1", "\u0001@SUM(A1)": "'\u0001@SUM(A1)", "\n=1": "'\n=1", "\u00a0-1": "'\u00a0-1",
		"\u3000＝1": "'\u3000＝1", "\u200b=1": "'\u200b=1", "\ufeff=1": "'\ufeff=1", " \u0002 \t＠x": "' \u0002 \t＠x",
		// Leading spaces before harmless text stay as they are.
		"  ok": "  ok", "\u0001ok": "\u0001ok", " ": " ",
	} {
		if got := calls.CSVCell(in); got != want {
			t.Errorf("CSVCell(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestCSVForSpreadsheets: a byte-order mark, Dutch headers and words with
// ; for lang=nl, English with , otherwise; times in the buyer's zone with
// the offset of the day (summer and winter time); the order number and
// the agent's name on every row; a summary with ;, quotes and a newline
// survives a CSV parser.
func TestCSVForSpreadsheets(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		buyer, o := setup(t, db, 10)
		svc := calls.New(calls.Options{DB: db, Now: func() time.Time { return time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC) }})
		// The whole year, in the time zone of the file.
		year := func(tz string) calls.Filter {
			return calls.Filter{Period: "custom", From: "2026-01-01", To: "2026-12-31", TZ: tz}
		}
		summer := time.Date(2026, 7, 1, 8, 30, 0, 0, time.UTC)   // 10:30 in Amsterdam, +02:00
		winter := time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC) // 10:30 in Amsterdam, +01:00
		tricky := "Asked; \"urgent\", call back\nTuesday"
		for _, c := range []struct {
			id, number, summary, eval, reason string
			typ                               string
			start                             time.Time
		}{
			{"summer", "+31612345678", tricky, "true", "customer-ended-call", store.CallInbound, summer},
			{"winter", "", "Web visitor.", "false", "customer-did-not-answer", store.CallWeb, winter},
		} {
			end := c.start.Add(42 * time.Second)
			if _, err := svc.Record(ctx, store.CallReport{VapiCallID: c.id, AssistantID: assistant, Type: c.typ, CustomerNumber: c.number,
				StartedAt: &c.start, EndedAt: &end, DurationSeconds: 42, EndedReason: c.reason, Summary: c.summary, SuccessEval: c.eval, Report: true}); err != nil {
				t.Fatal(err)
			}
		}
		read := func(opt calls.CSVOptions, comma rune) [][]string {
			t.Helper()
			var buf bytes.Buffer
			if err := svc.WriteCSV(ctx, buyer, o.ID, opt, &buf); err != nil {
				t.Fatal(err)
			}
			body, ok := strings.CutPrefix(buf.String(), "\uFEFF")
			if !ok {
				t.Fatalf("%+v: no byte-order mark: %q", opt, buf.String()[:10])
			}
			r := csv.NewReader(strings.NewReader(body))
			r.Comma = comma
			rows, err := r.ReadAll()
			if err != nil {
				t.Fatalf("%+v: %v", opt, err)
			}
			if len(rows) != 4 || len(rows[0]) != 11 {
				t.Fatalf("%+v: rows %q", opt, rows)
			}
			return rows
		}
		number := o.ID[:8]

		nl := read(calls.CSVOptions{Lang: "nl", Filter: year("Europe/Amsterdam")}, ';')
		if strings.Join(nl[0], "|") != "Bestelling|Agent|Begonnen|Richting|Nummer|Duur (seconden)|Resultaat|Hoe het eindigde|Doel bereikt|Samenvatting|Kosten excl. btw" {
			t.Fatalf("Dutch header %q", nl[0])
		}
		// Newest first: the winter call, then the summer one.
		want := [][]string{
			{number, "Afsprakenplanner", "2026-11-22T10:30:00+01:00", "Webgesprek", "", "42", "Gemist", "customer-did-not-answer", "Nee", "Web visitor.", "0,07"},
			{number, "Afsprakenplanner", "2026-07-01T10:30:00+02:00", "Inkomend", "06 12345678", "42", "Beantwoord", "customer-ended-call", "Ja", tricky, "0,07"},
			// The totals come from the usage lines: 42 s at 10 cents a minute is 7 cents a call.
			{"Totaal", "Afsprakenplanner", "", "", "", "84", "", "", "", "2 gesprekken", "0,14"},
		}
		for i, w := range want {
			if strings.Join(nl[i+1], "|") != strings.Join(w, "|") {
				t.Errorf("Dutch row %d = %q, want %q", i+1, nl[i+1], w)
			}
		}

		en := read(calls.CSVOptions{Lang: "en", Filter: year("America/New_York")}, ',')
		if strings.Join(en[0], "|") != "Order|Agent|Started|Direction|Number|Duration (seconds)|Outcome|How it ended|Goal reached|Summary|Cost excl. VAT" {
			t.Fatalf("English header %q", en[0])
		}
		if r := en[2]; r[1] != "Appointment Setter" || r[2] != "2026-07-01T04:30:00-04:00" || r[3] != "Incoming" || r[4] != "'+31 6 12345678" ||
			r[6] != "Answered" || r[8] != "Yes" || r[9] != tricky || r[10] != "0.07" {
			t.Errorf("English row %q", r)
		}
		if r := en[1]; r[2] != "2026-11-22T04:30:00-05:00" || r[3] != "Web call" {
			t.Errorf("English row %q", r)
		}
		// UTC is written with +00:00, as every other offset; English is the default.
		if r := read(calls.CSVOptions{Filter: year("UTC")}, ','); r[0][0] != "Order" || r[1][2] != "2026-11-22T09:30:00+00:00" {
			t.Errorf("UTC rows %q", r)
		}
		// A semicolon CSV read with a comma is one column per line: the Dutch file really uses ;.
		var buf bytes.Buffer
		_ = svc.WriteCSV(ctx, buyer, o.ID, calls.CSVOptions{Lang: "nl", Filter: year("")}, &buf)
		if first, _, _ := strings.Cut(buf.String(), "\n"); strings.Count(first, ";") != 10 || strings.Contains(first, ",") {
			t.Errorf("Dutch header line %q", first)
		}

		if r := en[3]; strings.Join(r, "|") != "Total|Appointment Setter||||84||||2 calls|0.14" {
			t.Errorf("English totals %q", r)
		}

		// A deleted call leaves the list but not the totals: the file still adds up to what is billed.
		c, err := db.CallByVapiID(ctx, "winter")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Delete(ctx, buyer, o.ID, fmt.Sprint(c.ID)); err != nil {
			t.Fatal(err)
		}
		buf.Reset()
		if err := svc.WriteCSV(ctx, buyer, o.ID, calls.CSVOptions{Lang: "nl", Filter: year("")}, &buf); err != nil {
			t.Fatal(err)
		}
		r := csv.NewReader(strings.NewReader(strings.TrimPrefix(buf.String(), "\uFEFF")))
		r.Comma = ';'
		after, err := r.ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(after) != 3 || strings.Join(after[2], "|") != "Totaal|Afsprakenplanner||||84||||2 gesprekken, waarvan 1 verwijderd|0,14" {
			t.Errorf("after a delete: %q", after)
		}

		var ae *apierr.Error
		if err := svc.WriteCSV(ctx, buyer, o.ID, calls.CSVOptions{Filter: calls.Filter{TZ: "Mars/Olympus"}}, &buf); !errors.As(err, &ae) || ae.Code != apierr.CodeInvalidField || ae.Field != "tz" {
			t.Fatalf("unknown tz: %v", err)
		}
	})
}
