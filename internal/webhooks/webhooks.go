// Package webhooks sends a buyer's calls to their own tools (issue 21 §3):
// the buyer's endpoints (https URLs, each with the events it listens to and
// optionally the agents), the messages a stored end-of-call report makes
// (call.ended, and call.followup for a call needing follow-up), and their
// delivery through the job queue, signed as Standard Webhooks asks
// (webhook-id, webhook-timestamp, webhook-signature). Every delivery is
// logged; one that fails is retried over 24 hours, and an endpoint failing
// for three days is switched off with an email to its buyer. A Guard keeps
// deliveries from reaching anything but the public internet.
package webhooks

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
)

// Events are the events an endpoint may listen to.
var Events = []string{store.EventCallEnded, store.EventCallFollowUp}

const (
	// Timeout bounds one delivery attempt.
	Timeout = 10 * time.Second
	// RetryWindow is how long a message is retried after its first attempt.
	RetryWindow = 24 * time.Hour
	// SwitchOffAfter is how long an endpoint may fail before it is switched off.
	SwitchOffAfter = 72 * time.Hour
	// maxURL bounds an endpoint's URL.
	maxURL = 2000
	// maxEndpoints bounds a buyer's endpoints.
	maxEndpoints = 20
	// maxErr bounds a delivery's error text.
	maxErr = 300
)

// retryAfter is the wait before each automatic retry: after attempt n
// (from 1) comes retryAfter[n-1]; about 23 hours in all (after Standard
// Webhooks' suggested schedule), inside RetryWindow.
var retryAfter = []time.Duration{5 * time.Second, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 5 * time.Hour, 8 * time.Hour, 8 * time.Hour}

// Options configures a Service.
type Options struct {
	DB      *store.DB
	SiteURL string
	Guard   Guard
	// Notify wakes the job worker when a job is queued (optional).
	Notify func()
	Logger *slog.Logger
	Now    func() time.Time
	// Client sends the deliveries; nil: one with the Guard's dialer, a
	// 10 s timeout and no redirects followed.
	Client *http.Client
	// Keep is how long messages are kept: KeepMessages, or less (the
	// call retention, when shorter). Zero: KeepMessages.
	Keep time.Duration
}

// Service manages endpoints and delivers messages.
type Service struct {
	db      *store.DB
	siteURL string
	guard   Guard
	notify  func()
	log     *slog.Logger
	now     func() time.Time
	client  *http.Client
	keep    time.Duration
}

