package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/catalogue"
	"github.com/belwise/site/internal/mollie"
	"github.com/belwise/site/internal/mollie/mollietest"
	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/payments"
	"github.com/belwise/site/internal/quote"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

type payEnv struct {
	t     *testing.T
	h     http.Handler
	svc   *payments.Service
	fake  *mollietest.Server
	ready atomic.Bool
}

// newPayEnv is the site as web.New serves it with Mollie configured (a
// fake), on db.
func newPayEnv(t *testing.T, db *store.DB) *payEnv {
	t.Helper()
	e := &payEnv{t: t, fake: mollietest.New(t)}
	e.ready.Store(true)
	e.svc = payments.New(payments.Options{DB: db, Mollie: e.fake.Client(), SiteURL: "https://belwise.nl"})
	quotes, err := quote.New(quote.Options{DB: db, Inbox: testInbox, RateLimitScale: 1})
	if err != nil {
		t.Fatal(err)
	}
	h, err := New(Options{Site: payDist(t), SiteURL: "https://belwise.nl", QuoteInbox: testInbox,
		DBReady: e.ready.Load, Auth: auth.New(auth.Options{DB: db, SiteURL: testSiteURL, RateLimitScale: 1}),
		Orders: orders.New(orders.Options{DB: db, SiteURL: testSiteURL}), Quotes: quotes, Catalogue: catalogue.New(db, nil),
		Payments: e.svc})
	if err != nil {
		t.Fatal(err)
	}
	e.h = h
	return e
}

// webhook posts Mollie's form as Mollie does: no cookie, no Origin.
func (e *payEnv) webhook(body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest("POST", "/api/payments/mollie", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.RemoteAddr = "34.90.1.2:40000"
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, req)
	return w
}

// get follows a pay link path as a browser arriving from an email. No
// page shows a placeholder unfilled.
func (e *payEnv) get(path string) *httptest.ResponseRecorder {
	e.t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	req.Header.Set("Sec-Fetch-Site", "none")
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, req)
	if p := wordVar.FindString(w.Body.String()); p != "" {
		e.t.Errorf("%s: %s left unfilled in %s", path, p, w.Body)
	}
	return w
}

func linkPath(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil || u.Host != "belwise.nl" {
		t.Fatalf("%q", link)
	}
	return u.RequestURI()
}

