package orders

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/console"
	"github.com/belwise/site/internal/store"
)

// ConsoleOrder is an order as staff see it.
type ConsoleOrder struct {
	ID          string    `json:"id"`
	Number      string    `json:"number"`
	Status      string    `json:"status" enum:"pending,completed,cancelled,refunded"`
	Version     int       `json:"version"`
	AmountCents int64     `json:"amountCents"`
	Currency    string    `json:"currency"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
	Buyer       Buyer     `json:"buyer"`
	Agent       AgentRef  `json:"agent"`
	QuoteID     *string   `json:"quoteId"`
	// AssistantID is the Vapi assistant delivered for the order; null when
	// none is linked.
	AssistantID    *string `json:"assistantId"`
	PerMinuteCents int64   `json:"perMinuteCents"`
	// MonthlyCents is the monthly maintenance fee, in Currency.
	MonthlyCents int64 `json:"monthlyCents"`
	// LiveAt is when the order first became completed; EndedAt when it
	// stopped being live (cancelled or refunded after it was completed).
	LiveAt  *time.Time `json:"liveAt" doc:"When the order first became completed (its agent went live); null before."`
	EndedAt *time.Time `json:"endedAt" doc:"When the live order was cancelled or refunded; null while it runs."`
	// CallsThisMonth counts the order's calls that started in the current
	// calendar month (Europe/Amsterdam), from its usage lines: a call the
	// buyer deleted still counts.
	CallsThisMonth int `json:"callsThisMonth"`
}

// Buyer is the account an order belongs to.
type Buyer struct {
	console.Person
	Locale string `json:"locale" enum:"en,nl"`
}

// AgentRef names an order's agent in English and in Dutch (the English
// where the catalogue has no Dutch), so the console shows it in its page's
// language, as the buyer's dashboard does.
type AgentRef struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Title   string `json:"title"`
	NameNl  string `json:"nameNl"`
	TitleNl string `json:"titleNl"`
}

func agentRef(a store.Agent) AgentRef {
	name, title, _ := AgentText(a, "en")
	nameNl, titleNl, _ := AgentText(a, "nl")
	return AgentRef{ID: a.ID, Name: name, Title: title, NameNl: nameNl, TitleNl: titleNl}
}

func consoleOrder(o store.Order) ConsoleOrder {
	c := ConsoleOrder{ID: o.ID, Number: Number(o.ID), Status: o.Status, Version: o.Version, AmountCents: o.AmountCents,
		Currency: o.Currency, CreatedAt: o.CreatedAt.UTC(), UpdatedAt: o.UpdatedAt.UTC(),
		Buyer: Buyer{Person: *console.PersonOf(&o.Buyer), Locale: o.BuyerLocale},
		Agent: agentRef(o.Agent)}
	if o.QuoteID != "" {
		c.QuoteID = &o.QuoteID
	}
	if o.AssistantID != "" {
		c.AssistantID = &o.AssistantID
	}
	c.PerMinuteCents, c.MonthlyCents = o.PerMinuteCents, o.MonthlyCents
	if o.LiveAt != nil {
		t := o.LiveAt.UTC()
		c.LiveAt = &t
	}
	if o.EndedAt != nil {
		t := o.EndedAt.UTC()
		c.EndedAt = &t
	}
	return c
}

var (
	errStatus = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidStatus, Field: "status",
		Message: "Status must be one of pending, completed, cancelled or refunded."}
	errUnknownAgent = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeUnknownAgent, Field: "agentId",
		Message: "There is no such agent in the catalogue."}
	errNoQuote = &apierr.Error{Kind: apierr.NotFound, Code: apierr.CodeNotFound, Message: "Quote request not found."}
)

// Filter selects a page of orders.
type Filter struct {
	Status  string // "" for all
	BuyerID string // "" for every buyer
	Query   string // searched in the buyer's email and name, any case
	store.Page
}

// List returns one page of every buyer's orders, newest first.
func (s *Service) List(ctx context.Context, f Filter) (console.Page[ConsoleOrder], error) {
	if f.Status != "" && !slices.Contains(Statuses, f.Status) {
		return console.Page[ConsoleOrder]{}, errStatus
	}
	rows, next, err := s.db.Orders(ctx, store.OrderFilter{Status: f.Status, BuyerID: f.BuyerID, Query: f.Query, Page: f.Page})
	if err != nil {
		return console.Page[ConsoleOrder]{}, apierr.Wrap("list orders", err)
	}
	counts, err := s.callsThisMonth(ctx, rows...)
	if err != nil {
		return console.Page[ConsoleOrder]{}, err
	}
	return console.PageOf(rows, next, func(o store.Order) ConsoleOrder {
		c := consoleOrder(o)
		c.CallsThisMonth = counts[o.ID]
		return c
	}), nil
}

// callsThisMonth counts the calls of orders that started in the current
// calendar month, in one query.
func (s *Service) callsThisMonth(ctx context.Context, orders ...store.Order) (map[string]int, error) {
	ids := make([]string, len(orders))
	for i, o := range orders {
		ids[i] = o.ID
	}
	from := store.UsageOpenFrom(s.now())
	counts, err := s.db.OrderCallCounts(ctx, ids, from, from.In(amsterdam).AddDate(0, 1, 0))
	if err != nil {
		return nil, apierr.Wrap("count calls this month", err)
	}
	return counts, nil
}

// amsterdam is the agency's time zone, in which usage is counted by month.
var amsterdam = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Amsterdam")
	if err != nil {
		panic("orders: no time zone data for Europe/Amsterdam: " + err.Error())
	}
	return loc
}()

// UsageMonth is what an order's calls of one calendar month (Europe/
// Amsterdam) came to: calls, minutes and cost without VAT.
type UsageMonth struct {
	Month     string `json:"month" doc:"YYYY-MM"`
	Calls     int    `json:"calls"`
	Seconds   int64  `json:"seconds"`
	CostCents int64  `json:"costCents" doc:"Without VAT, in currency."`
	Currency  string `json:"currency"`
}

// Usage sums an order's usage lines per calendar month, newest first.
func (s *Service) Usage(ctx context.Context, id string) ([]UsageMonth, error) {
	rows, err := s.db.OrderUsageByMonth(ctx, id)
	if err != nil {
		return nil, apierr.Wrap("load usage by month", err)
	}
	out := make([]UsageMonth, len(rows))
	for i, m := range rows {
		out[i] = UsageMonth{Month: m.Month, Calls: m.Calls, Seconds: m.Seconds, CostCents: m.CostCents, Currency: m.Currency}
	}
	return out, nil
}

// Get returns any order with the history of its status.
func (s *Service) Get(ctx context.Context, id string) (ConsoleOrder, []console.Change, error) {
	o, err := s.db.OrderByID(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return ConsoleOrder{}, nil, ErrNotFound
	}
	if err != nil {
		return ConsoleOrder{}, nil, apierr.Wrap("load order", err)
	}
	hist, err := s.db.History(ctx, store.EntityOrder, o.ID, store.FieldStatus)
	if err != nil {
		return ConsoleOrder{}, nil, apierr.Wrap("load order history", err)
	}
	c, err := s.withCalls(ctx, o)
	return c, console.History(hist), err
}

// withCalls is o as staff see it, with its calls this month.
func (s *Service) withCalls(ctx context.Context, o store.Order) (ConsoleOrder, error) {
	counts, err := s.callsThisMonth(ctx, o)
	if err != nil {
		return ConsoleOrder{}, err
	}
	c := consoleOrder(o)
	c.CallsThisMonth = counts[o.ID]
	return c, nil
}

// SetStatus gives an order a new status on behalf of the staff member
// actorID, if version is the one they saw (else the 409
// apierr.ErrVersionConflict). A real change is kept in the audit trail and
// emails the buyer, in the buyer's language, through the outbox; setting
// the status the order already has changes and sends nothing. Setting it
// completed (its agent goes live) needs the buyer's acceptance of the
// current processor agreement (409 dpa_not_accepted).
func (s *Service) SetStatus(ctx context.Context, actorID, id, status string, version int) (ConsoleOrder, error) {
	if !slices.Contains(Statuses, status) {
		return ConsoleOrder{}, errStatus
	}
	cur, err := s.db.OrderByID(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return ConsoleOrder{}, ErrNotFound
	}
	if err != nil {
		return ConsoleOrder{}, apierr.Wrap("load order", err)
	}
	// An agent goes live (again) only for a buyer who accepted the current
	// processor agreement; agents already live keep running.
	if status == store.OrderCompleted && cur.Status != store.OrderCompleted && s.agreement != nil {
		if err := s.agreement.RequireAccepted(ctx, cur.BuyerID); err != nil {
			return ConsoleOrder{}, err
		}
	}
	o, changed, err := s.db.SetOrderStatus(ctx, cur.ID, status, version, actorID, s.now().UTC(), []store.NewMail{statusMail(cur, status)})
	if errors.Is(err, store.ErrNotFound) {
		return ConsoleOrder{}, ErrNotFound
	}
	if err != nil {
		return ConsoleOrder{}, apierr.Wrap("set order status", err)
	}
	if changed {
		s.log.Info("order status set", "order", o.ID, "status", status, "by", actorID)
		s.notify()
	}
	return s.withCalls(ctx, o)
}

// FromQuote is what staff fill in to turn a quote request into an order.
type FromQuote struct {
	AgentID     string
	AmountCents int64
	Currency    string // "" is EUR
}

// CreateFromQuote makes a pending order from a quote request on behalf of
// the staff member actorID, and marks the request won. The order belongs
// to the account with the request's email address. When there is none, one
// is made (a buyer, in the request's language, named as in the request) and
// invited by email to choose a password: invited is then true. An account
// that can already sign in is not invited again; it gets the order's status
// email (pending: "we are setting up your agent") instead.
func (s *Service) CreateFromQuote(ctx context.Context, actorID, quoteID string, in FromQuote) (o ConsoleOrder, invited bool, err error) {
	if err := console.CheckAmount(in.AmountCents, "amountCents"); err != nil {
		return ConsoleOrder{}, false, err
	}
	cur, err := console.Currency(in.Currency)
	if err != nil {
		return ConsoleOrder{}, false, err
	}
	if _, err := s.db.AgentByID(ctx, in.AgentID); errors.Is(err, store.ErrNotFound) {
		return ConsoleOrder{}, false, errUnknownAgent
	} else if err != nil {
		return ConsoleOrder{}, false, apierr.Wrap("load agent", err)
	}
	made, buyer, _, err := OrderFromQuote(ctx, s.db,
		QuoteOrder{QuoteID: quoteID, AgentID: in.AgentID, AmountCents: in.AmountCents, Currency: cur, ActorID: actorID},
		s.now().UTC(),
		func(o store.Order, buyer store.User, created bool) []store.NewMail {
			invited = created || auth.NeedsInvite(buyer)
			if invited {
				return []store.NewMail{auth.InviteMail(buyer)}
			}
			return []store.NewMail{statusMail(o, o.Status)}
		})
	if errors.Is(err, store.ErrNotFound) {
		return ConsoleOrder{}, false, errNoQuote
	}
	if err != nil {
		return ConsoleOrder{}, false, apierr.Wrap("order from quote", err)
	}
	s.log.Info("order made from a quote request", "order", made.ID, "quote", quoteID, "buyer", buyer.ID, "invited", invited, "by", actorID)
	s.notify()
	return consoleOrder(made), invited, nil
}

// BuyerSummary is an account in the console's list.
type BuyerSummary struct {
	console.Person
	Role       string    `json:"role" enum:"buyer,staff"`
	Locale     string    `json:"locale" enum:"en,nl"`
	Verified   bool      `json:"verified"`
	CreatedAt  time.Time `json:"createdAt"`
	OrderCount int       `json:"orderCount"`
}

// Buyers lists one page of every account (buyers and staff), newest
// first, with how many orders each has; query searches the email and name.
func (s *Service) Buyers(ctx context.Context, query string, page store.Page) (console.Page[BuyerSummary], error) {
	rows, next, err := s.db.Accounts(ctx, store.AccountFilter{Query: query, Page: page})
	if err != nil {
		return console.Page[BuyerSummary]{}, apierr.Wrap("list accounts", err)
	}
	return console.PageOf(rows, next, func(a store.Account) BuyerSummary {
		return BuyerSummary{Person: console.Person{ID: a.ID, Email: a.Email, FullName: a.FullName}, Role: a.Role, Locale: a.Locale,
			Verified: a.EmailVerifiedAt != nil, CreatedAt: a.CreatedAt.UTC(), OrderCount: a.OrderCount}
	}), nil
}

var (
	errAssistant = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidAssistant, Field: "assistantId",
		Message: "An assistant id is a UUID, as the Vapi dashboard shows it; an empty one removes the link."}
	errAssistantTaken = &apierr.Error{Kind: apierr.Conflict, Code: apierr.CodeAssistantTaken, Field: "assistantId",
		Message: "Another order already has this assistant."}
	errRate = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidAmount, Field: "perMinuteCents",
		Message: "The per-minute rate must be a whole number of cents from 0 to 100000."}
	errMonthly = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidAmount, Field: "monthlyCents",
		Message: "The monthly fee must be a whole number of cents from 0 to 100000000."}
)

// Link is a change of an order's assistant and per-minute rate; nil fields
// stay as they are.
type Link struct {
	AssistantID    *string // "" removes the link
	PerMinuteCents *int64
	MonthlyCents   *int64 // the monthly maintenance fee
}

// SetLink links the Vapi assistant delivered for an order (and its calls,
// including the unassigned ones already received) and sets the rate a
// minute of its calls costs, on behalf of the staff member actorID, if
// version is the one they saw.
func (s *Service) SetLink(ctx context.Context, actorID, id string, in Link, version int) (ConsoleOrder, error) {
	var link store.OrderLink
	if in.AssistantID != nil {
		a := strings.TrimSpace(*in.AssistantID)
		if a != "" {
			u, err := uuid.Parse(a)
			if err != nil || len(a) != 36 {
				return ConsoleOrder{}, errAssistant
			}
			a = u.String()
		}
		link.AssistantID = &a
	}
	if in.PerMinuteCents != nil {
		if *in.PerMinuteCents < 0 || *in.PerMinuteCents > 100000 {
			return ConsoleOrder{}, errRate
		}
		link.PerMinuteCents = in.PerMinuteCents
	}
	if in.MonthlyCents != nil {
		if *in.MonthlyCents < 0 || *in.MonthlyCents > 100000000 {
			return ConsoleOrder{}, errMonthly
		}
		link.MonthlyCents = in.MonthlyCents
	}
	o, changed, err := s.db.SetOrderLink(ctx, id, link, version, actorID, s.now().UTC())
	switch {
	case errors.Is(err, store.ErrNotFound):
		return ConsoleOrder{}, ErrNotFound
	case errors.Is(err, store.ErrConflict):
		return ConsoleOrder{}, errAssistantTaken
	case err != nil:
		return ConsoleOrder{}, apierr.Wrap("set order link", err)
	}
	if changed {
		s.log.Info("order link set", "order", o.ID, "assistant", o.AssistantID, "perMinuteCents", o.PerMinuteCents, "monthlyCents", o.MonthlyCents, "by", actorID)
	}
	return s.withCalls(ctx, o)
}
