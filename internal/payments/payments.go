// Package payments lets buyers pay their invoices online through Mollie
// (issue 22 §3): the signed pay link in invoice emails and on the invoice
// list, the payment it starts, and Mollie's webhook, which marks an
// invoice paid only after the payment has been fetched from Mollie.
//
// Without MOLLIE_API_KEY there is no Service: invoices then show bank
// transfer details only.
package payments

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/belwise/site/internal/linksign"
	"github.com/belwise/site/internal/mollie"
	"github.com/belwise/site/internal/store"
)

// Provider is the name payments are stored under (invoice_payments.provider,
// invoices.paid_via).
const Provider = "mollie"

// Mollie is the part of Mollie's API the service uses (*mollie.Client).
type Mollie interface {
	CreatePayment(ctx context.Context, r mollie.PaymentRequest) (mollie.Payment, error)
	GetPayment(ctx context.Context, id string) (mollie.Payment, error)
}

// Options configures a Service.
type Options struct {
	DB      *store.DB
	Mollie  Mollie
	SiteURL string // the public origin pay links and Mollie's webhook use
	Logger  *slog.Logger
	Now     func() time.Time
}

// Service creates payments for invoices and follows them.
type Service struct {
	db      *store.DB
	mollie  Mollie
	siteURL string
	webhook string // "" when Mollie cannot reach SITE_URL
	log     *slog.Logger
	now     func() time.Time

	mu  sync.Mutex
	key []byte // the pay links' site key, once read
}

// New returns the service.
func New(o Options) *Service {
	s := &Service{db: o.DB, mollie: o.Mollie, siteURL: strings.TrimRight(o.SiteURL, "/"), log: o.Logger, now: o.Now}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	if Reachable(s.siteURL) {
		s.webhook = s.siteURL + WebhookPath
	}
	return s
}

// WebhookPath is where Mollie posts payment updates.
const WebhookPath = "/api/payments/mollie"

// Reachable reports whether Mollie can reach siteURL: not localhost, a
// .localhost, .test or .internal name, or a loopback or private address.
// Mollie refuses a payment whose webhook it cannot reach, so there the
// payment is created without one and its status is fetched when the buyer
// comes back from the checkout.
func Reachable(siteURL string) bool {
	u, err := url.Parse(siteURL)
	if err != nil || u.Hostname() == "" {
		return false
	}
	h := strings.ToLower(u.Hostname())
	if h == "localhost" || !strings.Contains(h, ".") && net.ParseIP(h) == nil {
		return false
	}
	for _, suffix := range []string{".localhost", ".test", ".internal", ".local", ".invalid", ".example"} {
		if strings.HasSuffix(h, suffix) {
			return false
		}
	}
	if ip := net.ParseIP(h); ip != nil && (ip.IsLoopback() || ip.IsPrivate() || ip.IsUnspecified() || ip.IsLinkLocalUnicast()) {
		return false
	}
	return true
}

// WebhookURL is the webhook given to Mollie with each payment; "" when
// SITE_URL is not reachable from the internet.
func (s *Service) WebhookURL() string { return s.webhook }

// payPurpose is what a pay link may do, and nothing else: start paying
// its invoice.
const payPurpose = "invoice-pay"

// siteKeyPurpose names the pay links' key in site_keys.
const siteKeyPurpose = "invoice-pay"

// signingKey is the pay links' key: read (made the first time) from the
// database, then kept.
func (s *Service) signingKey(ctx context.Context) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.key != nil {
		return s.key, nil
	}
	key, err := s.db.SiteKey(ctx, siteKeyPurpose, s.now())
	if err != nil {
		return nil, err
	}
	s.key = key
	return key, nil
}

// WarmUp reads the pay links' key once the database answers (every 5 s
// until it does, or until ctx ends), so PayURL, which callers may use
// inside a transaction of their own, never has to write the key itself.
func (s *Service) WarmUp(ctx context.Context) {
	for {
		if _, err := s.signingKey(ctx); err == nil {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(5 * time.Second):
		}
	}
}

