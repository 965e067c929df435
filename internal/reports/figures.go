package reports

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/store"
)

// AgentWeek is one agent's week in a digest, and the week before's figures.
type AgentWeek struct {
	OrderID, Name  string
	Currency       string
	Week, Previous store.UsageFigures
	// FollowUps counts the week's calls that need follow-up
	// (calls.NeedsFollowUp: missed, failed, or flagged by call data).
	FollowUps int
}

// Digest is the weekly digest of a buyer's agents for the week that starts
// at start (a Monday 00:00 in the buyer's zone).
func (s *Service) Digest(ctx context.Context, buyerID, lang string, start time.Time) ([]AgentWeek, error) {
	os, err := s.db.OrdersByBuyer(ctx, buyerID)
	if err != nil {
		return nil, err
	}
	end := start.AddDate(0, 0, 7)
	var out []AgentWeek
	for _, o := range os {
		if o.AssistantID == "" || o.CreatedAt.After(end) {
			continue
		}
		name, _, _ := orders.AgentText(o.Agent, lang)
		a := AgentWeek{OrderID: o.ID, Name: name, Currency: o.Currency}
		if a.Week, err = s.db.UsageFigures(ctx, o.ID, start, end); err != nil {
			return nil, err
		}
		if a.Previous, err = s.db.UsageFigures(ctx, o.ID, start.AddDate(0, 0, -7), start); err != nil {
			return nil, err
		}
		cs, err := s.db.ReportCalls(ctx, o.ID, start, end)
		if err != nil {
			return nil, err
		}
		fields, err := s.db.OrderCallFields(ctx, o.ID)
		if err != nil {
			return nil, err
		}
		for _, c := range cs {
			if calls.NeedsFollowUp(c.Outcome, fields, c.Data) {
				a.FollowUps++
			}
		}
		out = append(out, a)
	}
	return out, nil
}

// Report is an order's monthly report: the pricing page's "monthly
// performance review".
type Report struct {
	OrderID    string `json:"orderId"`
	Month      string `json:"month" doc:"YYYY-MM"`
	AgentName  string `json:"agentName"`
	AgentTitle string `json:"agentTitle"`
	TimeZone   string `json:"timeZone" doc:"The buyer's time zone the month and the hours are read in."`
	// Complete is false while the month is still running.
	Complete        bool    `json:"complete"`
	Calls           int     `json:"calls"`
	Answered        int     `json:"answered"`
	Missed          int     `json:"missed"`
	Failed          int     `json:"failed"`
	AnsweredRate    float64 `json:"answeredRate" doc:"Answered calls / calls (0 without calls)."`
	Seconds         int64   `json:"seconds"`
	CostCents       int64   `json:"costCents" doc:"Excluding VAT."`
	Currency        string  `json:"currency"`
	ReportedCalls   int     `json:"reportedCalls" doc:"Calls that still have their content (the goal and the reasons are read from them)."`
	GoalReached     int     `json:"goalReached"`
	GoalReachedRate float64 `json:"goalReachedRate" doc:"Goal reached / reportedCalls (0 without any)."`
	// Hours counts the calls by weekday (Monday first) and hour, in TimeZone.
	Hours   [7][24]int    `json:"hours" doc:"Calls per weekday (0 = Monday) and hour (0–23) in timeZone."`
	Reasons []ReasonCount `json:"reasons" doc:"The most frequent values of the call data field named reason, most first (at most 10)."`
	// ReasonLabel is the reason field's label in lang ("" when the order
	// has no field named reason).
	ReasonLabel string `json:"reasonLabel"`
}

// ReasonCount is how many calls gave one reason.
type ReasonCount struct {
	Reason string `json:"reason"`
	Count  int    `json:"count"`
}

// ReasonField is the call data field the monthly report's "top call
// reasons" read: a choice or text field with this name.
const ReasonField = "reason"

var errMonth = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidField, Field: "month",
	Message: "month must be a month such as 2026-11, no later than this month."}

