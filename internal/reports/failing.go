package reports

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
)

// An agent is failing when its last FailingInARow ended calls all failed,
// or more than FailingShare of the calls started in the last hour failed
// with at least FailingMinCalls of them. Staff hear of it at most once an
// hour per agent.
const (
	FailingInARow   = 3
	FailingShare    = 0.20
	FailingMinCalls = 5
)

type failingPayload struct {
	OrderID string `json:"orderId"`
	Why     string `json:"why"` // "row" | "share"
	Calls   int    `json:"calls"`
	Failed  int    `json:"failed"`
}

// CallStored is called after a report is stored: a failed call of an order
// queues a check of the order's recent calls (one at a time per order).
func (s *Service) CallStored(ctx context.Context, c store.Call) {
	if c.OrderID == "" || c.Outcome != "failed" {
		return
	}
	p, _ := json.Marshal(map[string]string{"orderId": c.OrderID})
	err := s.db.EnqueueJobs(ctx, s.now(), store.NewJob{Kind: JobFailingCheck, Payload: p, UniqueKey: JobFailingCheck + ":" + c.OrderID})
	if err != nil {
		s.log.Error("failing-agent check not queued", "order", c.OrderID, "err", err)
		return
	}
	s.notify()
}

// Failing applies the rule to an order's recent calls at now.
func (s *Service) Failing(ctx context.Context, orderID string, now time.Time) (bool, failingPayload, error) {
	last, calls, failed, err := s.db.RecentOutcomes(ctx, orderID, FailingInARow, now.Add(-time.Hour))
	if err != nil {
		return false, failingPayload{}, err
	}
	p := failingPayload{OrderID: orderID, Calls: calls, Failed: failed}
	row := len(last) == FailingInARow
	for _, o := range last {
		row = row && o == "failed"
	}
	if row {
		p.Why = "row"
		return true, p, nil
	}
	if calls >= FailingMinCalls && float64(failed) > FailingShare*float64(calls) {
		p.Why = "share"
		return true, p, nil
	}
	return false, p, nil
}

func (s *Service) checkFailing(ctx context.Context, j store.Job) error {
	var in struct {
		OrderID string `json:"orderId"`
	}
	if err := json.Unmarshal(j.Payload, &in); err != nil || in.OrderID == "" {
		return jobs.Permanent(fmt.Errorf("payload %q", j.Payload))
	}
	now := s.now()
	failing, p, err := s.Failing(ctx, in.OrderID, now)
	if err != nil || !failing {
		return err
	}
	var to []store.NewMail
	payload, _ := json.Marshal(p)
	if s.staffAlerts != "" {
		to = append(to, store.NewMail{Kind: KindFailing, Recipient: s.staffAlerts, Locale: "en", Payload: payload})
	} else {
		staff, err := s.db.StaffEmails(ctx)
		if err != nil {
			return err
		}
		for _, u := range staff {
			to = append(to, store.NewMail{Kind: KindFailing, Recipient: u.Email, Locale: u.Locale, Payload: payload})
		}
	}
	if len(to) == 0 {
		return jobs.Skip(errors.New("no staff account and no STAFF_ALERTS address to alert"))
	}
	var sent bool
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		var err error
		if sent, err = s.db.ClaimFailingAlertTx(ctx, tx, in.OrderID, now); err != nil || !sent {
			return err
		}
		return s.db.EnqueueMailTx(ctx, tx, now, to...)
	})
	if err != nil {
		return err
	}
	if sent {
		s.log.Warn("agent failing: staff alerted", "order", in.OrderID, "why", p.Why, "calls", p.Calls, "failed", p.Failed)
		s.notify()
	}
	return nil
}

func (s *Service) renderFailing(ctx context.Context, m store.OutboxMessage, p failingPayload) (mail.Message, error) {
	o, err := s.db.OrderByID(ctx, p.OrderID)
	if errors.Is(err, store.ErrNotFound) {
		return mail.Message{}, fmt.Errorf("%w: order %q does not exist", mail.ErrPermanent, p.OrderID)
	}
	if err != nil {
		return mail.Message{}, err
	}
	lang := text.Lang(m.Locale)
	w := texts[lang]
	name, _, _ := orders.AgentText(o.Agent, lang)
	buyer := o.Buyer.FullName
	if buyer == "" {
		buyer = o.Buyer.Email
	}
	why := map[string]map[string]string{
		"en": {"row": "its last " + strconv.Itoa(FailingInARow) + " calls failed",
			"share": fmt.Sprintf("%d of its %d calls in the last hour failed", p.Failed, p.Calls)},
		"nl": {"row": "de laatste " + strconv.Itoa(FailingInARow) + " gesprekken zijn mislukt",
			"share": fmt.Sprintf("%d van de %d gesprekken in het afgelopen uur zijn mislukt", p.Failed, p.Calls)},
	}[lang][p.Why]
	e := mail.Email{Lang: lang, Subject: fill(w.FailingSubject, "{agent}", mail.CleanLine(name), "{buyer}", mail.CleanLine(buyer)),
		Heading: w.FailingHeading, Greeting: mail.Greeting(lang, ""), Unsigned: true,
		Paragraphs: []string{fill(w.FailingBody, "{agent}", name, "{buyer}", buyer, "{number}", orders.Number(o.ID), "{why}", why)},
		Actions:    []mail.Action{{Label: w.FailingButton, URL: s.siteURL + langPrefix(lang) + "/console/orders/" + o.ID, Primary: true}},
	}
	return e.Render(), nil
}
