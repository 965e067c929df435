package payments

import (
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/belwise/site/internal/mollie"
	"github.com/belwise/site/internal/mollie/mollietest"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

const site = "https://belwise.nl"

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) { c.mu.Lock(); defer c.mu.Unlock(); c.t = c.t.Add(d) }

func setup(t *testing.T, db *store.DB) (*Service, *mollietest.Server, *clock) {
	fake := mollietest.New(t)
	c := &clock{t: time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)}
	return New(Options{DB: db, Mollie: fake.Client(), SiteURL: site + "/", Now: c.now}), fake, c
}

func sigOf(t *testing.T, link string) (id, sig string) {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil || u.Scheme+"://"+u.Host != site || !strings.HasPrefix(u.Path, "/pay/") {
		t.Fatalf("pay link %q", link)
	}
	return strings.TrimPrefix(u.Path, "/pay/"), u.Query().Get("s")
}

func TestPayLinkCreatesAMolliePaymentForTheInvoiceTotalAndReusesAnOpenOne(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		s, fake, clk := setup(t, db)
		inv := storetest.NewPaymentInvoice(t, db, storetest.PaymentInvoice{Number: "2026-0001", TotalCents: 6125, Locale: "nl"})
		link := s.PayURL(inv)
		id, sig := sigOf(t, link)
		if id != inv || len(sig) != 64 {
			t.Fatalf("%q", link)
		}
		if s.PayURL(inv) != link {
			t.Fatal("the link changes")
		}

		res, err := s.Pay(ctx, id, sig, false)
		if err != nil || res.Kind != Checkout || !strings.HasPrefix(res.CheckoutURL, "https://www.mollie.com/checkout/") {
			t.Fatalf("%+v %v", res, err)
		}
		created := fake.Created()
		if len(created) != 1 {
			t.Fatalf("created %d", len(created))
		}
		got, _ := json.Marshal(created[0])
		want, _ := json.Marshal(map[string]any{
			"amount":      map[string]string{"currency": "EUR", "value": "61.25"},
			"description": "Factuur 2026-0001",
			"redirectUrl": link + "&return=1",
			"webhookUrl":  site + "/api/payments/mollie",
			"method":      "ideal",
			"locale":      "nl_NL",
			"metadata":    map[string]string{"invoiceId": inv, "number": "2026-0001"},
		})
		if string(got) != string(want) {
			t.Fatalf("create payment\n%s\nwant\n%s", got, want)
		}
		stored, err := db.LatestInvoicePayment(ctx, inv, Provider)
		if err != nil || stored.ID != "tr_fake1" || stored.Status != "open" || stored.CheckoutURL != res.CheckoutURL {
			t.Fatalf("stored %+v %v", stored, err)
		}

		// Again within 15 minutes: the same payment, fetched to be sure it
		// is still open.
		clk.add(10 * time.Minute)
		again, err := s.Pay(ctx, id, sig, false)
		if err != nil || again.Kind != Checkout || again.CheckoutURL != res.CheckoutURL || len(fake.Created()) != 1 || fake.Gets("tr_fake1") != 1 {
			t.Fatalf("%+v %v created %d gets %d", again, err, len(fake.Created()), fake.Gets("tr_fake1"))
		}
		// Back from the checkout without paying: no new payment.
		back, err := s.Pay(ctx, id, sig, true)
		if err != nil || back.Kind != NotCompleted || back.PayURL != link || len(fake.Created()) != 1 {
			t.Fatalf("returning %+v %v", back, err)
		}
		// Canceled at the checkout: the next click makes a new one.
		fake.Set("tr_fake1", func(p *mollietest.Payment) { p.Status = mollie.StatusCanceled })
		if res, err := s.Pay(ctx, id, sig, false); err != nil || res.Kind != Checkout || len(fake.Created()) != 2 {
			t.Fatalf("after cancel %+v %v", res, err)
		}
		if p, _ := db.InvoicePaymentByID(ctx, Provider, "tr_fake1"); p.Status != "canceled" {
			t.Fatalf("%+v", p)
		}
		// Open but older than 15 minutes: a new one.
		clk.add(16 * time.Minute)
		if res, err := s.Pay(ctx, id, sig, false); err != nil || res.Kind != Checkout || len(fake.Created()) != 3 {
			t.Fatalf("after 16 min %+v %v", res, err)
		}

		// Paid, and the buyer comes back before the webhook: the invoice
		// is paid now, and says so.
		paidAt := time.Date(2026, 11, 27, 23, 30, 0, 0, time.UTC) // 28 Nov in Amsterdam
		fake.Pay("tr_fake3", paidAt)
		res, err = s.Pay(ctx, id, sig, true)
		if err != nil || res.Kind != Paid || res.Invoice.PaidAt == nil || !res.Invoice.PaidAt.Equal(paidAt) || res.Invoice.PaidVia != "mollie" {
			t.Fatalf("paid %+v %v", res, err)
		}
		if res, err := s.Pay(ctx, id, sig, false); err != nil || res.Kind != Paid || len(fake.Created()) != 3 {
			t.Fatalf("paid, again %+v %v", res, err)
		}
	})
}