// New returns a Service; call Hook (once) and RegisterJobs to wire it.
func New(o Options) *Service {
	s := &Service{db: o.DB, siteURL: strings.TrimSuffix(o.SiteURL, "/"), guard: o.Guard, notify: o.Notify, log: o.Logger, now: o.Now, client: o.Client, keep: o.Keep}
	if s.keep <= 0 || s.keep > KeepMessages {
		s.keep = KeepMessages
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.notify == nil {
		s.notify = func() {}
	}
	if s.client == nil {
		s.client = NewClient(o.Guard)
	}
	return s
}

// NewClient is the delivery client: every connection through the guard,
// no proxy, a Timeout per attempt and redirects not followed (a 3xx is a
// failed attempt).
func NewClient(g Guard) *http.Client {
	t := &http.Transport{
		DialContext:           g.DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          20,
		IdleConnTimeout:       60 * time.Second,
		TLSHandshakeTimeout:   Timeout,
		ResponseHeaderTimeout: Timeout,
	}
	return &http.Client{
		Transport:     t,
		Timeout:       Timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// Endpoint is an endpoint as its buyer sees it (never its secret).
type Endpoint struct {
	ID       string   `json:"id"`
	URL      string   `json:"url"`
	Events   []string `json:"events" enum:"call.ended,call.followup"`
	OrderIDs []string `json:"orderIds" doc:"The agents (orders) it is limited to; [] for every agent."`
	Enabled  bool     `json:"enabled"`
	// DisabledReason is "failing" when it was switched off after failing
	// for three days, "" otherwise.
	DisabledReason string     `json:"disabledReason" enum:",failing"`
	FailingSince   *time.Time `json:"failingSince"`
	CreatedAt      time.Time  `json:"createdAt"`
}

// CreatedEndpoint is a new endpoint with its secret, shown this once.
type CreatedEndpoint struct {
	Endpoint Endpoint `json:"endpoint"`
	Secret   string   `json:"secret" doc:"The signing secret (whsec_…), shown only now."`
}

func endpointOf(e store.WebhookEndpoint) Endpoint {
	return Endpoint{ID: e.ID, URL: e.URL, Events: e.Events, OrderIDs: e.OrderIDs, Enabled: e.Enabled,
		DisabledReason: e.DisabledReason, FailingSince: e.FailingSince, CreatedAt: e.CreatedAt.UTC()}
}

// Delivery is one delivery attempt as the buyer sees it.
type Delivery struct {
	ID         string    `json:"id"`
	MessageID  string    `json:"messageId"`
	Event      string    `json:"event"`
	Attempt    int       `json:"attempt"`
	StatusCode int       `json:"statusCode" doc:"0 when no answer came."`
	DurationMS int       `json:"durationMs"`
	Error      string    `json:"error"`
	OK         bool      `json:"ok"`
	At         time.Time `json:"at"`
}

var (
	errNoEndpoint = &apierr.Error{Kind: apierr.NotFound, Code: apierr.CodeNotFound, Message: "Endpoint not found."}
	errNoDelivery = &apierr.Error{Kind: apierr.NotFound, Code: apierr.CodeNotFound, Message: "Delivery not found."}
	errTooMany    = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidField, Field: "url", Message: "You have the most endpoints allowed (20)."}
)

// EndpointInput is what the buyer sends to add or change an endpoint.
type EndpointInput struct {
	URL      string
	Events   []string
	OrderIDs []string
}

func (s *Service) checkEvents(events []string) ([]string, error) {
	out := []string{}
	for _, e := range events {
		if !slices.Contains(Events, e) {
			return nil, &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidEvent, Field: "events",
				Message: "Events are call.ended and call.followup."}
		}
		if !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	if len(out) == 0 {
		return nil, &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidEvent, Field: "events", Message: "Choose at least one event."}
	}
	return out, nil
}

func (s *Service) checkOrders(ctx context.Context, userID string, ids []string) ([]string, error) {
	out := []string{}
	for _, id := range ids {
		o, err := s.db.OrderForBuyer(ctx, userID, id)
		if errors.Is(err, store.ErrNotFound) {
			return nil, &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidField, Field: "orderIds", Message: "Not one of your agents."}
		}
		if err != nil {
			return nil, apierr.Wrap("order", err)
		}
		if !slices.Contains(out, o.ID) {
			out = append(out, o.ID)
		}
	}
	return out, nil
}

// CheckURL refuses a URL that is not https or whose host is not public
// (see Guard), as a 400 naming the field "url".
func (s *Service) CheckURL(ctx context.Context, raw string) (string, error) {
	raw = text.OneLine(raw)
	if raw == "" || len(raw) > maxURL {
		return "", &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidWebhookURL, Field: "url", Message: "Enter an https:// URL (at most 2000 characters)."}
	}
	u, err := s.guard.CheckURL(ctx, raw)
	if errors.Is(err, ErrNotPublic) {
		return "", &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeWebhookURLNotPublic, Field: "url", Message: "The URL must reach the public internet: " + err.Error() + "."}
	}
	if err != nil {
		return "", &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidWebhookURL, Field: "url", Message: "Enter an https:// URL: " + err.Error() + "."}
	}
	return u.String(), nil
}

// List is the buyer's endpoints.
func (s *Service) List(ctx context.Context, userID string) ([]Endpoint, error) {
	es, err := s.db.WebhookEndpoints(ctx, userID)
	if err != nil {
		return nil, apierr.Wrap("webhook endpoints", err)
	}
	out := make([]Endpoint, len(es))
	for i, e := range es {
		out[i] = endpointOf(e)
	}
	return out, nil
}