func TestPayLinkRedirectsToMollieAndWebhookMarksPaidOnlyAfterFetching(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newPayEnv(t, db)
		ctx := t.Context()
		inv := storetest.NewPaymentInvoice(t, db, storetest.PaymentInvoice{Number: "2026-0001", TotalCents: 6125, Locale: "nl"})
		path := linkPath(t, e.svc.PayURL(inv))

		w := e.get(path)
		if w.Code != http.StatusSeeOther || !strings.HasPrefix(w.Header().Get("Location"), "https://www.mollie.com/checkout/") {
			t.Fatalf("pay link: %d %v %s", w.Code, w.Header(), w.Body)
		}
		if w.Header().Get("Cache-Control") != "no-store" || w.Header().Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("headers %v", w.Header())
		}
		if c := e.fake.Created(); len(c) != 1 || c[0]["amount"].(map[string]any)["value"] != "61.25" ||
			c[0]["webhookUrl"] != "https://belwise.nl/api/payments/mollie" || c[0]["redirectUrl"] != "https://belwise.nl"+path+"&return=1" {
			t.Fatalf("created %v", c)
		}
		// Clicked again: the same open payment.
		if w2 := e.get(path); w2.Header().Get("Location") != w.Header().Get("Location") || len(e.fake.Created()) != 1 {
			t.Fatalf("again: %v", w2.Header())
		}
		// A link checker's HEAD starts nothing.
		if w := httptest.NewRecorder(); true {
			e.h.ServeHTTP(w, httptest.NewRequest("HEAD", path, nil))
			if w.Code != 200 || len(e.fake.Created()) != 1 {
				t.Fatalf("HEAD: %d", w.Code)
			}
		}
		unpaid := func() bool {
			p, err := db.InvoiceByID(ctx, inv)
			if err != nil {
				t.Fatal(err)
			}
			return p.PaidAt == nil
		}

		// The webhook's body says paid; Mollie says open: not paid.
		if w := e.webhook("id=tr_fake1&status=paid&amount=61.25"); w.Code != 200 || !unpaid() {
			t.Fatalf("body claims paid: %d %s", w.Code, w.Body)
		}
		if e.fake.Gets("tr_fake1") < 2 {
			t.Fatal("the webhook did not fetch the payment from Mollie")
		}
		// Paid at Mollie, but 1 cent short: not paid.
		paidAt := time.Date(2026, 11, 27, 23, 30, 0, 0, time.UTC)
		e.fake.Pay("tr_fake1", paidAt)
		e.fake.Set("tr_fake1", func(p *mollietest.Payment) { p.Amount = mollie.Amount{Currency: "EUR", Value: "61.24"} })
		if w := e.webhook("id=tr_fake1"); w.Code != 200 || !unpaid() {
			t.Fatalf("wrong amount: %d", w.Code)
		}
		// Mollie cannot be reached: 503, so Mollie retries.
		e.fake.Set("tr_fake1", func(p *mollietest.Payment) { p.Amount = mollie.Amount{Currency: "EUR", Value: "61.25"} })
		e.fake.Down(true)
		if w := e.webhook("id=tr_fake1"); w.Code != http.StatusServiceUnavailable || !unpaid() {
			t.Fatalf("Mollie down: %d", w.Code)
		}
		e.fake.Down(false)
		// The database down: 503.
		e.ready.Store(false)
		if w := e.webhook("id=tr_fake1"); w.Code != http.StatusServiceUnavailable || !unpaid() {
			t.Fatalf("database down: %d", w.Code)
		}
		e.ready.Store(true)
		// Paid in full: marked paid, once.
		for range 3 {
			if w := e.webhook("id=tr_fake1"); w.Code != 200 {
				t.Fatalf("paid: %d %s", w.Code, w.Body)
			}
			p, _ := db.InvoiceByID(ctx, inv)
			if p.PaidAt == nil || !p.PaidAt.Equal(paidAt) || p.PaidVia != "mollie" || p.Version != 2 {
				t.Fatalf("%+v", p)
			}
		}
		// Unknown ids, and no id at all: 200, nothing asked, nothing changed.
		for _, body := range []string{"id=tr_unknown", "", "id=", "id=%00", "nonsense"} {
			if w := e.webhook(body); w.Code != 200 {
				t.Errorf("%q: %d", body, w.Code)
			}
		}
		if e.fake.Gets("tr_unknown") != 0 {
			t.Error("Mollie was asked about a payment the site never made")
		}
		if h, _ := db.History(ctx, "invoice", inv, ""); len(h) != 1 {
			t.Fatalf("history %+v", h)
		}

		// The link now says it is paid, in the invoice's language.
		w = e.get(path)
		if w.Code != 200 || !strings.Contains(w.Body.String(), "Factuur 2026-0001 is betaald") || !strings.Contains(w.Body.String(), "28 november 2026") ||
			!strings.Contains(w.Body.String(), "€ 61,25") || !strings.Contains(w.Body.String(), `href="/nl/dashboard/invoices"`) {
			t.Fatalf("paid page: %d %s", w.Code, w.Body)
		}
	})
}