func TestPayRefusesBadLinksAndCreditNotes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		s, fake, _ := setup(t, db)
		inv := storetest.NewPaymentInvoice(t, db, storetest.PaymentInvoice{})
		other := storetest.NewPaymentInvoice(t, db, storetest.PaymentInvoice{})
		cn := storetest.NewPaymentInvoice(t, db, storetest.PaymentInvoice{Kind: "credit_note", TotalCents: -6125})
		_, sig := sigOf(t, s.PayURL(inv))
		_, cnSig := sigOf(t, s.PayURL(cn))
		flipped := sig[:63] + map[bool]string{true: "1", false: "0"}[sig[63] == '0']
		for name, c := range map[string][2]string{
			"changed signature":     {inv, flipped},
			"another invoice's":     {other, sig},
			"no signature":          {inv, ""},
			"not hex":               {inv, strings.Repeat("z", 64)},
			"credit note":           {cn, cnSig},
			"unknown invoice":       {"0b5e1a3c-0000-4000-8000-000000000001", ""},
			"signature of an other": {inv, func() string { _, s := sigOf(t, s.PayURL(other)); return s }()},
		} {
			if _, err := s.Pay(ctx, c[0], c[1], false); !errors.Is(err, ErrBadLink) {
				t.Errorf("%s: %v", name, err)
			}
		}
		unknown := "0b5e1a3c-0000-4000-8000-000000000001"
		_, usig := sigOf(t, s.PayURL(unknown))
		if _, err := s.Pay(ctx, unknown, usig, false); !errors.Is(err, ErrBadLink) {
			t.Errorf("a signed link to no invoice: %v", err)
		}
		if len(fake.Created()) != 0 {
			t.Fatal("a payment was created")
		}
		// Another site's key signs nothing here.
		s2 := New(Options{DB: storetest.SQLite(t), Mollie: fake.Client(), SiteURL: site})
		_, sig2 := sigOf(t, s2.PayURL(inv))
		if _, err := s.Pay(ctx, inv, sig2, false); !errors.Is(err, ErrBadLink) {
			t.Errorf("another key: %v", err)
		}
		var none *Service
		if none.PayURL(inv) != "" {
			t.Error("a nil service gives a link")
		}
		// Mollie down: the buyer is told, nothing is stored.
		fake.Down(true)
		if _, err := s.Pay(ctx, inv, sig, false); !errors.Is(err, ErrUnavailable) {
			t.Errorf("Mollie down: %v", err)
		}
		if _, err := db.LatestInvoicePayment(ctx, inv, Provider); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("stored while Mollie is down: %v", err)
		}
	})
}

func TestWebhookMarksPaidOnlyWhatMollieSaysIsPaidInFull(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		s, fake, _ := setup(t, db)
		inv := storetest.NewPaymentInvoice(t, db, storetest.PaymentInvoice{TotalCents: 6125})
		_, sig := sigOf(t, s.PayURL(inv))
		if _, err := s.Pay(ctx, inv, sig, false); err != nil {
			t.Fatal(err)
		}
		paid := func() store.Invoice {
			p, err := db.InvoiceByID(ctx, inv)
			if err != nil {
				t.Fatal(err)
			}
			return p
		}

		// Still open at Mollie: whatever the caller thinks, nothing is paid.
		if err := s.Webhook(ctx, "tr_fake1"); err != nil || paid().PaidAt != nil || fake.Gets("tr_fake1") != 1 {
			t.Fatalf("open: %v %+v", err, paid())
		}
		// Paid, but not the invoice's total (or currency): left open.
		paidAt := time.Date(2026, 11, 27, 23, 30, 0, 0, time.UTC)
		fake.Pay("tr_fake1", paidAt)
		for _, a := range []mollie.Amount{{Currency: "EUR", Value: "61.24"}, {Currency: "USD", Value: "61.25"}, {Currency: "EUR", Value: "6125"}} {
			fake.Set("tr_fake1", func(p *mollietest.Payment) { p.Amount = a })
			if err := s.Webhook(ctx, "tr_fake1"); err != nil || paid().PaidAt != nil {
				t.Fatalf("%v: %v %+v", a, err, paid())
			}
		}
		if p, _ := db.InvoicePaymentByID(ctx, Provider, "tr_fake1"); p.Status != "paid" {
			t.Fatalf("the payment's status: %+v", p)
		}
		// In full: paid at Mollie's paidAt, by mollie, once.
		fake.Set("tr_fake1", func(p *mollietest.Payment) { p.Amount = mollie.Amount{Currency: "EUR", Value: "61.25"} })
		for range 3 {
			if err := s.Webhook(ctx, "tr_fake1"); err != nil {
				t.Fatal(err)
			}
			p := paid()
			if p.PaidAt == nil || !p.PaidAt.Equal(paidAt) || p.PaidVia != "mollie" || p.Version != 2 {
				t.Fatalf("%+v", p)
			}
			if p.PaidAt.In(amsterdam()).Format(time.DateOnly) != "2026-11-28" {
				t.Fatalf("paid on %v in Amsterdam", p.PaidAt.In(amsterdam()))
			}
		}
		if h, _ := db.History(ctx, "invoice", inv, ""); len(h) != 1 {
			t.Fatalf("history %+v", h)
		}

		// An id the site never made: ignored, Mollie not even asked.
		if err := s.Webhook(ctx, "tr_someoneelse"); err != nil || fake.Gets("tr_someoneelse") != 0 {
			t.Fatalf("unknown: %v", err)
		}
		if err := s.Webhook(ctx, "../../etc"); err != nil {
			t.Fatalf("not an id: %v", err)
		}
		// Mollie unreachable: worth a retry.
		fake.Down(true)
		if err := s.Webhook(ctx, "tr_fake1"); !errors.Is(err, ErrUnavailable) {
			t.Fatalf("Mollie down: %v", err)
		}
	})
}