// Create adds an endpoint and returns it with its new secret.
func (s *Service) Create(ctx context.Context, userID string, in EndpointInput) (CreatedEndpoint, error) {
	u, err := s.CheckURL(ctx, in.URL)
	if err != nil {
		return CreatedEndpoint{}, err
	}
	events, err := s.checkEvents(in.Events)
	if err != nil {
		return CreatedEndpoint{}, err
	}
	orderIDs, err := s.checkOrders(ctx, userID, in.OrderIDs)
	if err != nil {
		return CreatedEndpoint{}, err
	}
	have, err := s.db.WebhookEndpoints(ctx, userID)
	if err != nil {
		return CreatedEndpoint{}, apierr.Wrap("webhook endpoints", err)
	}
	if len(have) >= maxEndpoints {
		return CreatedEndpoint{}, errTooMany
	}
	secret := NewSecret()
	e, err := s.db.CreateWebhookEndpoint(ctx, store.WebhookEndpoint{UserID: userID, URL: u, Secret: secret, Events: events, OrderIDs: orderIDs}, s.now())
	if err != nil {
		return CreatedEndpoint{}, apierr.Wrap("create endpoint", err)
	}
	return CreatedEndpoint{Endpoint: endpointOf(e), Secret: secret}, nil
}

func (s *Service) endpoint(ctx context.Context, userID, id string) (store.WebhookEndpoint, error) {
	e, err := s.db.WebhookEndpoint(ctx, userID, id)
	if errors.Is(err, store.ErrNotFound) {
		return e, errNoEndpoint
	}
	if err != nil {
		return e, apierr.Wrap("webhook endpoint", err)
	}
	return e, nil
}

// EndpointChange is what the buyer changes on an endpoint; nil fields stay.
type EndpointChange struct {
	Enabled  *bool
	Events   []string
	OrderIDs []string // nil: unchanged; []: every agent
}

// Update changes an endpoint: on or off, its events, its agents.
func (s *Service) Update(ctx context.Context, userID, id string, c EndpointChange) (Endpoint, error) {
	e, err := s.endpoint(ctx, userID, id)
	if err != nil {
		return Endpoint{}, err
	}
	if c.Enabled != nil {
		e.Enabled = *c.Enabled
	}
	if c.Events != nil {
		if e.Events, err = s.checkEvents(c.Events); err != nil {
			return Endpoint{}, err
		}
	}
	if c.OrderIDs != nil {
		if e.OrderIDs, err = s.checkOrders(ctx, userID, c.OrderIDs); err != nil {
			return Endpoint{}, err
		}
	}
	e, err = s.db.UpdateWebhookEndpoint(ctx, e, s.now())
	if err != nil {
		return Endpoint{}, apierr.Wrap("update endpoint", err)
	}
	return endpointOf(e), nil
}

// RollSecret gives the endpoint a new secret, returned this once.
func (s *Service) RollSecret(ctx context.Context, userID, id string) (CreatedEndpoint, error) {
	e, err := s.endpoint(ctx, userID, id)
	if err != nil {
		return CreatedEndpoint{}, err
	}
	e.Secret = NewSecret()
	if e, err = s.db.UpdateWebhookEndpoint(ctx, e, s.now()); err != nil {
		return CreatedEndpoint{}, apierr.Wrap("roll secret", err)
	}
	return CreatedEndpoint{Endpoint: endpointOf(e), Secret: e.Secret}, nil
}

// Delete removes an endpoint with its log.
func (s *Service) Delete(ctx context.Context, userID, id string) error {
	err := s.db.DeleteWebhookEndpoint(ctx, userID, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return errNoEndpoint
	case err != nil:
		return apierr.Wrap("delete endpoint", err)
	}
	return nil
}

// Deliveries are the endpoint's last 100 delivery attempts, newest first.
func (s *Service) Deliveries(ctx context.Context, userID, id string) ([]Delivery, error) {
	e, err := s.endpoint(ctx, userID, id)
	if err != nil {
		return nil, err
	}
	ds, err := s.db.WebhookDeliveries(ctx, e.ID)
	if err != nil {
		return nil, apierr.Wrap("deliveries", err)
	}
	out := make([]Delivery, len(ds))
	for i, d := range ds {
		out[i] = Delivery{ID: strconv.FormatInt(d.ID, 10), MessageID: d.MessageID, Event: d.Event, Attempt: d.Attempt,
			StatusCode: d.StatusCode, DurationMS: d.DurationMS, Error: d.Error, OK: success(d.StatusCode), At: d.CreatedAt.UTC()}
	}
	return out, nil
}