// BuyerReport is the monthly report of the buyer's own order (404 for
// anyone else's), month "YYYY-MM" up to the current one.
func (s *Service) BuyerReport(ctx context.Context, buyerID, orderID, month, lang string) (Report, error) {
	o, err := s.db.OrderForBuyer(ctx, buyerID, orderID)
	if errors.Is(err, store.ErrNotFound) {
		return Report{}, orders.ErrNotFound
	}
	if err != nil {
		return Report{}, apierr.Wrap("order for buyer", err)
	}
	return s.report(ctx, o, month, lang)
}

func (s *Service) report(ctx context.Context, o store.Order, month, lang string) (Report, error) {
	prefs, err := s.buyerPrefs(ctx, o)
	if err != nil {
		return Report{}, apierr.Wrap("digest prefs", err)
	}
	loc := location(prefs.TimeZone)
	m, err := time.ParseInLocation("2006-01", month, loc)
	now := s.now()
	if err != nil || len(month) != 7 || m.After(now) || m.Year() < 2000 {
		return Report{}, errMonth
	}
	end := m.AddDate(0, 1, 0)
	name, title, _ := orders.AgentText(o.Agent, lang)
	r := Report{OrderID: o.ID, Month: month, AgentName: name, AgentTitle: title, TimeZone: loc.String(),
		Complete: !now.Before(end), Currency: o.Currency, Reasons: []ReasonCount{}}
	u, err := s.db.UsageFigures(ctx, o.ID, m, end)
	if err != nil {
		return Report{}, apierr.Wrap("usage", err)
	}
	r.Calls, r.Answered, r.Missed, r.Failed, r.Seconds, r.CostCents = u.Calls, u.Answered, u.Missed, u.Failed, u.Seconds, u.CostCents
	if r.Calls > 0 {
		r.AnsweredRate = float64(r.Answered) / float64(r.Calls)
	}
	starts, err := s.db.UsageStarts(ctx, o.ID, m, end)
	if err != nil {
		return Report{}, apierr.Wrap("usage starts", err)
	}
	for _, t := range starts {
		l := t.In(loc)
		r.Hours[(int(l.Weekday())+6)%7][l.Hour()]++
	}
	cs, err := s.db.ReportCalls(ctx, o.ID, m, end)
	if err != nil {
		return Report{}, apierr.Wrap("report calls", err)
	}
	fields, err := s.db.OrderCallFields(ctx, o.ID)
	if err != nil {
		return Report{}, apierr.Wrap("call fields", err)
	}
	for _, f := range fields {
		if f.Name == ReasonField {
			r.ReasonLabel = f.LabelEn
			if lang == "nl" && f.LabelNl != "" {
				r.ReasonLabel = f.LabelNl
			}
		}
	}
	r.ReportedCalls = len(cs)
	counts := map[string]*ReasonCount{}
	for _, c := range cs {
		if strings.EqualFold(strings.TrimSpace(c.SuccessEval), "true") {
			r.GoalReached++
		}
		v, ok := c.Data[ReasonField].(string)
		if v = strings.Join(strings.Fields(v), " "); !ok || v == "" {
			continue
		}
		k := strings.ToLower(v)
		if counts[k] == nil {
			counts[k] = &ReasonCount{Reason: v}
		}
		counts[k].Count++
	}
	if r.ReportedCalls > 0 {
		r.GoalReachedRate = float64(r.GoalReached) / float64(r.ReportedCalls)
	}
	for _, c := range counts {
		r.Reasons = append(r.Reasons, *c)
	}
	slices.SortFunc(r.Reasons, func(a, b ReasonCount) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Reason, b.Reason))
	})
	if len(r.Reasons) > 10 {
		r.Reasons = r.Reasons[:10]
	}
	return r, nil
}

// ReportPath is the report's page in the app, in lang.
func ReportPath(lang, orderID, month string) string {
	p := fmt.Sprintf("/dashboard/agents/%s/reports/%s", orderID, month)
	if lang == "nl" {
		return "/nl" + p
	}
	return p
}
