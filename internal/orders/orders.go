// Package orders holds the agency's orders: the buyer dashboard (a buyer's
// own orders and the figures derived from them, in the buyer's language),
// and for the console every order, each status change with its email to
// the buyer, orders made from quote requests (a workflow that drives its
// own transaction: the account, the order, the request won, the email),
// and the list of buyers.
package orders

import (
	"context"
	"errors"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
)

// ErrNotFound covers both "no such order" and "someone else's order", so
// the API cannot be used to probe which order ids exist.
var ErrNotFound = &apierr.Error{Kind: apierr.NotFound, Code: apierr.CodeNotFound, Message: "Order not found."}

// Order statuses.
const (
	StatusPending   = store.OrderPending // the agent is being set up
	StatusCompleted = "completed"        // the agent is live
	StatusCancelled = "cancelled"
	StatusRefunded  = "refunded"
)

// Statuses lists every status an order can be given.
var Statuses = []string{StatusPending, StatusCompleted, StatusCancelled, StatusRefunded}

type Agent struct {
	ID           string `json:"id"`
	Name         string `json:"name"`
	Title        string `json:"title"`
	Description  string `json:"description"`
	DeliveryDays int    `json:"deliveryDays"`
}

type Order struct {
	ID          string    `json:"id"`
	Number      string    `json:"number"` // the first 8 characters of the id, as buyers quote it
	Status      string    `json:"status"`
	AmountCents int64     `json:"amountCents"`
	Currency    string    `json:"currency"` // ISO 4217
	CreatedAt   time.Time `json:"createdAt"`
	Agent       Agent     `json:"agent"` // in the language asked for
	// PerMinuteCents is what a minute of the agent's calls costs, in Currency.
	PerMinuteCents int64 `json:"perMinuteCents"`
	// AssistantLinked: the delivered agent is linked, so its calls show.
	AssistantLinked bool `json:"assistantLinked"`
	// ExpectedDate is the day the agent is expected to go live (YYYY-MM-DD):
	// the order's date in the agency's time zone plus the agent's delivery
	// time in calendar days (ExpectedDate).
	ExpectedDate string `json:"expectedDate" format:"date"`
}

// AgencyTimeZone is where the agency works: an order's date, and so its
// expected delivery date, is the calendar day there.
const AgencyTimeZone = "Europe/Amsterdam"

var agencyZone = func() *time.Location {
	loc, err := time.LoadLocation(AgencyTimeZone)
	if err != nil {
		return time.UTC
	}
	return loc
}()