func TestWebhookURLOnlyWhereMollieCanReachIt(t *testing.T) {
	for u, want := range map[string]bool{
		"https://belwise.nl": true, "http://localhost:3000": false, "http://127.0.0.1:3940": false, "http://10.0.0.5": false,
		"https://belwise.test": false, "http://site.localhost": false, "http://myhost:3000": false, "https://203.0.113.9": true,
	} {
		if Reachable(u) != want {
			t.Errorf("Reachable(%q) = %v", u, !want)
		}
	}
	if s := New(Options{SiteURL: "http://localhost:3000"}); s.WebhookURL() != "" {
		t.Errorf("%q", s.WebhookURL())
	}
}

// A credit note lowers what is open: the payment asks for the rest, and
// only the rest marks the invoice paid; credited in full, nothing is paid.
func TestPaymentOfWhatIsOpenAfterCreditNotes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		s, fake, _ := setup(t, db)
		inv := storetest.NewPaymentInvoice(t, db, storetest.PaymentInvoice{TotalCents: 6125})
		storetest.NewPaymentInvoice(t, db, storetest.PaymentInvoice{Kind: "credit_note", TotalCents: -1000, CorrectsID: inv})
		_, sig := sigOf(t, s.PayURL(inv))
		if res, err := s.Pay(ctx, inv, sig, false); err != nil || res.Kind != Checkout {
			t.Fatalf("%+v %v", res, err)
		}
		if c := fake.Created(); len(c) != 1 || c[0]["amount"].(map[string]any)["value"] != "51.25" {
			t.Fatalf("created %v", c)
		}
		fake.Pay("tr_fake1", time.Now())
		fake.Set("tr_fake1", func(p *mollietest.Payment) { p.Amount = mollie.Amount{Currency: "EUR", Value: "61.25"} })
		if err := s.Webhook(ctx, "tr_fake1"); err != nil {
			t.Fatal(err)
		}
		if p, _ := db.InvoiceByID(ctx, inv); p.PaidAt != nil || p.OpenCents() != 5125 || p.CreditedCents != -1000 {
			t.Fatalf("the total paid, not what is open: %+v", p)
		}
		fake.Set("tr_fake1", func(p *mollietest.Payment) { p.Amount = mollie.Amount{Currency: "EUR", Value: "51.25"} })
		if err := s.Webhook(ctx, "tr_fake1"); err != nil {
			t.Fatal(err)
		}
		if p, _ := db.InvoiceByID(ctx, inv); p.PaidAt == nil {
			t.Fatalf("what is open paid: %+v", p)
		}

		full := storetest.NewPaymentInvoice(t, db, storetest.PaymentInvoice{TotalCents: 6125})
		storetest.NewPaymentInvoice(t, db, storetest.PaymentInvoice{Kind: "credit_note", TotalCents: -6125, CorrectsID: full})
		_, sig = sigOf(t, s.PayURL(full))
		if res, err := s.Pay(ctx, full, sig, false); err != nil || res.Kind != Paid || res.Invoice.PaidAt != nil || len(fake.Created()) != 1 {
			t.Fatalf("credited in full: %+v %v", res, err)
		}
	})
}