// PayURL is the invoice's pay link: SITE_URL/pay/{id}?s=<signature>. It
// is "" on a nil Service (Mollie not configured) and when the key cannot
// be read. Callers give it invoices only: a credit note's link would lead
// to a 404.
func (s *Service) PayURL(invoiceID string) string {
	if s == nil || invoiceID == "" {
		return ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	key, err := s.signingKey(ctx)
	if err != nil {
		s.log.Error("payments: the pay link's key", "err", err)
		return ""
	}
	return s.siteURL + "/pay/" + url.PathEscape(invoiceID) + "?s=" + hex.EncodeToString(linksign.Sign(key, payPurpose, invoiceID))
}

// ErrBadLink is a pay link whose signature does not hold, or whose invoice
// does not exist or cannot be paid (a credit note).
var ErrBadLink = errors.New("payments: not a valid pay link")

// ErrUnavailable is Mollie not answering (or failing); the buyer can try
// again later or pay by bank transfer.
var ErrUnavailable = errors.New("payments: Mollie is not available")

// Result kinds: what a pay link leads to.
const (
	// Checkout: go to CheckoutURL (Mollie's checkout).
	Checkout = "checkout"
	// Paid: the invoice is paid.
	Paid = "paid"
	// Processing: a payment is under way (pending at the bank); paying
	// again could pay twice.
	Processing = "processing"
	// NotCompleted: the buyer came back without paying (canceled, failed,
	// expired); the page offers the link again.
	NotCompleted = "not_completed"
)

// Result is where a pay link leads. With ErrUnavailable it still holds
// the invoice, so the page can give its bank transfer details.
type Result struct {
	Kind        string
	CheckoutURL string
	Invoice     store.Invoice
	PayURL      string // the link itself, to try again
}

// reuseFor is how long an open payment is offered again rather than a new
// one made (iDEAL payments expire after about 15 minutes).
const reuseFor = 15 * time.Minute

// Pay follows a pay link (GET /pay/{id}?s=). A paid invoice says so. The
// invoice's newest payment is fetched from Mollie first (a buyer coming
// back from the checkout before the webhook arrived, or where Mollie
// cannot reach the site): paid marks the invoice paid; pending is under
// way; still open and less than 15 minutes old is offered again.
// An invoice credited in full has nothing left to pay and says it is paid.
// returning (the checkout's redirect back) shows the outcome instead of
// starting a new payment. Otherwise a payment of what is open of the
// invoice (its total less its credit notes) is created and stored, and the buyer goes to its checkout.
func (s *Service) Pay(ctx context.Context, invoiceID, sig string, returning bool) (Result, error) {
	key, err := s.signingKey(ctx)
	if err != nil {
		return Result{}, fmt.Errorf("payments: the pay link's key: %w", err)
	}
	mac, err := hex.DecodeString(sig)
	if err != nil || !linksign.Valid(key, mac, payPurpose, invoiceID) {
		return Result{}, ErrBadLink
	}
	inv, err := s.db.InvoiceByID(ctx, invoiceID)
	if errors.Is(err, store.ErrNotFound) {
		return Result{}, ErrBadLink
	}
	if err != nil {
		return Result{}, fmt.Errorf("payments: invoice: %w", err)
	}
	if inv.Kind != "invoice" {
		return Result{}, ErrBadLink
	}
	res := Result{Invoice: inv, PayURL: s.PayURL(inv.ID)}
	if inv.PaidAt != nil || inv.OpenCents() <= 0 {
		// Paid, or credited in full: nothing left to pay.
		res.Kind = Paid
		return res, nil
	}
	last, err := s.db.LatestInvoicePayment(ctx, inv.ID, Provider)
	switch {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		return Result{}, fmt.Errorf("payments: latest payment: %w", err)
	case !final(last.Status):
		p, marked, err := s.refresh(ctx, last, inv)
		if err != nil {
			return res, err
		}
		switch {
		case marked || p.Status == mollie.StatusPaid && s.paidAlready(ctx, inv.ID):
			res.Kind = Paid
			if inv, err := s.db.InvoiceByID(ctx, inv.ID); err == nil {
				res.Invoice = inv
			}
			return res, nil
		case p.Status == mollie.StatusPending || p.Status == mollie.StatusAuthorized:
			res.Kind = Processing
			return res, nil
		case p.Status == mollie.StatusOpen && checkoutURL(p.CheckoutURL) && s.now().Sub(last.CreatedAt) < reuseFor:
			if returning {
				// Back from the checkout without paying it, yet.
				res.Kind = NotCompleted
				return res, nil
			}
			res.Kind, res.CheckoutURL = Checkout, p.CheckoutURL
			return res, nil
		}
	}
	if returning {
		res.Kind = NotCompleted
		return res, nil
	}
	p, err := s.create(ctx, inv, res.PayURL)
	if err != nil {
		return res, err
	}
	res.Kind, res.CheckoutURL = Checkout, p.CheckoutURL
	return res, nil
}

// checkoutURL reports whether u is somewhere to send the buyer: an https
// URL (Mollie's checkout always is).
func checkoutURL(u string) bool {
	p, err := url.Parse(u)
	return err == nil && p.Scheme == "https" && p.Host != ""
}

func (s *Service) paidAlready(ctx context.Context, invoiceID string) bool {
	inv, err := s.db.InvoiceByID(ctx, invoiceID)
	return err == nil && inv.PaidAt != nil
}

// final reports whether a payment's status can no longer change to paid.
func final(status string) bool {
	switch status {
	case mollie.StatusPaid, mollie.StatusCanceled, mollie.StatusExpired, mollie.StatusFailed:
		return true
	}
	return false
}

// descriptions name the invoice on the buyer's bank statement.
var descriptions = map[string]string{"en": "Invoice %s", "nl": "Factuur %s"}

// checkoutLocales are the checkout's language per invoice language.
var checkoutLocales = map[string]string{"en": "en_US", "nl": "nl_NL"}

func (s *Service) create(ctx context.Context, inv store.Invoice, payURL string) (mollie.Payment, error) {
	if payURL == "" {
		return mollie.Payment{}, fmt.Errorf("payments: no pay link")
	}
	desc := descriptions[inv.Locale]
	if desc == "" {
		desc = descriptions["en"]
	}
	req := mollie.PaymentRequest{
		Amount:      mollie.Amount{Currency: inv.Currency, Value: mollie.FormatAmount(inv.OpenCents())},
		Description: fmt.Sprintf(desc, inv.Number),
		RedirectURL: payURL + "&return=1",
		WebhookURL:  s.webhook,
		Locale:      checkoutLocales[inv.Locale],
		Metadata:    mollie.Metadata{InvoiceID: inv.ID, Number: inv.Number},
	}
	// iDEAL straight away for a Dutch buyer paying euros; anyone else
	// chooses among the methods the Mollie account offers.
	if inv.Buyer.Country == "NL" && inv.Currency == "EUR" {
		req.Method = "ideal"
	}
	p, err := s.mollie.CreatePayment(ctx, req)
	if err != nil {
		s.log.Error("payments: Mollie refused or failed to create a payment", "invoice", inv.Number, "err", err)
		return mollie.Payment{}, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	if !checkoutURL(p.CheckoutURL) {
		s.log.Error("payments: Mollie's new payment has no checkout", "invoice", inv.Number, "payment", p.ID)
		return mollie.Payment{}, ErrUnavailable
	}
	status := p.Status
	if status == "" {
		status = mollie.StatusOpen
	}
	if err := s.db.AddInvoicePayment(ctx, store.InvoicePayment{ID: p.ID, InvoiceID: inv.ID, Provider: Provider,
		CheckoutURL: p.CheckoutURL, Status: status, CreatedAt: s.now()}); err != nil {
		return mollie.Payment{}, fmt.Errorf("payments: store payment %s: %w", p.ID, err)
	}
	s.log.Info("payments: payment created", "invoice", inv.Number, "payment", p.ID)
	return p, nil
}

// Webhook handles Mollie's report that payment id changed. The report
// itself says nothing: the payment is fetched from Mollie, and only a
// payment the site made (stored in invoice_payments) counts. Its status is
// stored; paid in exactly what is open of the invoice (its total less its
// credit notes), in its currency, marks the invoice paid (once). An id the site never made is ignored (nil). The
// error is store.ErrUnavailable when the database is down and
// ErrUnavailable when Mollie could not be asked: both worth Mollie's
// retry.
func (s *Service) Webhook(ctx context.Context, id string) error {
	if !mollie.ValidPaymentID(id) {
		s.log.Debug("payments: webhook for something that is not a payment id ignored")
		return nil
	}
	stored, err := s.db.InvoicePaymentByID(ctx, Provider, id)
	if errors.Is(err, store.ErrNotFound) {
		s.log.Warn("payments: webhook for a payment the site did not make ignored", "payment", id)
		return nil
	}
	if err != nil {
		return err
	}
	inv, err := s.db.InvoiceByID(ctx, stored.InvoiceID)
	if err != nil {
		return err
	}
	_, _, err = s.refresh(ctx, stored, inv)
	return err
}

// refresh fetches a stored payment from Mollie and applies what it says:
// its status, and the invoice paid when it is paid in full.
func (s *Service) refresh(ctx context.Context, stored store.InvoicePayment, inv store.Invoice) (mollie.Payment, bool, error) {
	p, err := s.mollie.GetPayment(ctx, stored.ID)
	if mollie.IsNotFound(err) {
		// Made with another key (test and live modes differ): nothing to
		// follow.
		s.log.Warn("payments: Mollie does not know a stored payment", "payment", stored.ID, "err", err)
		return mollie.Payment{Status: stored.Status}, false, nil
	}
	if err != nil {
		s.log.Error("payments: fetching a payment from Mollie failed", "payment", stored.ID, "err", err)
		return mollie.Payment{}, false, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	if p.ID != stored.ID || p.Status == "" {
		s.log.Error("payments: Mollie answered with another payment", "payment", stored.ID, "answer", p.ID)
		return mollie.Payment{}, false, ErrUnavailable
	}
	u := store.PaymentUpdate{Provider: Provider, ID: stored.ID, Status: p.Status}
	if p.Status == mollie.StatusPaid {
		cents, err := mollie.ParseAmount(p.Amount.Value)
		switch {
		case err != nil || cents != inv.OpenCents() || p.Amount.Currency != inv.Currency:
			s.log.Error("payments: a paid payment does not match what is open of its invoice; the invoice is left open",
				"payment", p.ID, "invoice", inv.Number, "paid", p.Amount.Currency+" "+p.Amount.Value,
				"open", inv.Currency+" "+mollie.FormatAmount(inv.OpenCents()))
		default:
			at := s.now()
			if p.PaidAt != nil {
				at = *p.PaidAt
			}
			u.PaidAt = &at
		}
	}
	marked, err := s.db.UpdateInvoicePayment(ctx, u, s.now())
	if err != nil {
		return mollie.Payment{}, false, err
	}
	switch {
	case marked:
		s.log.Info("payments: invoice paid", "invoice", inv.Number, "payment", p.ID,
			"paid_on", u.PaidAt.In(amsterdam()).Format(time.DateOnly))
	case u.PaidAt != nil && stored.Status != mollie.StatusPaid:
		// Newly paid, but the invoice was paid already (by staff, or by
		// another payment): the buyer paid twice.
		s.log.Warn("payments: an invoice already paid was paid again online; refund one of them", "invoice", inv.Number, "payment", p.ID)
	}
	return p, marked, nil
}

var amsterdamOnce = sync.OnceValue(func() *time.Location {
	loc, err := time.LoadLocation("Europe/Amsterdam")
	if err != nil {
		return time.UTC
	}
	return loc
})

// amsterdam is the zone invoice dates are in.
func amsterdam() *time.Location { return amsterdamOnce() }
