package webhooks

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/belwise/site/internal/calldata"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
)

// Envelope is a message's body, as Standard Webhooks has it.
type Envelope struct {
	Type      string    `json:"type"`
	Timestamp time.Time `json:"timestamp"`
	Data      CallEvent `json:"data"`
}

// CallEvent is the data of call.ended and call.followup.
type CallEvent struct {
	Test   bool        `json:"test,omitempty"`
	Call   EventCall   `json:"call"`
	Caller EventCaller `json:"caller"`
	// Data is the call data by field name, each with its labels.
	Data  map[string]EventValue `json:"data"`
	Agent EventAgent            `json:"agent"`
}

type EventCall struct {
	ID              string     `json:"id"`
	StartedAt       time.Time  `json:"startedAt"`
	EndedAt         *time.Time `json:"endedAt"`
	Direction       string     `json:"direction"`
	DurationSeconds int        `json:"durationSeconds"`
	Outcome         string     `json:"outcome"`
	EndedReason     string     `json:"endedReason"`
	Summary         string     `json:"summary"`
	FollowUp        bool       `json:"followUp"`
	URL             string     `json:"url"`
}

type EventCaller struct {
	Number string `json:"number"` // E.164; "" when unknown
}

type EventValue struct {
	Label   string `json:"label"`
	LabelNl string `json:"labelNl"`
	Type    string `json:"type"`
	Value   any    `json:"value"`
}

type EventAgent struct {
	OrderID     string `json:"orderId"`
	OrderNumber string `json:"orderNumber"`
	Name        string `json:"name"`
}

// payload builds a message's body from the call as it is now.
func (s *Service) payload(ctx context.Context, m store.WebhookMessage, e store.WebhookEndpoint) ([]byte, error) {
	if m.CallID == 0 {
		return json.Marshal(s.testEnvelope(m))
	}
	c, err := s.db.CallByID(ctx, m.CallID)
	if err != nil {
		return nil, fmt.Errorf("call %d: %w", m.CallID, err)
	}
	o, err := s.db.OrderByID(ctx, c.OrderID)
	if err != nil {
		return nil, fmt.Errorf("order %s: %w", c.OrderID, err)
	}
	fields, err := s.db.OrderCallFields(ctx, o.ID)
	if err != nil {
		return nil, fmt.Errorf("call fields: %w", err)
	}
	lang := text.Lang(o.BuyerLocale)
	name, _, _ := orders.AgentText(o.Agent, lang)
	data := map[string]EventValue{}
	values := calldata.Values(fields, c.Data)
	for _, f := range fields {
		if v, ok := values[f.Name]; ok {
			data[f.Name] = EventValue{Label: f.LabelEn, LabelNl: f.LabelNl, Type: f.Type, Value: v}
		}
	}
	prefix := ""
	if lang == "nl" {
		prefix = "/nl"
	}
	id := strconv.FormatInt(c.ID, 10)
	ev := CallEvent{
		Call: EventCall{ID: id, StartedAt: c.StartedAt.UTC(), EndedAt: c.EndedAt, Direction: c.Type, DurationSeconds: c.DurationSeconds,
			Outcome: c.Outcome, EndedReason: c.EndedReason, Summary: c.Summary, FollowUp: calls.NeedsFollowUp(c.Outcome, fields, c.Data),
			URL: s.siteURL + prefix + "/dashboard/agents/" + o.ID + "/calls/" + id},
		Caller: EventCaller{Number: calls.FormatNumber(c.CustomerNumber, lang).E164},
		Data:   data,
		Agent:  EventAgent{OrderID: o.ID, OrderNumber: orders.Number(o.ID), Name: name},
	}
	at := c.UpdatedAt
	if c.EndedAt != nil {
		at = *c.EndedAt
	}
	return json.Marshal(Envelope{Type: m.Event, Timestamp: at.UTC(), Data: ev})
}

// testEnvelope is a made-up call, marked test, for a test event.
func (s *Service) testEnvelope(m store.WebhookMessage) Envelope {
	ended := m.CreatedAt.UTC()
	started := ended.Add(-94 * time.Second)
	return Envelope{Type: m.Event, Timestamp: ended, Data: CallEvent{
		Test: true,
		Call: EventCall{ID: "0", StartedAt: started, EndedAt: &ended, Direction: store.CallInbound, DurationSeconds: 94,
			Outcome: store.OutcomeAnswered, EndedReason: "customer-ended-call", Summary: "A test event from Belwise: the caller asked to be called back tomorrow morning.",
			FollowUp: m.Event == store.EventCallFollowUp, URL: s.siteURL + "/dashboard/integrations"},
		Caller: EventCaller{Number: "+31612345678"},
		Data:   map[string]EventValue{"callback": {Label: "Callback wanted", LabelNl: "Wil teruggebeld worden", Type: "yes_no", Value: true}},
		Agent:  EventAgent{OrderID: "00000000-0000-0000-0000-000000000000", OrderNumber: "TEST", Name: "Test agent"},
	}}
}