// ExpectedDate is the day an agent ordered at created with a delivery
// time of days is expected to be live: the order's calendar day in the
// agency's time zone plus days.
func ExpectedDate(created time.Time, days int) string {
	y, m, d := created.In(agencyZone).Date()
	return time.Date(y, m, d+days, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
}

// Money is an amount in one currency.
type Money struct {
	Currency    string `json:"currency"`
	AmountCents int64  `json:"amountCents"`
}

type Stats struct {
	Active    int `json:"active"`    // completed orders: agents that are live
	SettingUp int `json:"settingUp"` // pending orders
	// TotalPurchases counts the orders that stand: pending and completed,
	// not cancelled or refunded ones.
	TotalPurchases int `json:"totalPurchases"`
	// TotalInvested is the sum of the amounts of those same orders, per
	// currency (alphabetical), as amounts in different currencies cannot
	// be added.
	TotalInvested []Money `json:"totalInvested"`
}

type Dashboard struct {
	Stats  Stats   `json:"stats"`
	Orders []Order `json:"orders"` // newest first
}

// Options configures a Service.
type Options struct {
	DB *store.DB
	// SiteURL is the origin of the links in the status emails.
	SiteURL string
	// Notify wakes the outbox worker after an email is queued.
	Notify func()
	// Agreement, when set, keeps a buyer's agent from going live before
	// the buyer accepted the current processor agreement (internal/dpa).
	Agreement Agreement
	Logger    *slog.Logger
	Now       func() time.Time
}

// Agreement is the processor agreement's rule for going live: nil when the
// buyer accepted its current version, else the error to answer.
type Agreement interface {
	RequireAccepted(ctx context.Context, buyerID string) error
}

type Service struct {
	db        *store.DB
	siteURL   string
	notify    func()
	agreement Agreement
	log       *slog.Logger
	now       func() time.Time
}

func New(o Options) *Service {
	s := &Service{db: o.DB, siteURL: strings.TrimSuffix(o.SiteURL, "/"), notify: o.Notify, agreement: o.Agreement, log: o.Logger, now: o.Now}
	if s.notify == nil {
		s.notify = func() {}
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

// Dashboard returns the buyer's orders, with the agents in lang, and the
// stats computed from that same list, so the cards can never disagree with
// the history below them.
func (s *Service) Dashboard(ctx context.Context, buyerID, lang string) (Dashboard, error) {
	rows, err := s.db.OrdersByBuyer(ctx, buyerID)
	if err != nil {
		return Dashboard{}, apierr.Wrap("orders by buyer", err)
	}
	d := Dashboard{Orders: make([]Order, len(rows))}
	for i, r := range rows {
		d.Orders[i] = fromStore(r, text.Lang(lang))
	}
	d.Stats = Summarize(d.Orders)
	return d, nil
}

// Order returns one of the buyer's orders with its agent in lang, or
// ErrNotFound.
func (s *Service) Order(ctx context.Context, buyerID, orderID, lang string) (Order, error) {
	r, err := s.db.OrderForBuyer(ctx, buyerID, orderID)
	if errors.Is(err, store.ErrNotFound) {
		return Order{}, ErrNotFound
	}
	if err != nil {
		return Order{}, apierr.Wrap("order for buyer", err)
	}
	return fromStore(r, text.Lang(lang)), nil
}

// Summarize derives the dashboard's figures. A cancelled or refunded order
// is no purchase and nothing was invested in it: it stays in the history,
// with its badge, but counts toward no figure.
func Summarize(orders []Order) Stats {
	st := Stats{TotalInvested: []Money{}}
	totals := map[string]int64{}
	for _, o := range orders {
		switch o.Status {
		case StatusCompleted:
			st.Active++
		case StatusPending:
			st.SettingUp++
		case StatusCancelled, StatusRefunded:
			continue
		}
		st.TotalPurchases++
		totals[o.Currency] += o.AmountCents
	}
	for _, c := range slices.Sorted(maps.Keys(totals)) {
		st.TotalInvested = append(st.TotalInvested, Money{Currency: c, AmountCents: totals[c]})
	}
	return st
}

// Number is how buyers and staff quote an order: the first 8 characters
// of its id.
func Number(id string) string {
	if len(id) > 8 {
		return id[:8]
	}
	return id
}

// AgentText is the agent's name, title and description in lang: Dutch
// where the catalogue has it, English otherwise.
func AgentText(a store.Agent, lang string) (name, title, description string) {
	name, title, description = a.NameEn, a.TitleEn, a.DescriptionEn
	if lang == "nl" {
		name, title, description = or(a.NameNl, name), or(a.TitleNl, title), or(a.DescriptionNl, description)
	}
	return name, title, description
}

func or(s, fallback string) string {
	if strings.TrimSpace(s) == "" {
		return fallback
	}
	return s
}

func fromStore(r store.Order, lang string) Order {
	name, title, description := AgentText(r.Agent, lang)
	return Order{
		ID: r.ID, Number: Number(r.ID), Status: r.Status, AmountCents: r.AmountCents, Currency: r.Currency, CreatedAt: r.CreatedAt.UTC(),
		Agent:          Agent{ID: r.Agent.ID, Name: name, Title: title, Description: description, DeliveryDays: r.Agent.DeliveryDays},
		PerMinuteCents: r.PerMinuteCents, AssistantLinked: r.AssistantID != "",
		ExpectedDate: ExpectedDate(r.CreatedAt, r.Agent.DeliveryDays),
	}
}
