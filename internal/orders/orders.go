// Package orders answers the buyer dashboard: a buyer's own orders and the
// figures derived from them.
package orders

import (
	"context"
	"errors"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/store"
)

// ErrNotFound covers both "no such order" and "someone else's order", so
// the API cannot be used to probe which order ids exist.
var ErrNotFound = &apierr.Error{Kind: apierr.NotFound, Code: apierr.CodeNotFound, Message: "Order not found."}

// Order statuses with a meaning of their own; anything else is shown as is.
const (
	StatusPending   = "pending"
	StatusCompleted = "completed"
	StatusCancelled = "cancelled"
)

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
	CreatedAt   time.Time `json:"createdAt"`
	Agent       Agent     `json:"agent"`
}

type Stats struct {
	Active             int   `json:"active"`    // completed orders: agents that are live
	SettingUp          int   `json:"settingUp"` // pending orders
	TotalPurchases     int   `json:"totalPurchases"`
	TotalInvestedCents int64 `json:"totalInvestedCents"`
}

type Dashboard struct {
	Stats  Stats   `json:"stats"`
	Orders []Order `json:"orders"` // newest first
}

type Service struct{ db *store.DB }

func New(db *store.DB) *Service { return &Service{db: db} }

// Dashboard returns the buyer's orders and the stats computed from that
// same list, so the cards can never disagree with the history below them.
func (s *Service) Dashboard(ctx context.Context, buyerID string) (Dashboard, error) {
	rows, err := s.db.OrdersByBuyer(ctx, buyerID)
	if err != nil {
		return Dashboard{}, apierr.Wrap("orders by buyer", err)
	}
	d := Dashboard{Orders: make([]Order, len(rows))}
	for i, r := range rows {
		d.Orders[i] = fromStore(r)
	}
	d.Stats = Summarize(d.Orders)
	return d, nil
}

// Order returns one of the buyer's orders, or ErrNotFound.
func (s *Service) Order(ctx context.Context, buyerID, orderID string) (Order, error) {
	r, err := s.db.OrderForBuyer(ctx, buyerID, orderID)
	if errors.Is(err, store.ErrNotFound) {
		return Order{}, ErrNotFound
	}
	if err != nil {
		return Order{}, apierr.Wrap("order for buyer", err)
	}
	return fromStore(r), nil
}

// Summarize derives the dashboard's four figures.
func Summarize(orders []Order) Stats {
	st := Stats{TotalPurchases: len(orders)}
	for _, o := range orders {
		switch o.Status {
		case StatusCompleted:
			st.Active++
		case StatusPending:
			st.SettingUp++
		}
		st.TotalInvestedCents += o.AmountCents
	}
	return st
}

func fromStore(r store.Order) Order {
	number := r.ID
	if len(number) > 8 {
		number = number[:8]
	}
	return Order{
		ID: r.ID, Number: number, Status: r.Status, AmountCents: r.AmountCents, CreatedAt: r.CreatedAt.UTC(),
		Agent: Agent{ID: r.Agent.ID, Name: r.Agent.Name, Title: r.Agent.Title, Description: r.Agent.Description, DeliveryDays: r.Agent.DeliveryDays},
	}
}