// deliver is the webhook job: one attempt of one message.
func (s *Service) deliver(ctx context.Context, j store.Job) error {
	msgID, once, err := store.WebhookJobOf(j)
	if err != nil {
		return jobs.Permanent(err)
	}
	m, err := s.db.WebhookMessage(ctx, msgID)
	if errors.Is(err, store.ErrNotFound) {
		return jobs.Skip(fmt.Errorf("message %s: its endpoint was deleted", msgID))
	}
	if err != nil {
		return err
	}
	e, err := s.db.WebhookEndpointByID(ctx, m.EndpointID)
	if errors.Is(err, store.ErrNotFound) {
		return jobs.Skip(fmt.Errorf("endpoint %s was deleted", m.EndpointID))
	}
	if err != nil {
		return err
	}
	if !e.Enabled && !once {
		return jobs.Skip(fmt.Errorf("endpoint %s is switched off", e.ID))
	}
	body := m.Payload
	if len(body) == 0 {
		built, err := s.payload(ctx, m, e)
		if errors.Is(err, store.ErrNotFound) {
			return jobs.Skip(err)
		}
		if err != nil {
			return err
		}
		if body, err = s.db.SetWebhookPayload(ctx, m.ID, built); err != nil {
			return err
		}
	}
	attempt, err := s.db.WebhookAttempts(ctx, m.ID)
	if err != nil {
		return err
	}
	attempt++

	u, err := s.db.UserByID(ctx, e.UserID)
	if err != nil {
		return err
	}

	now := s.now()
	status, elapsed, sendErr := s.send(ctx, e, m.ID, now, body)
	ok := sendErr == nil && success(status)
	errText := ""
	switch {
	case sendErr != nil:
		errText = sendErr.Error()
	case !ok:
		errText = "HTTP " + strconv.Itoa(status)
	}
	if len(errText) > maxErr {
		errText = strings.ToValidUTF8(errText[:maxErr], "") + "…"
	}
	d := store.WebhookDelivery{EndpointID: e.ID, MessageID: m.ID, Event: m.Event, Attempt: attempt, StatusCode: status,
		DurationMS: int(elapsed / time.Millisecond), Error: errText, CreatedAt: now}
	off, err := s.db.RecordWebhookDelivery(context.WithoutCancel(ctx), d, ok, now.Add(-SwitchOffAfter), switchOffMails(u))
	if err != nil {
		return err
	}
	if off {
		s.log.Warn("webhooks: endpoint failing for three days; switched off", "endpoint", e.ID)
		s.notify()
	}
	if ok {
		return nil
	}
	fail := fmt.Errorf("delivery to endpoint %s: %s", e.ID, errText)
	// One attempt only for a test or a redelivery; automatic retries
	// while the message is younger than RetryWindow and the endpoint on.
	auto := j.Attempts // this job's attempts: 1 for the first
	if once || off || auto > len(retryAfter) {
		return jobs.Permanent(fail)
	}
	next := now.Add(retryAfter[auto-1])
	if next.Sub(m.CreatedAt) > RetryWindow {
		return jobs.Permanent(fail)
	}
	return jobs.RetryAt(fail, next)
}

// send makes one signed POST and reports the status (0 without an answer)
// and how long it took.
func (s *Service) send(ctx context.Context, e store.WebhookEndpoint, msgID string, now time.Time, body []byte) (int, time.Duration, error) {
	ts := now.Unix()
	sig, err := Sign(e.Secret, msgID, ts, body)
	if err != nil {
		return 0, 0, err
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.URL, bytes.NewReader(body))
	if err != nil {
		return 0, 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Belwise-Webhooks/1")
	req.Header.Set("webhook-id", msgID)
	req.Header.Set("webhook-timestamp", strconv.FormatInt(ts, 10))
	req.Header.Set("webhook-signature", sig)
	start := time.Now()
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, time.Since(start), cleanErr(err)
	}
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	return resp.StatusCode, time.Since(start), nil
}

// cleanErr drops the "Post \"url\": " prefix url.Error adds.
func cleanErr(err error) error {
	var ue interface{ Unwrap() error }
	if errors.As(err, &ue) {
		if inner := ue.Unwrap(); inner != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				return errors.New("timed out after 10 s")
			}
			return inner
		}
	}
	return err
}
