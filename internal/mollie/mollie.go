// Package mollie is a small client of Mollie's payments API (v2) over plain
// HTTP: create a payment, get a payment. It knows nothing of invoices.
//
// The API key is a secret: it is sent only in the Authorization header to
// the configured API, and never written to an error or a log.
package mollie

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// DefaultBaseURL is Mollie's API.
const DefaultBaseURL = "https://api.mollie.com/v2"

// Payment statuses (docs.mollie.com, "Payment status changes").
const (
	StatusOpen       = "open"
	StatusPending    = "pending"
	StatusAuthorized = "authorized"
	StatusPaid       = "paid"
	StatusCanceled   = "canceled"
	StatusExpired    = "expired"
	StatusFailed     = "failed"
)

// Client calls Mollie's API with one API key.
type Client struct {
	BaseURL string // DefaultBaseURL when empty
	Key     string // test_… or live_…
	// HTTP is the client requests go through; one with a 15 s timeout
	// when nil.
	HTTP *http.Client
}

// Amount is money as Mollie writes it: a currency and a decimal string
// with exactly two decimals ("61.25").
type Amount struct {
	Currency string `json:"currency"`
	Value    string `json:"value"`
}

// Metadata is what the site stores with a payment: which invoice it pays.
type Metadata struct {
	InvoiceID string `json:"invoiceId,omitempty"`
	Number    string `json:"number,omitempty"`
}

// PaymentRequest is a payment to create.
type PaymentRequest struct {
	Amount      Amount   `json:"amount"`
	Description string   `json:"description"`
	RedirectURL string   `json:"redirectUrl"`
	WebhookURL  string   `json:"webhookUrl,omitempty"` // empty: no webhook (Mollie refuses one it cannot reach)
	Method      string   `json:"method,omitempty"`     // "ideal"; empty: the buyer chooses at the checkout
	Locale      string   `json:"locale,omitempty"`     // the checkout's language: nl_NL, en_US
	Metadata    Metadata `json:"metadata"`
}

// Payment is a payment as Mollie reports it.
type Payment struct {
	ID          string
	Status      string
	Amount      Amount
	PaidAt      *time.Time // set once paid
	CheckoutURL string     // where the buyer pays; only while the payment is open
	Metadata    Metadata
}

// payment is the wire shape of a payment (only the fields used here).
type payment struct {
	ID       string          `json:"id"`
	Status   string          `json:"status"`
	Amount   Amount          `json:"amount"`
	PaidAt   string          `json:"paidAt"`
	Metadata json.RawMessage `json:"metadata"`
	Links    struct {
		Checkout *struct {
			Href string `json:"href"`
		} `json:"checkout"`
	} `json:"_links"`
}

// Error is a failure Mollie answered with (docs.mollie.com, "Handling
// errors"): its HTTP status, title and detail, and the field at fault.
type Error struct {
	Op     string // "create payment", "get payment"
	Status int
	Title  string
	Detail string
	Field  string
}

func (e *Error) Error() string {
	msg := fmt.Sprintf("mollie: %s: HTTP %d", e.Op, e.Status)
	if e.Detail != "" {
		msg += ": " + e.Detail
	} else if e.Title != "" {
		msg += ": " + e.Title
	}
	if e.Field != "" {
		msg += " (field " + e.Field + ")"
	}
	return msg
}

// Temporary reports whether trying again later may succeed: Mollie's own
// failures (5xx) and its rate limit (429).
func (e *Error) Temporary() bool { return e.Status >= 500 || e.Status == http.StatusTooManyRequests }

// IsNotFound reports whether err is Mollie saying the resource does not
// exist (for this key: a test payment is not found with a live key).
func IsNotFound(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Status == http.StatusNotFound
}

// CreatePayment creates a payment (POST /payments).
func (c *Client) CreatePayment(ctx context.Context, r PaymentRequest) (Payment, error) {
	body, err := json.Marshal(r)
	if err != nil {
		return Payment{}, fmt.Errorf("mollie: create payment: %w", err)
	}
	return c.do(ctx, "create payment", http.MethodPost, "/payments", body)
}