func TestPayLinkPages(t *testing.T) {
	db := storetest.SQLite(t)
	e := newPayEnv(t, db)
	inv := storetest.NewPaymentInvoice(t, db, storetest.PaymentInvoice{Number: "2026-0002", TotalCents: 123456, Locale: "en"})
	path := linkPath(t, e.svc.PayURL(inv))

	// A bad signature: 404, in both languages, and nothing created.
	bad := path[:len(path)-1] + map[bool]string{true: "1", false: "0"}[strings.HasSuffix(path, "0")]
	for _, p := range []string{bad, "/pay/" + inv, "/pay/" + inv + "?s=zz", strings.Replace(path, inv, "0b5e1a3c-0000-4000-8000-000000000001", 1)} {
		if w := e.get(p); w.Code != 404 || !strings.Contains(w.Body.String(), "This link does not work") || !strings.Contains(w.Body.String(), "Deze link werkt niet") {
			t.Errorf("%s: %d %s", p, w.Code, w.Body)
		}
	}
	if len(e.fake.Created()) != 0 {
		t.Fatal("a bad link created a payment")
	}

	// Mollie down: the bank transfer details instead.
	e.fake.Down(true)
	w := e.get(path)
	if w.Code != http.StatusServiceUnavailable || !strings.Contains(w.Body.String(), "NL91 ABNA 0417 1643 00") ||
		!strings.Contains(w.Body.String(), "€ 1,234.56") || !strings.Contains(w.Body.String(), "reference 2026-0002") {
		t.Fatalf("Mollie down: %d %s", w.Code, w.Body)
	}
	e.fake.Down(false)

	// Back from the checkout without paying: not completed, with the link again.
	if w := e.get(path); w.Code != http.StatusSeeOther {
		t.Fatalf("%d", w.Code)
	}
	e.fake.Set("tr_fake1", func(p *mollietest.Payment) { p.Status = mollie.StatusCanceled })
	w = e.get(path + "&return=1")
	if w.Code != 200 || !strings.Contains(w.Body.String(), "The payment was not completed") ||
		!strings.Contains(w.Body.String(), `href="`+strings.ReplaceAll(e.svc.PayURL(inv), "&", "&amp;")+`"`) {
		t.Fatalf("returning: %d %s", w.Code, w.Body)
	}
	if len(e.fake.Created()) != 1 {
		t.Fatal("coming back created a payment")
	}
	// Pending at the bank: no second payment offered.
	if w := e.get(path); w.Code != http.StatusSeeOther {
		t.Fatalf("%d", w.Code)
	}
	e.fake.Set("tr_fake2", func(p *mollietest.Payment) { p.Status = mollie.StatusPending })
	if w := e.get(path); w.Code != 200 || !strings.Contains(w.Body.String(), "being processed") || len(e.fake.Created()) != 2 {
		t.Fatalf("pending: %d %s", w.Code, w.Body)
	}
}

func TestPayLinkOfAnInvoiceCreditedInFull(t *testing.T) {
	db := storetest.SQLite(t)
	e := newPayEnv(t, db)
	inv := storetest.NewPaymentInvoice(t, db, storetest.PaymentInvoice{Number: "2026-0003", Locale: "nl"})
	storetest.NewPaymentInvoice(t, db, storetest.PaymentInvoice{Kind: "credit_note", TotalCents: -6125, CorrectsID: inv})
	w := e.get(linkPath(t, e.svc.PayURL(inv)))
	if w.Code != 200 || !strings.Contains(w.Body.String(), "Niets meer te betalen") || !strings.Contains(w.Body.String(), "Factuur 2026-0003 is volledig gecrediteerd") {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	if len(e.fake.Created()) != 0 {
		t.Fatal("a payment of nothing")
	}
}

func TestWithoutMollieThereIsNoPayLinkOrWebhook(t *testing.T) {
	db := storetest.SQLite(t)
	e := newAccountEnv(t, db, testSiteURL)
	req := httptest.NewRequest("POST", "/api/payments/mollie", strings.NewReader("id=tr_abc"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, req)
	if w.Code != 404 {
		t.Fatalf("webhook: %d", w.Code)
	}
	if w := e.call("GET", "/pay/0b5e1a3c-0000-4000-8000-000000000001?s=00", nil, nil); w.Code != 404 {
		t.Fatalf("pay link: %d", w.Code)
	}
	var none *payments.Service
	if none.PayURL("0b5e1a3c-0000-4000-8000-000000000001") != "" {
		t.Fatal("a link without Mollie")
	}
}
