package billing

import (
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
)

func at(s string) *time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, Zone)
	if err != nil {
		panic(err)
	}
	return &t
}

var testAgent = store.Agent{NameEn: "Restaurant receptionist", NameNl: "Restaurantreceptionist"}

func TestRoundDivHalfUp(t *testing.T) {
	for _, c := range []struct{ num, den, want int64 }{
		{5, 10, 1}, {4, 10, 0}, {15, 10, 2}, {25, 10, 3}, {105000, 10000, 11}, // 10.5 → 11
		{-5, 10, -1}, {-15, 10, -2}, {-4, 10, 0}, {0, 7, 0},
		{84983, 30, 2833}, // 2832.77
		{30, 60, 1},       // 0.5 cent of usage → 1
		{29, 60, 0},
	} {
		if got := roundDiv(c.num, c.den); got != c.want {
			t.Errorf("roundDiv(%d, %d) = %d, want %d", c.num, c.den, got, c.want)
		}
	}
	// VAT per line at 21 %: the .5 cent cases round up.
	for _, c := range []struct {
		net  int64
		want int64
	}{{50, 11}, {150, 32}, {250, 53}, {2833, 595}, {6125, 1286}, {1613, 339}, {1, 0}, {3, 1}, {-250, -53}} {
		if got := vatOf(c.net, RateStandard); got != c.want {
			t.Errorf("vatOf(%d) = %d, want %d", c.net, got, c.want)
		}
	}
}

// A hand-computed November 2026 (30 days): an order live from the 14th
// with a setup fee, a monthly fee pro rata (17 days) and calls at two
// rates, one of them coming to half a cent.
func TestStatementLinesFirstMonth(t *testing.T) {
	m, err := parsePeriod("2026-11")
	if err != nil || m.Days != 30 {
		t.Fatal(m, err)
	}
	o := store.Order{ID: "1a2b3c4d-0000-4000-8000-000000000001", AmountCents: 250, Currency: "EUR", MonthlyCents: 4999,
		LiveAt: at("2026-11-14 09:30"), Agent: testAgent}
	usage := []store.RateUsage{
		{OrderID: o.ID, PerMinuteCents: 10, Currency: "EUR", Seconds: 36750}, // 612.5 min × 0.10 = 61.25
		{OrderID: o.ID, PerMinuteCents: 10, Currency: "EUR", Seconds: 0},     // nothing: left out
		{OrderID: o.ID, PerMinuteCents: 1, Currency: "EUR", Seconds: 30},     // 0.5 cent → 1
		{OrderID: "someone-else", PerMinuteCents: 10, Currency: "EUR", Seconds: 600},
	}
	lines := statementLines(m, []store.Order{o}, usage, "en", RateStandard)
	want := []Line{
		{Kind: LineSetup, Description: "Setup — Restaurant receptionist (order 1a2b3c4d)", Quantity: "1", Unit: "C62", BaseQuantity: "1",
			UnitPriceCents: 250, NetCents: 250, VATRateBP: 2100, VATCents: 53},
		{Kind: LineMonthly, Description: "Maintenance 14–30 Nov 2026 — Restaurant receptionist (order 1a2b3c4d)", Quantity: "17", Unit: "DAY",
			BaseQuantity: "30", UnitPriceCents: 4999, NetCents: 2833, VATRateBP: 2100, VATCents: 595},
		{Kind: LineUsage, Description: "Calls: 612.5 min × €\u00a00.10 per minute — Restaurant receptionist (order 1a2b3c4d)", Quantity: "36750",
			Unit: "D62", BaseQuantity: "60", UnitPriceCents: 10, NetCents: 6125, VATRateBP: 2100, VATCents: 1286},
		{Kind: LineUsage, Description: "Calls: 0.5 min × €\u00a00.01 per minute — Restaurant receptionist (order 1a2b3c4d)", Quantity: "30",
			Unit: "D62", BaseQuantity: "60", UnitPriceCents: 1, NetCents: 1, VATRateBP: 2100, VATCents: 0},
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines: %+v", len(lines), lines)
	}
	for i := range want {
		want[i].OrderID, want[i].OrderNumber = o.ID, "1a2b3c4d"
		if lines[i] != want[i] {
			t.Errorf("line %d:\n got %+v\nwant %+v", i, lines[i], want[i])
		}
	}
	st := Statement{Lines: lines}
	st.fillTotals()
	// 250 + 2833 + 6125 + 1 = 9209; VAT per line 53 + 595 + 1286 + 0 =
	// 1934 (21 % of the subtotal would be 1933.89).
	if st.SubtotalCents != 9209 || st.VATCents != 1934 || st.TotalCents != 11143 ||
		len(st.VAT) != 1 || st.VAT[0] != (VATRate{RateBP: 2100, NetCents: 9209, VATCents: 1934}) {
		t.Errorf("totals: %+v", st)
	}
	// In Dutch.
	nl := statementLines(m, []store.Order{o}, usage[:1], "nl", RateStandard)
	if nl[0].Description != "Installatie — Restaurantreceptionist (bestelling 1a2b3c4d)" ||
		nl[1].Description != "Onderhoud 14–30 nov 2026 — Restaurantreceptionist (bestelling 1a2b3c4d)" ||
		nl[2].Description != "Gesprekken: 612,5 min × €\u00a00,10 per minuut — Restaurantreceptionist (bestelling 1a2b3c4d)" {
		t.Errorf("Dutch: %q / %q / %q", nl[0].Description, nl[1].Description, nl[2].Description)
	}
}

