package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// DemoCatalogue has fixed ids so reseeding updates rows instead of
// duplicating them.
var DemoCatalogue = []Agent{
	{
		ID:           "6f1d2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a01",
		Name:         "Appointment Setter",
		Title:        "Appointment Setter — Dental clinics",
		Description:  "Answers the phone 24/7, books, moves and cancels appointments straight into your practice calendar, and sends reminders that cut no-shows.",
		DeliveryDays: 10,
		PriceCents:   249900,
	},
	{
		ID:           "6f1d2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a02",
		Name:         "Front Desk",
		Title:        "Front Desk Receptionist — Hotels & B&Bs",
		Description:  "Handles availability questions, reservations and check-in details in English and Dutch, and hands complex requests to your staff with a summary.",
		DeliveryDays: 14,
		PriceCents:   349900,
	},
	{
		ID:           "6f1d2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a03",
		Name:         "Lead Qualifier",
		Title:        "Inbound Lead Qualifier — B2B sales teams",
		Description:  "Calls back web leads within a minute, asks your qualification questions, and books a demo with the right rep in your CRM.",
		DeliveryDays: 21,
		PriceCents:   499900,
	},
	{
		ID:           "6f1d2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a04",
		Name:         "Order Line",
		Title:        "Phone Order Taker — Restaurants & takeaways",
		Description:  "Takes pick-up and delivery orders from the menu, confirms allergens and totals, and pushes the order to your kitchen printer or POS.",
		DeliveryDays: 7,
		PriceCents:   149950,
	},
	{
		ID:           "6f1d2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a05",
		Name:         "Service Desk",
		Title:        "First-Line Support — SaaS helpdesks",
		Description:  "Resolves password, billing and how-to calls from your knowledge base and opens a ticket with transcript when a human is needed.",
		DeliveryDays: 18,
		PriceCents:   399900,
	},
	{
		ID:           "6f1d2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a06",
		Name:         "Viewing Planner",
		Title:        "Viewing Scheduler — Real-estate agencies",
		Description:  "Answers listing questions, checks buyer requirements and schedules viewings around your agents' calendars.",
		DeliveryDays: 12,
		PriceCents:   279900,
	},
}

type DemoBuyer struct{ Email, PasswordHash, FullName, Locale string }

// demoOrders spreads the buyer's history over recent months so every status
// the UI can show appears at least once.
var demoOrders = []struct {
	agent       int
	status      string
	amountCents int64
	daysAgo     int
}{
	{0, "completed", 249900, 142},
	{3, "completed", 149950, 97},
	{5, "refunded", 279900, 75},
	{1, "cancelled", 349900, 51},
	{2, "completed", 499900, 33},
	{4, "pending", 399900, 6},
	{3, "pending", 14950, 1},
}

// SeedDemo upserts the catalogue and, unless a user with the buyer's email
// already exists, creates that buyer (already verified) with an order history.
// All in one transaction, so a crash never leaves a half-seeded buyer.
func (db *DB) SeedDemo(ctx context.Context, buyer DemoBuyer, now time.Time) (bool, error) {
	created := false
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := db.upsertAgentsTx(ctx, tx, DemoCatalogue); err != nil {
			return err
		}
		var one int
		err := db.queryRow(ctx, tx, `SELECT 1 FROM users WHERE email = ?`, buyer.Email).Scan(&one)
		if err == nil {
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		// The account predates its oldest order, as a real one would.
		since := now.AddDate(0, 0, -150)
		u, err := db.createUserTx(ctx, tx, NewUser(buyer), &since, since)
		if err != nil {
			return err
		}
		orders := make([]NewOrder, 0, len(demoOrders))
		for _, o := range demoOrders {
			orders = append(orders, NewOrder{
				BuyerID:     u.ID,
				AgentID:     DemoCatalogue[o.agent].ID,
				Status:      o.status,
				AmountCents: o.amountCents,
				CreatedAt:   now.AddDate(0, 0, -o.daysAgo).Add(-time.Duration(o.agent+9) * time.Hour),
			})
		}
		if err := db.createOrdersTx(ctx, tx, orders); err != nil {
			return err
		}
		created = true
		return nil
	})
	if errors.Is(err, ErrConflict) {
		// Another instance seeded the same buyer between our check and insert.
		return false, nil
	}
	return created, classify(err)
}

// IsEmpty reports a fresh database: no users and no catalogue.
func (db *DB) IsEmpty(ctx context.Context) (bool, error) {
	var n int
	err := db.queryRow(ctx, db.db, `SELECT
		(CASE WHEN EXISTS (SELECT 1 FROM users) THEN 1 ELSE 0 END) +
		(CASE WHEN EXISTS (SELECT 1 FROM voice_agents) THEN 1 ELSE 0 END)`).Scan(&n)
	return n == 0, classify(err)
}
