package mollie

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

const testKey = "test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM"

func TestCreatePaymentSendsMolliesShapeAndReadsTheCheckout(t *testing.T) {
	var got map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != "POST" || r.URL.Path != "/v2/payments" {
			t.Errorf("%s %s", r.Method, r.URL.Path)
		}
		if r.Header.Get("Authorization") != "Bearer "+testKey || r.Header.Get("Content-Type") != "application/json" {
			t.Errorf("headers %v", r.Header)
		}
		b, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(b, &got); err != nil {
			t.Error(err)
		}
		w.Header().Set("Content-Type", "application/hal+json")
		w.WriteHeader(201)
		io.WriteString(w, `{"resource":"payment","id":"tr_7UhSN1zuXS","status":"open","amount":{"value":"61.25","currency":"EUR"},
			"metadata":{"invoiceId":"inv-1"},"_links":{"checkout":{"href":"https://www.mollie.com/checkout/select-method/7UhSN1zuXS","type":"text/html"}}}`)
	}))
	defer srv.Close()
	c := &Client{BaseURL: srv.URL + "/v2/", Key: testKey}
	p, err := c.CreatePayment(t.Context(), PaymentRequest{Amount: Amount{"EUR", FormatAmount(6125)}, Description: "Invoice 2026-0001",
		RedirectURL: "https://belwise.test/pay/inv-1?s=x", WebhookURL: "https://belwise.test/api/payments/mollie", Method: "ideal",
		Metadata: Metadata{InvoiceID: "inv-1", Number: "2026-0001"}})
	if err != nil {
		t.Fatal(err)
	}
	if p.ID != "tr_7UhSN1zuXS" || p.Status != StatusOpen || p.CheckoutURL != "https://www.mollie.com/checkout/select-method/7UhSN1zuXS" ||
		p.Amount != (Amount{"EUR", "61.25"}) || p.Metadata.InvoiceID != "inv-1" || p.PaidAt != nil {
		t.Fatalf("%+v", p)
	}
	want := map[string]any{"amount": map[string]any{"currency": "EUR", "value": "61.25"}, "description": "Invoice 2026-0001",
		"redirectUrl": "https://belwise.test/pay/inv-1?s=x", "webhookUrl": "https://belwise.test/api/payments/mollie", "method": "ideal",
		"metadata": map[string]any{"invoiceId": "inv-1", "number": "2026-0001"}}
	gb, _ := json.Marshal(got)
	wb, _ := json.Marshal(want)
	if string(gb) != string(wb) {
		t.Fatalf("request\n%s\nwant\n%s", gb, wb)
	}
}

func TestGetPaymentReadsPaidAtAndMetadata(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != "GET" || r.URL.Path != "/payments/tr_abc123" {
			t.Errorf("%s %s", r.Method, r.URL.Path)
		}
		io.WriteString(w, `{"id":"tr_abc123","status":"paid","amount":{"value":"10.00","currency":"EUR"},"paidAt":"2026-11-27T23:30:00+00:00","metadata":{"invoiceId":"i"}}`)
	}))
	defer srv.Close()
	p, err := (&Client{BaseURL: srv.URL, Key: testKey}).GetPayment(t.Context(), "tr_abc123")
	if err != nil {
		t.Fatal(err)
	}
	if p.Status != StatusPaid || p.PaidAt == nil || !p.PaidAt.Equal(time.Date(2026, 11, 27, 23, 30, 0, 0, time.UTC)) || p.Metadata.InvoiceID != "i" || p.CheckoutURL != "" {
		t.Fatalf("%+v", p)
	}
}

func TestErrorsCarryMolliesDetailAndNeverTheKey(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/hal+json")
		w.WriteHeader(422)
		io.WriteString(w, `{"status":422,"title":"Unprocessable Entity","detail":"The webhook URL is invalid because it is unreachable from Mollie's point of view","field":"webhookUrl"}`)
	}))
	defer srv.Close()
	_, err := (&Client{BaseURL: srv.URL, Key: testKey}).CreatePayment(t.Context(), PaymentRequest{})
	if err == nil || !strings.Contains(err.Error(), "HTTP 422: The webhook URL is invalid") || !strings.Contains(err.Error(), "(field webhookUrl)") {
		t.Fatalf("%v", err)
	}
	if e, ok := err.(*Error); !ok || e.Temporary() {
		t.Fatalf("%#v", err)
	}
	srv.Close()
	_, err = (&Client{BaseURL: srv.URL, Key: testKey}).GetPayment(t.Context(), "tr_abc")
	if err == nil || strings.Contains(err.Error(), testKey) {
		t.Fatalf("%v", err)
	}
	if _, err := (&Client{BaseURL: srv.URL, Key: testKey}).GetPayment(t.Context(), "tr_../../methods"); !IsNotFound(err) {
		t.Fatalf("a path in the id: %v", err)
	}
}

func TestTimeout(t *testing.T) {
	block := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-block }))
	defer srv.Close()
	defer close(block)
	c := &Client{BaseURL: srv.URL, Key: testKey, HTTP: &http.Client{Timeout: 50 * time.Millisecond}}
	if _, err := c.GetPayment(t.Context(), "tr_abc"); err == nil {
		t.Fatal("no timeout")
	}
}

func TestAmounts(t *testing.T) {
	for cents, s := range map[int64]string{6125: "61.25", 5: "0.05", 100: "1.00", 0: "0.00", -300: "-3.00"} {
		if got := FormatAmount(cents); got != s {
			t.Errorf("FormatAmount(%d) = %q", cents, got)
		}
		if got, err := ParseAmount(s); err != nil || got != cents {
			t.Errorf("ParseAmount(%q) = %d, %v", s, got, err)
		}
	}
	if got, err := ParseAmount("61.2"); err != nil || got != 6120 {
		t.Errorf("61.2: %d %v", got, err)
	}
	for _, bad := range []string{"", "61.255", "abc", "1e3", ".5", "61,25", "--1.00", "+1.00"} {
		if _, err := ParseAmount(bad); err == nil {
			t.Errorf("ParseAmount(%q) accepted", bad)
		}
	}
}
