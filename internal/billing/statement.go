package billing

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
	"github.com/belwise/site/internal/vatid"
)

// Line kinds.
const (
	LineSetup   = "setup"
	LineMonthly = "monthly"
	LineUsage   = "usage"
	LineCredit  = "credit"
)

// UN/ECE rec 20 units.
const (
	UnitOne    = "C62"
	UnitDay    = "DAY"
	UnitSecond = "D62"
)

// lineWords are the descriptions of a statement's lines; {agent},
// {number}, {days}, {minutes} and {rate} stand for the values.
type lineWords struct {
	Setup, Monthly, Usage string
	Months                [12]string
}

var lineTexts = map[string]lineWords{
	"en": {
		Setup:   "Setup — {agent} (order {number})",
		Monthly: "Maintenance {days} — {agent} (order {number})",
		Usage:   "Calls: {minutes} min × {rate} per minute — {agent} (order {number})",
		Months:  [12]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"},
	},
	"nl": {
		Setup:   "Installatie — {agent} (bestelling {number})",
		Monthly: "Onderhoud {days} — {agent} (bestelling {number})",
		Usage:   "Gesprekken: {minutes} min × {rate} per minuut — {agent} (bestelling {number})",
		Months:  [12]string{"jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"},
	},
}

// statusRefunded is the status of an order whose money was paid back.
const statusRefunded = "refunded"

// orderNumber is how buyers and staff quote an order: its id's first 8
// characters.
func orderNumber(id string) string {
	if len(id) > 8 {
		return id[:8]
	}
	return id
}

// agentName is the order's agent's name in lang (English where the
// catalogue has no Dutch).
func agentName(a store.Agent, lang string) string {
	if lang == "nl" && strings.TrimSpace(a.NameNl) != "" {
		return a.NameNl
	}
	return a.NameEn
}

// vatRate is the rate of a company's lines: 0 under reverse charge (an EU
// business outside the Netherlands with a valid VAT id), 21 % otherwise.
func vatRate(c *store.Company) (rate int, treatment string) {
	if c != nil && vatid.ReverseCharge(c.Country, c.VATID) {
		return RateReverse, VATReverseCharge
	}
	return RateStandard, VATStandard
}

// VAT treatments.
const (
	VATStandard      = "standard"
	VATReverseCharge = "reverse_charge"
)

// statementLines are the lines of a month for orders and their usage (the
// orders' and usage rows of one company or buyer), in lang, at rateBP:
// per order (oldest first) its setup fee if it went live in the month
// (unless it was refunded since), its
// monthly fee for the days it was live, and its usage per rate. Lines that
// come to nothing are left out.
func statementLines(m month, orders []store.Order, usage []store.RateUsage, lang string, rateBP int) []Line {
	w := lineTexts[text.Lang(lang)]
	byOrder := map[string][]store.RateUsage{}
	for _, u := range usage {
		byOrder[u.OrderID] = append(byOrder[u.OrderID], u)
	}
	var out []Line
	add := func(l Line) {
		if l.NetCents == 0 {
			return
		}
		l.VATRateBP, l.VATCents = rateBP, vatOf(l.NetCents, rateBP)
		out = append(out, l)
	}
	for _, o := range orders {
		fill := strings.NewReplacer("{agent}", agentName(o.Agent, lang), "{number}", orderNumber(o.ID))
		// A refunded order's setup fee was paid back: it is not billed.
		if o.LiveAt != nil && !o.LiveAt.Before(m.Start) && o.LiveAt.Before(m.End) && o.Status != statusRefunded {
			add(Line{Kind: LineSetup, OrderID: o.ID, OrderNumber: orderNumber(o.ID), Description: fill.Replace(w.Setup),
				Quantity: "1", Unit: UnitOne, BaseQuantity: "1", UnitPriceCents: o.AmountCents, NetCents: o.AmountCents})
		}
		if first, last, ok := liveDays(o, m); ok && o.MonthlyCents > 0 {
			days := last - first + 1
			mon := w.Months[m.Start.Month()-1]
			span := strconv.Itoa(first) + "–" + strconv.Itoa(last) + " " + mon + " " + strconv.Itoa(m.Start.Year())
			add(Line{Kind: LineMonthly, OrderID: o.ID, OrderNumber: orderNumber(o.ID),
				Description: strings.ReplaceAll(fill.Replace(w.Monthly), "{days}", span),
				Quantity:    strconv.Itoa(days), Unit: UnitDay, BaseQuantity: strconv.Itoa(m.Days),
				UnitPriceCents: o.MonthlyCents, NetCents: roundDiv(o.MonthlyCents*int64(days), int64(m.Days))})
		}
		for _, u := range byOrder[o.ID] {
			if u.Seconds <= 0 {
				continue
			}
			desc := strings.NewReplacer("{minutes}", formatMinutes(u.Seconds, lang), "{rate}", formatMoney(u.PerMinuteCents, u.Currency, lang)).
				Replace(fill.Replace(w.Usage))
			add(Line{Kind: LineUsage, OrderID: o.ID, OrderNumber: orderNumber(o.ID), Description: desc,
				Quantity: strconv.FormatInt(u.Seconds, 10), Unit: UnitSecond, BaseQuantity: "60",
				UnitPriceCents: u.PerMinuteCents, NetCents: UsageCents(u.Seconds, u.PerMinuteCents)})
		}
	}
	return out
}

