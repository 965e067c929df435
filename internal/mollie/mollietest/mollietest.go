// Package mollietest is a fake of Mollie's payments API for tests: it
// creates payments (open, with a checkout URL), answers them by id, and
// lets a test change a payment's status and amount as Mollie would.
package mollietest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/belwise/site/internal/mollie"
)

// Key is the API key the fake expects.
const Key = "test_FakeMollieKeyForTheTests0123"

// Payment is a payment as the fake keeps it.
type Payment struct {
	ID       string
	Status   string
	Amount   mollie.Amount
	PaidAt   string // RFC 3339; "" until paid
	Metadata json.RawMessage
}

// Server is the fake.
type Server struct {
	*httptest.Server
	mu       sync.Mutex
	payments map[string]*Payment
	created  []map[string]any // the bodies of POST /payments, in order
	gets     map[string]int
	down     bool
}

// New starts a fake, closed when the test ends.
func New(t testing.TB) *Server {
	s := &Server{payments: map[string]*Payment{}, gets: map[string]int{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// Client is a mollie.Client of the fake.
func (s *Server) Client() *mollie.Client {
	return &mollie.Client{BaseURL: s.URL + "/v2", Key: Key, HTTP: &http.Client{Timeout: 5 * time.Second}}
}

// Created is the body of every payment created so far.
func (s *Server) Created() []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]map[string]any(nil), s.created...)
}

// Gets is how often payment id was fetched.
func (s *Server) Gets(id string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.gets[id]
}

// Set changes payment id as Mollie would (status, amount, paidAt).
func (s *Server) Set(id string, change func(p *Payment)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.payments[id]
	if p == nil {
		p = &Payment{ID: id, Status: mollie.StatusOpen}
		s.payments[id] = p
	}
	change(p)
}

// Pay marks payment id paid at at, in its own amount.
func (s *Server) Pay(id string, at time.Time) {
	s.Set(id, func(p *Payment) { p.Status, p.PaidAt = mollie.StatusPaid, at.UTC().Format(time.RFC3339) })
}

// Down makes every request fail with 503 (true) or work again.
func (s *Server) Down(down bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.down = down
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	w.Header().Set("Content-Type", "application/hal+json")
	fail := func(status int, detail string) {
		w.WriteHeader(status)
		json.NewEncoder(w).Encode(map[string]any{"status": status, "title": http.StatusText(status), "detail": detail})
	}
	if s.down {
		fail(http.StatusServiceUnavailable, "The service is down for maintenance")
		return
	}
	if r.Header.Get("Authorization") != "Bearer "+Key {
		fail(http.StatusUnauthorized, "Missing authentication, or failed to authenticate")
		return
	}
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/v2/payments":
		b, _ := io.ReadAll(r.Body)
		var body map[string]any
		if err := json.Unmarshal(b, &body); err != nil {
			fail(http.StatusBadRequest, "The JSON body is invalid")
			return
		}
		s.created = append(s.created, body)
		var req mollie.PaymentRequest
		json.Unmarshal(b, &req)
		if _, err := mollie.ParseAmount(req.Amount.Value); err != nil || req.Amount.Currency == "" {
			fail(http.StatusUnprocessableEntity, "The amount is invalid")
			return
		}
		id := fmt.Sprintf("tr_fake%d", len(s.created))
		meta, _ := json.Marshal(req.Metadata)
		s.payments[id] = &Payment{ID: id, Status: mollie.StatusOpen, Amount: req.Amount, Metadata: meta}
		w.WriteHeader(http.StatusCreated)
		s.write(w, s.payments[id])
	case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/v2/payments/"):
		id := strings.TrimPrefix(r.URL.Path, "/v2/payments/")
		s.gets[id]++
		p := s.payments[id]
		if p == nil {
			fail(http.StatusNotFound, "No payment exists with token "+id+".")
			return
		}
		s.write(w, p)
	default:
		fail(http.StatusNotFound, "The resource could not be found")
	}
}

func (s *Server) write(w io.Writer, p *Payment) {
	out := map[string]any{"resource": "payment", "id": p.ID, "mode": "test", "status": p.Status, "amount": p.Amount, "metadata": p.Metadata}
	links := map[string]any{"self": map[string]string{"href": s.URL + "/v2/payments/" + p.ID}}
	if p.Status == mollie.StatusOpen {
		links["checkout"] = map[string]string{"href": "https://www.mollie.com/checkout/select-method/" + strings.TrimPrefix(p.ID, "tr_"), "type": "text/html"}
	}
	out["_links"] = links
	if p.PaidAt != "" {
		out["paidAt"] = p.PaidAt
	}
	json.NewEncoder(w).Encode(out)
}