// Test queues a test event to the endpoint (sent once, even when off).
func (s *Service) Test(ctx context.Context, userID, id string) error {
	e, err := s.endpoint(ctx, userID, id)
	if err != nil {
		return err
	}
	event := store.EventCallEnded
	if len(e.Events) > 0 {
		event = e.Events[0]
	}
	if _, err := s.db.AddWebhookMessage(ctx, store.WebhookMessage{EndpointID: e.ID, Event: event}, true, s.now()); err != nil {
		return apierr.Wrap("test event", err)
	}
	s.notify()
	return nil
}

// Redeliver queues one more attempt of a delivery's message.
func (s *Service) Redeliver(ctx context.Context, userID, id, deliveryID string) error {
	e, err := s.endpoint(ctx, userID, id)
	if err != nil {
		return err
	}
	n, err := strconv.ParseInt(deliveryID, 10, 64)
	if err != nil {
		return errNoDelivery
	}
	d, err := s.db.WebhookDelivery(ctx, e.ID, n)
	if errors.Is(err, store.ErrNotFound) {
		return errNoDelivery
	}
	if err != nil {
		return apierr.Wrap("delivery", err)
	}
	if err := s.db.RedeliverWebhook(ctx, d.MessageID, s.now()); err != nil {
		return apierr.Wrap("redeliver", err)
	}
	s.notify()
	return nil
}

func success(status int) bool { return status >= 200 && status < 300 }

// Hook registers the messages a stored end-of-call report makes: run in
// the report's transaction (store.DB.OnCallRecorded), it adds call.ended
// for every enabled endpoint of the order's buyer listening to it, and
// call.followup when the call needs follow-up (calls.NeedsFollowUp:
// missed, failed, or a call data value staff marked). A call's event reaches an
// endpoint once: a report posted again adds nothing.
func (s *Service) Hook() store.CallHook {
	return func(ctx context.Context, tx *store.Tx, c store.Call, now time.Time) error {
		es, err := tx.WebhookEndpointsForOrder(ctx, c.OrderID)
		if err != nil {
			return err
		}
		if len(es) == 0 {
			return nil
		}
		fields, err := tx.OrderCallFields(ctx, c.OrderID)
		if err != nil {
			return err
		}
		followUp := calls.NeedsFollowUp(c.Outcome, fields, c.Data)
		added := false
		for _, e := range es {
			for _, ev := range e.Events {
				if ev == store.EventCallFollowUp && !followUp {
					continue
				}
				ok, err := tx.AddWebhookMessage(ctx, store.WebhookMessage{EndpointID: e.ID, Event: ev, CallID: c.ID}, false, now)
				if err != nil {
					return err
				}
				added = added || ok
			}
		}
		if added {
			// After commit would be better; the worker polls anyway.
			go s.notify()
		}
		return nil
	}
}

// KeepMessages is how long a message (its body holds the call's summary
// and the caller's number) and its deliveries are kept: past the retries,
// long enough to redeliver from the log.
const KeepMessages = 30 * 24 * time.Hour

// JobPrune is the periodic job that deletes older messages.
const JobPrune = "webhooks.prune"

// RegisterJobs teaches the worker to deliver messages, and to delete them
// after Options.Keep (hourly). A call whose report came again after that
// would be sent again: Vapi retries within minutes, not a month.
func (s *Service) RegisterJobs(w *jobs.Worker) {
	w.Register(store.JobWebhook, s.deliver)
	w.Every(JobPrune, time.Hour, func(ctx context.Context, _ store.Job) error {
		n, err := s.db.PruneWebhookMessages(ctx, s.now().Add(-s.keep))
		if n > 0 {
			s.log.Info("webhooks: old messages deleted", "messages", n)
		}
		return err
	})
}