// UsageCents is what seconds of calls cost at perMinuteCents a minute:
// seconds × rate / 60 rounded half up. A statement's usage line and the
// buyer's "usage so far this month" are both this.
func UsageCents(seconds, perMinuteCents int64) int64 { return roundDiv(seconds*perMinuteCents, 60) }

// liveDays is the first and last day of m (1-based) on which order o was
// live: from live_at's day in its first month, to ended_at's day in its
// last; ok is false when it was not live in m at all.
func liveDays(o store.Order, m month) (first, last int, ok bool) {
	if o.LiveAt == nil || !o.LiveAt.Before(m.End) || (o.EndedAt != nil && o.EndedAt.Before(m.Start)) {
		return 0, 0, false
	}
	first, last = 1, m.Days
	if !o.LiveAt.Before(m.Start) {
		first = o.LiveAt.In(Zone).Day()
	}
	if o.EndedAt != nil && o.EndedAt.Before(m.End) {
		last = o.EndedAt.In(Zone).Day()
	}
	return first, last, last >= first
}

// totals are a set of lines' sums: per VAT rate (highest first) and in all.
func totals(lines []Line) (subtotal, vat int64, rates []VATRate) {
	by := map[int]*VATRate{}
	for _, l := range lines {
		subtotal += l.NetCents
		vat += l.VATCents
		r := by[l.VATRateBP]
		if r == nil {
			r = &VATRate{RateBP: l.VATRateBP}
			by[l.VATRateBP] = r
		}
		r.NetCents += l.NetCents
		r.VATCents += l.VATCents
	}
	rates = []VATRate{}
	for _, r := range by {
		rates = append(rates, *r)
	}
	slices.SortFunc(rates, func(a, b VATRate) int { return b.RateBP - a.RateBP })
	return subtotal, vat, rates
}

// fillTotals sets a statement's sums from its lines.
func (st *Statement) fillTotals() {
	st.SubtotalCents, st.VATCents, st.VAT = totals(st.Lines)
	st.TotalCents = st.SubtotalCents + st.VATCents
}

// group is the orders billed together: a company's, or a buyer's without one.
type group struct {
	company *store.Company
	buyerID string // without a company
	orders  []store.Order
}