// GetPayment reads a payment (GET /payments/{id}).
func (c *Client) GetPayment(ctx context.Context, id string) (Payment, error) {
	if !ValidPaymentID(id) {
		return Payment{}, &Error{Op: "get payment", Status: http.StatusNotFound, Detail: "not a payment id"}
	}
	return c.do(ctx, "get payment", http.MethodGet, "/payments/"+url.PathEscape(id), nil)
}

// ValidPaymentID reports whether id looks like a payment's id (tr_ and
// letters and digits), so nothing else is ever put into a request's path.
func ValidPaymentID(id string) bool {
	if len(id) < 4 || len(id) > 64 || !strings.HasPrefix(id, "tr_") {
		return false
	}
	for _, r := range id[3:] {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return false
		}
	}
	return true
}

// maxAnswer bounds what is read of an answer; a payment is a few KB.
const maxAnswer = 1 << 20

func (c *Client) do(ctx context.Context, op, method, path string, body []byte) (Payment, error) {
	base := strings.TrimSuffix(c.BaseURL, "/")
	if base == "" {
		base = DefaultBaseURL
	}
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, base+path, rd)
	if err != nil {
		return Payment{}, fmt.Errorf("mollie: %s: %w", op, err)
	}
	req.Header.Set("Authorization", "Bearer "+c.Key)
	req.Header.Set("Accept", "application/hal+json, application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: 15 * time.Second}
	}
	res, err := hc.Do(req)
	if err != nil {
		// net/http's error names the URL (no key in it), never the headers.
		return Payment{}, fmt.Errorf("mollie: %s: %w", op, err)
	}
	defer res.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(res.Body, maxAnswer))
	if err != nil {
		return Payment{}, fmt.Errorf("mollie: %s: %w", op, err)
	}
	if res.StatusCode < 200 || res.StatusCode > 299 {
		e := &Error{Op: op, Status: res.StatusCode}
		var wire struct{ Title, Detail, Field string }
		if json.Unmarshal(answer, &wire) == nil {
			e.Title, e.Detail, e.Field = oneLine(wire.Title), oneLine(wire.Detail), oneLine(wire.Field)
		}
		return Payment{}, e
	}
	var p payment
	if err := json.Unmarshal(answer, &p); err != nil || p.ID == "" {
		return Payment{}, fmt.Errorf("mollie: %s: the answer is not a payment", op)
	}
	out := Payment{ID: p.ID, Status: p.Status, Amount: p.Amount}
	if p.Links.Checkout != nil {
		out.CheckoutURL = p.Links.Checkout.Href
	}
	if p.PaidAt != "" {
		t, err := time.Parse(time.RFC3339, p.PaidAt)
		if err != nil {
			return Payment{}, fmt.Errorf("mollie: %s: paidAt %q is not a time", op, p.PaidAt)
		}
		t = t.UTC()
		out.PaidAt = &t
	}
	// metadata is whatever was stored with the payment: an object of ours,
	// or null; anything else is left empty.
	_ = json.Unmarshal(p.Metadata, &out.Metadata)
	return out, nil
}

// oneLine keeps Mollie's words to one bounded line for logs.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

// FormatAmount writes cents as Mollie's value: "61.25", "-3.00".
func FormatAmount(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s%d.%02d", sign, cents/100, cents%100)
}

// ParseAmount reads Mollie's value ("61.25") as cents, exactly (no floating
// point); a value with more than two decimals is refused.
func ParseAmount(v string) (int64, error) {
	bad := fmt.Errorf("mollie: amount %q is not a decimal with two places", v)
	neg := strings.HasPrefix(v, "-")
	whole, frac, _ := strings.Cut(strings.TrimPrefix(v, "-"), ".")
	if whole == "" || len(frac) > 2 || strings.ContainsAny(whole+frac, "+- ") {
		return 0, bad
	}
	for len(frac) < 2 {
		frac += "0"
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || w > 1e15 {
		return 0, bad
	}
	f, err := strconv.ParseInt(frac, 10, 64)
	if err != nil {
		return 0, bad
	}
	cents := w*100 + f
	if neg {
		cents = -cents
	}
	return cents, nil
}