// The last month: an order that ended on 10 December (31 days) is billed
// 10 days; a month in between is billed whole; a month before it went live
// or after it ended bills nothing; no setup fee outside its first month.
func TestStatementLinesProRata(t *testing.T) {
	o := store.Order{ID: "o1", AmountCents: 50000, Currency: "EUR", MonthlyCents: 4999, LiveAt: at("2026-10-31 23:30"), EndedAt: at("2027-01-01 00:10"),
		Agent: testAgent}
	for _, c := range []struct {
		period    string
		days, dim string
		net       int64
	}{
		{"2026-10", "1", "31", 161},   // 4999 / 31 = 161.26
		{"2026-11", "30", "30", 4999}, // whole
		{"2026-12", "31", "31", 4999},
		{"2027-01", "1", "31", 161}, // ended on the 1st: one day
	} {
		m, _ := parsePeriod(c.period)
		var monthly *Line
		for _, l := range statementLines(m, []store.Order{o}, nil, "en", RateStandard) {
			if l.Kind == LineMonthly {
				monthly = &l
			}
			if l.Kind == LineSetup && c.period != "2026-10" {
				t.Errorf("%s: a setup line", c.period)
			}
		}
		if monthly == nil || monthly.Quantity != c.days || monthly.BaseQuantity != c.dim || monthly.NetCents != c.net {
			t.Errorf("%s: monthly %+v, want %s/%s days = %d", c.period, monthly, c.days, c.dim, c.net)
		}
	}
	ended := o
	ended.LiveAt, ended.EndedAt = at("2026-12-01 00:00"), at("2026-12-10 15:00")
	m, _ := parsePeriod("2026-12")
	lines := statementLines(m, []store.Order{ended}, nil, "en", RateStandard)
	if len(lines) != 2 || lines[1].Quantity != "10" || lines[1].NetCents != 1613 || lines[1].VATCents != 339 ||
		lines[1].Description != "Maintenance 1–10 Dec 2026 — Restaurant receptionist (order o1)" {
		t.Errorf("ended on the 10th: %+v", lines)
	}
	for _, p := range []string{"2026-09", "2027-02"} {
		m, _ := parsePeriod(p)
		if l := statementLines(m, []store.Order{o}, nil, "en", RateStandard); len(l) != 0 {
			t.Errorf("%s: %+v", p, l)
		}
	}
	// A refunded order's setup fee is not billed; its days live are.
	refunded := o
	refunded.Status = "refunded"
	m, _ = parsePeriod("2026-10")
	if l := statementLines(m, []store.Order{refunded}, nil, "en", RateStandard); len(l) != 1 || l[0].Kind != LineMonthly {
		t.Errorf("refunded: %+v", l)
	}
	// Never live: nothing but usage.
	pending := store.Order{ID: "o2", AmountCents: 100, MonthlyCents: 100, Agent: testAgent}
	m, _ = parsePeriod("2026-11")
	if l := statementLines(m, []store.Order{pending}, []store.RateUsage{{OrderID: "o2", PerMinuteCents: 12, Seconds: 90, Currency: "EUR"}}, "en", RateStandard); len(l) != 1 ||
		l[0].Kind != LineUsage || l[0].NetCents != 18 {
		t.Errorf("pending order: %+v", l)
	}
}

// A Belgian business with a VAT id is reverse charged (0 %); without one,
// or a Dutch one, pays 21 %.
func TestVATRate(t *testing.T) {
	for _, c := range []struct {
		country, vat string
		rate         int
		treatment    string
	}{
		{"BE", "BE0123456789", 0, VATReverseCharge},
		{"BE", "", 2100, VATStandard},
		{"BE", "BE12", 2100, VATStandard},
		{"NL", "NL123456789B01", 2100, VATStandard},
		{"DE", "DE123456789", 0, VATReverseCharge},
	} {
		r, tr := vatRate(&store.Company{Country: c.country, VATID: c.vat})
		if r != c.rate || tr != c.treatment {
			t.Errorf("%s %q: %d %s", c.country, c.vat, r, tr)
		}
	}
	if r, tr := vatRate(nil); r != 2100 || tr != VATStandard {
		t.Errorf("no company: %d %s", r, tr)
	}
	m, _ := parsePeriod("2026-11")
	o := store.Order{ID: "o1", AmountCents: 250, LiveAt: at("2026-11-02 10:00"), Agent: testAgent}
	l := statementLines(m, []store.Order{o}, nil, "en", RateReverse)
	if len(l) != 1 || l[0].VATRateBP != 0 || l[0].VATCents != 0 || l[0].NetCents != 250 {
		t.Errorf("reverse charged: %+v", l)
	}
}

func TestFormat(t *testing.T) {
	for _, c := range []struct {
		cents      int64
		lang, want string
	}{{123456, "en", "€\u00a01,234.56"}, {123456, "nl", "€\u00a01.234,56"}, {-1200, "en", "€\u00a0-12.00"}, {5, "nl", "€\u00a00,05"}} {
		if got := formatMoney(c.cents, "EUR", c.lang); got != c.want {
			t.Errorf("formatMoney(%d, %s) = %q", c.cents, c.lang, got)
		}
	}
	for _, c := range []struct {
		secs       int64
		lang, want string
	}{{36750, "en", "612.5"}, {600, "en", "10"}, {100, "nl", "1,7"}, {36720, "en", "612"}} {
		if got := formatMinutes(c.secs, c.lang); got != c.want {
			t.Errorf("formatMinutes(%d) = %q, want %q", c.secs, got, c.want)
		}
	}
	if _, err := parsePeriod("2026-13"); err == nil {
		t.Error("2026-13 parsed")
	}
	if _, err := parsePeriod("nov"); err == nil {
		t.Error("nov parsed")
	}
}