// Overview returns the statements of period (YYYY-MM; "" is last month)
// per company, and per buyer without company details, with the invoice
// that stands for each.
func (s *Service) Overview(ctx context.Context, period string) (Overview, error) {
	if strings.TrimSpace(period) == "" {
		// The month to invoice: the last one that has ended.
		period = monthOf(s.now()).Start.AddDate(0, 0, -1).Format("2006-01")
	}
	m, err := parsePeriod(period)
	if err != nil {
		return Overview{}, err
	}
	ov := Overview{Period: m.Period, Closed: !s.now().Before(m.End), Missing: s.agency.missing(), Statements: []Statement{}}
	orders, err := s.db.OrdersForBilling(ctx, m.Start, m.End, store.BillingFilter{})
	if err != nil {
		return Overview{}, apierr.Wrap("orders for billing", err)
	}
	usage, err := s.db.UsageByRate(ctx, m.Start, m.End, store.BillingFilter{})
	if err != nil {
		return Overview{}, apierr.Wrap("usage by rate", err)
	}
	var groups []*group
	byKey := map[string]*group{}
	var companyIDs []string
	for _, o := range orders {
		key := "c:" + o.CompanyID
		if o.CompanyID == "" {
			key = "b:" + o.BuyerID
		}
		g := byKey[key]
		if g == nil {
			g = &group{buyerID: o.BuyerID}
			if o.CompanyID != "" {
				c, err := s.db.CompanyByID(ctx, o.CompanyID)
				if err != nil {
					return Overview{}, apierr.Wrap("load company", err)
				}
				g.company = &c
				companyIDs = append(companyIDs, c.ID)
			}
			byKey[key] = g
			groups = append(groups, g)
		}
		g.orders = append(g.orders, o)
	}
	buyers, err := s.db.CompanyBuyers(ctx, companyIDs)
	if err != nil {
		return Overview{}, apierr.Wrap("company buyers", err)
	}
	invoices, err := s.db.Invoices(ctx, store.InvoiceFilter{Period: m.Period})
	if err != nil {
		return Overview{}, apierr.Wrap("invoices of the period", err)
	}
	for _, g := range groups {
		first := g.orders[0]
		buyer := Buyer{Locale: text.Lang(first.BuyerLocale)}
		buyer.ID, buyer.Email, buyer.FullName = first.Buyer.ID, first.Buyer.Email, first.Buyer.FullName
		if g.company != nil {
			if bs := buyers[g.company.ID]; len(bs) > 0 {
				b := bs[0]
				buyer = Buyer{Locale: text.Lang(b.Locale)}
				buyer.ID, buyer.Email, buyer.FullName = b.ID, b.Email, b.FullName
			}
		}
		st := s.statement(m, g.company, g.orders, usage, buyer)
		if g.company != nil {
			for _, inv := range invoices {
				if inv.CompanyID == g.company.ID && stands(inv) {
					ref := &InvoiceRef{ID: inv.ID, Number: inv.Number, Status: s.status(inv)}
					st.Invoice = ref
					break
				}
			}
		}
		ov.Statements = append(ov.Statements, st)
	}
	return ov, nil
}

// statement is the statement of a company (nil: a buyer without one) for
// month m from its orders and the usage rows (of any orders: those of
// orders not in the list are ignored), in buyer's language.
func (s *Service) statement(m month, company *store.Company, orders []store.Order, usage []store.RateUsage, buyer Buyer) Statement {
	rate, treatment := vatRate(company)
	st := Statement{Buyer: buyer, Period: m.Period, Currency: store.DefaultCurrency, VATTreatment: treatment}
	if len(orders) > 0 {
		st.Currency = orders[0].Currency
	}
	if company != nil {
		st.Company = &Company{ID: company.ID, LegalName: company.LegalName, Country: company.Country, VATID: company.VATID, InvoiceEmail: company.InvoiceEmail}
	} else {
		st.CompanyMissing = true
	}
	st.Lines = statementLines(m, orders, usage, buyer.Locale, rate)
	if st.Lines == nil {
		st.Lines = []Line{}
	}
	st.fillTotals()
	return st
}

// stands reports whether an invoice still stands: an invoice (not a
// credit note) that credit notes have not fully cancelled.
func stands(v store.Invoice) bool {
	return v.Kind == KindInvoice && v.TotalCents+v.CreditedCents > 0
}

// BuyerUsage is the running month's usage of the user's company's orders
// (or their own orders while they have no company), priced as the month's
// statement will bill it.
func (s *Service) buyerUsage(ctx context.Context, b store.BillingBuyer) (Usage, error) {
	m := monthOf(s.now())
	f := store.BillingFilter{CompanyID: b.CompanyID}
	if b.CompanyID == "" {
		f = store.BillingFilter{BuyerID: b.ID}
	}
	rows, err := s.db.UsageByRate(ctx, m.Start, m.End, f)
	if err != nil {
		return Usage{}, apierr.Wrap("usage by rate", err)
	}
	u := Usage{Period: m.Period, Currency: store.DefaultCurrency}
	for _, r := range rows {
		u.Seconds += r.Seconds
		u.AmountCents += UsageCents(r.Seconds, r.PerMinuteCents)
		u.Currency = r.Currency
	}
	u.Minutes = minutes(u.Seconds)
	return u, nil
}

var errNoBuyer = &apierr.Error{Kind: apierr.NotFound, Code: apierr.CodeNotFound, Field: "buyerId", Message: "There is no such buyer."}

// loadBuyer is the account with id, or errNoBuyer.
func (s *Service) loadBuyer(ctx context.Context, id string) (store.BillingBuyer, error) {
	b, err := s.db.BillingBuyer(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return store.BillingBuyer{}, errNoBuyer
	}
	if err != nil {
		return store.BillingBuyer{}, apierr.Wrap("load buyer", err)
	}
	return b, nil
}
