// Package demo owns the demo data: the catalogue, the demo buyer with an
// order history and calls, the staff member and the quote inbox. It writes
// them through the store's primitives, in one transaction, and adds only
// what is missing, so seeding again changes nothing.
package demo

import (
	"context"
	"errors"
	"time"

	"github.com/belwise/site/internal/store"
)

// Catalogue has fixed ids so reseeding finds the rows instead of
// duplicating them. Prices are in euros, as on the pricing page.
var Catalogue = []store.Agent{
	{
		ID:            "6f1d2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a01",
		NameEn:        "Appointment Setter",
		NameNl:        "Afsprakenplanner",
		TitleEn:       "Appointment Setter — Dental clinics",
		TitleNl:       "Afsprakenplanner — Tandartspraktijken",
		DescriptionEn: "Answers the phone 24/7, books, moves and cancels appointments straight into your practice calendar, and sends reminders that cut no-shows.",
		DescriptionNl: "Neemt dag en nacht de telefoon op, plant, verzet en annuleert afspraken direct in uw praktijkagenda en stuurt herinneringen die no-shows terugdringen.",
		DeliveryDays:  10,
		PriceCents:    249900,
		Currency:      "EUR",
	},
	{
		ID:            "6f1d2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a02",
		NameEn:        "Front Desk",
		NameNl:        "Receptie",
		TitleEn:       "Front Desk Receptionist — Hotels & B&Bs",
		TitleNl:       "Receptiemedewerker — Hotels en B&B's",
		DescriptionEn: "Handles availability questions, reservations and check-in details in English and Dutch, and hands complex requests to your staff with a summary.",
		DescriptionNl: "Beantwoordt vragen over beschikbaarheid, reserveringen en inchecken in het Nederlands en het Engels, en geeft lastige verzoeken met een samenvatting door aan uw personeel.",
		DeliveryDays:  14,
		PriceCents:    349900,
		Currency:      "EUR",
	},
	{
		ID:            "6f1d2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a03",
		NameEn:        "Lead Qualifier",
		NameNl:        "Leadkwalificeerder",
		TitleEn:       "Inbound Lead Qualifier — B2B sales teams",
		TitleNl:       "Kwalificatie van inkomende leads — B2B-salesteams",
		DescriptionEn: "Calls back web leads within a minute, asks your qualification questions, and books a demo with the right rep in your CRM.",
		DescriptionNl: "Belt leads van uw website binnen een minuut terug, stelt uw kwalificatievragen en plant een demo in bij de juiste verkoper in uw CRM.",
		DeliveryDays:  21,
		PriceCents:    499900,
		Currency:      "EUR",
	},
	{
		ID:            "6f1d2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a04",
		NameEn:        "Order Line",
		NameNl:        "Bestellijn",
		TitleEn:       "Phone Order Taker — Restaurants & takeaways",
		TitleNl:       "Telefonische bestellingen — Restaurants en afhaalzaken",
		DescriptionEn: "Takes pick-up and delivery orders from the menu, confirms allergens and totals, and pushes the order to your kitchen printer or POS.",
		DescriptionNl: "Neemt afhaal- en bezorgbestellingen op volgens uw menukaart, controleert allergenen en totaalbedragen en stuurt de bestelling door naar uw keukenprinter of kassasysteem.",
		DeliveryDays:  7,
		PriceCents:    149950,
		Currency:      "EUR",
	},
	{
		ID:            "6f1d2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a05",
		NameEn:        "Service Desk",
		NameNl:        "Servicedesk",
		TitleEn:       "First-Line Support — SaaS helpdesks",
		TitleNl:       "Eerstelijnsondersteuning — SaaS-helpdesks",
		DescriptionEn: "Resolves password, billing and how-to calls from your knowledge base and opens a ticket with transcript when a human is needed.",
		DescriptionNl: "Handelt vragen over wachtwoorden, facturen en gebruik af met uw kennisbank en maakt een ticket met transcript aan wanneer er een mens nodig is.",
		DeliveryDays:  18,
		PriceCents:    399900,
		Currency:      "EUR",
	},
	{
		ID:            "6f1d2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a06",
		NameEn:        "Viewing Planner",
		NameNl:        "Bezichtigingsplanner",
		TitleEn:       "Viewing Scheduler — Real-estate agencies",
		TitleNl:       "Bezichtigingen plannen — Makelaarskantoren",
		DescriptionEn: "Answers listing questions, checks buyer requirements and schedules viewings around your agents' calendars.",
		DescriptionNl: "Beantwoordt vragen over woningen in de verkoop, toetst de wensen van kopers en plant bezichtigingen rond de agenda's van uw makelaars.",
		DeliveryDays:  12,
		PriceCents:    279900,
		Currency:      "EUR",
	},
}

// User is a demo account: verified, with this password hash. A staff
// member with a TOTPSecret (base32) has it as their confirmed second step.
type User struct{ Email, PasswordHash, FullName, Locale, TOTPSecret string }

// Accounts are the demo's two logins. Without a Staff email the staff
// member, and with it the quote inbox's history and notes, are left out.
type Accounts struct{ Buyer, Staff User }

// Result tells which demo accounts this run created.
type Result struct{ BuyerCreated, StaffCreated bool }

// demoOrders spreads the buyer's history over recent months so every status
// the UI can show appears at least once. steps are the status changes after
// the order was placed (as pending), each that many days after it.
var demoOrders = []struct {
	agent       int
	amountCents int64
	daysAgo     int
	steps       []demoStatus
	quote       int // index+1 in demoQuotes of the request it came from; 0 for none
}{
	{0, 249900, 142, []demoStatus{{"completed", 10}}, 0},
	{3, 149950, 107, []demoStatus{{"completed", 7}}, 0}, // live 100 days ago: before the last two months, whatever the day
	{5, 279900, 75, []demoStatus{{"completed", 12}, {"refunded", 30}}, 0},
	{1, 349900, 51, []demoStatus{{"cancelled", 3}}, 0},
	{2, 499900, 55, []demoStatus{{"completed", 5}}, 0}, // live in one of the last two months: its setup fee is on an invoice to issue
	{4, 399900, 6, nil, 4},
	{3, 14950, 1, nil, 0},
}

type demoStatus struct {
	status string
	days   int
}

// demoQuotes fill the console's inbox: every status and source, with the
// staff member's status changes and notes. Fixed ids keep reseeding from
// adding them twice.
var demoQuotes = []struct {
	q     store.QuoteRequest
	age   time.Duration
	steps []demoNote // status changes, each at its own age
	notes []demoNote
}{
	{
		q: store.QuoteRequest{ID: "7b2e3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c01", FullName: "Sanne Bakker", CompanyName: "Tandartspraktijk Bakker",
			BusinessType: "Tandartspraktijk", Email: "sanne@tandartsbakker.example", Phone: "+31 20 123 4567", Language: "dutch", Locale: "nl",
			TimeZone: "Europe/Amsterdam", Source: "form",
			Description: "Wij missen 's ochtends veel telefoontjes. Kan een assistent afspraken inplannen in ons praktijksysteem en patiënten terugbellen?"},
		age: 2 * time.Hour,
	},
	{
		q: store.QuoteRequest{ID: "7b2e3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c02", FullName: "Julia Meyer", CompanyName: "",
			BusinessType: "Physiotherapy", Email: "julia.meyer@example.com", Language: "english", Locale: "en", Source: "personalized",
			Description: "I tried the personalized agent for my physiotherapy practice and would like the full implementation: booking, cancellations and reminders."},
		age: 26 * time.Hour,
	},
	{
		q: store.QuoteRequest{ID: "7b2e3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c03", FullName: "Tom Hendriks", CompanyName: "Hendriks Installatietechniek",
			BusinessType: "Installateur", Email: "tom@hendriks-installatie.example", Phone: "+31 6 12345678", Language: "dutch", Locale: "nl", Source: "voice",
			Description: "Storingsmeldingen buiten kantooruren aannemen en de monteur van dienst inseinen."},
		age:   3 * 24 * time.Hour,
		steps: []demoNote{{"contacted", 2 * 24 * time.Hour}},
		notes: []demoNote{{"Called back: wants a demo on Thursday, 80–120 after-hours calls a month.", 2 * 24 * time.Hour}},
	},
	{
		q: store.QuoteRequest{ID: "7b2e3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c04", FullName: "Demi de Vries", CompanyName: "De Vries Software",
			BusinessType: "SaaS", Email: "demo@example.com", Language: "english", Locale: "en", Source: "form",
			Description: "First-line support for our helpdesk: password resets and billing questions, with a ticket for the rest."},
		age:   9 * 24 * time.Hour,
		steps: []demoNote{{"contacted", 8 * 24 * time.Hour}, {"proposal_sent", 7 * 24 * time.Hour}, {"won", 6*24*time.Hour + 14*time.Hour}},
		notes: []demoNote{{"Existing customer. Proposal: Service Desk at list price, go-live in 18 days.", 7 * 24 * time.Hour}},
	},
	{
		q: store.QuoteRequest{ID: "7b2e3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c05", FullName: "Emma Clarke", CompanyName: "Harbour View Hotel",
			BusinessType: "Hotel", Email: "emma@harbourview.example", Phone: "+44 20 7946 0000", Language: "english", Locale: "en", Source: "form",
			Description: "Night-time reservations line for a 40-room hotel, in English and Dutch."},
		age:   12 * 24 * time.Hour,
		steps: []demoNote{{"contacted", 11 * 24 * time.Hour}, {"proposal_sent", 9 * 24 * time.Hour}},
		notes: []demoNote{{"Sent the Front Desk proposal; they compare it with a call centre.", 9 * 24 * time.Hour}},
	},
	{
		q: store.QuoteRequest{ID: "7b2e3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c06", FullName: "Peter Visser", CompanyName: "Garage Visser",
			BusinessType: "Autogarage", Email: "peter@garagevisser.example", Language: "dutch", Locale: "nl", Source: "voice",
			Description: "APK-afspraken laten inplannen door een assistent."},
		age:   40 * 24 * time.Hour,
		steps: []demoNote{{"contacted", 39 * 24 * time.Hour}, {"lost", 30 * 24 * time.Hour}},
		notes: []demoNote{{"Not now: they revisit it after the summer.", 30 * 24 * time.Hour}},
	},
}

type demoNote struct {
	text string
	age  time.Duration
}

// Seed adds what the demo needs and is missing, in one transaction, so
// a crash never leaves it half done and running it again adds nothing: the
// catalogue (agents already there keep their edits), the staff member, the
// buyer with an order history (only when the buyer is new), and the quote
// requests with their history and notes.
func Seed(ctx context.Context, db *store.DB, accounts Accounts, now time.Time) (Result, error) {
	var res Result
	now = now.UTC().Truncate(time.Microsecond)
	err := db.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.AddMissingAgents(ctx, Catalogue, now); err != nil {
			return err
		}
		var staffID string
		if accounts.Staff.Email != "" {
			since := now.AddDate(0, 0, -200)
			u, created, err := seedUser(ctx, tx, accounts.Staff, store.RoleStaff, since)
			if err != nil {
				return err
			}
			staffID, res.StaffCreated = u.ID, created
			if accounts.Staff.TOTPSecret != "" {
				if err := tx.AddConfirmedTOTP(ctx, u.ID, accounts.Staff.TOTPSecret, since); err != nil {
					return err
				}
			}
			for _, d := range demoQuotes {
				if err := seedQuote(ctx, tx, d.q, now.Add(-d.age), d.steps, d.notes, staffID, now); err != nil {
					return err
				}
			}
		}
		// The account predates its oldest order, as a real one would.
		buyer, created, err := seedUser(ctx, tx, accounts.Buyer, store.RoleBuyer, now.AddDate(0, 0, -150))
		if err != nil || !created {
			return err
		}
		res.BuyerCreated = true
		for _, o := range demoOrders {
			placed := now.AddDate(0, 0, -o.daysAgo).Add(-time.Duration(o.agent+9) * time.Hour)
			n := store.NewOrder{BuyerID: buyer.ID, AgentID: Catalogue[o.agent].ID, Status: store.OrderPending,
				AmountCents: o.amountCents, Currency: "EUR", ActorID: staffID, CreatedAt: placed}
			if o.quote > 0 && staffID != "" {
				n.QuoteID = demoQuotes[o.quote-1].q.ID
				if err := tx.GiveQuoteTo(ctx, n.QuoteID, buyer.ID); err != nil {
					return err
				}
			}
			ids, err := tx.CreateOrders(ctx, []store.NewOrder{n})
			if err != nil {
				return err
			}
			for _, s := range o.steps {
				cur, err := tx.OrderByID(ctx, ids[0])
				if err != nil {
					return err
				}
				if err := tx.ChangeOrderStatus(ctx, cur, s.status, staffID, placed.AddDate(0, 0, s.days)); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if errors.Is(err, store.ErrConflict) {
		// Another instance seeded the same accounts between our check and insert.
		return Result{}, nil
	}
	return res, err
}

// seedUser returns the account with u's email, creating it (verified,
// with role) when there is none.
func seedUser(ctx context.Context, tx *store.Tx, u User, role string, since time.Time) (store.User, bool, error) {
	existing, err := tx.UserByEmail(ctx, u.Email)
	if err == nil {
		return existing, false, nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return store.User{}, false, err
	}
	created, err := tx.CreateUser(ctx, store.NewUser{Email: u.Email, PasswordHash: u.PasswordHash, FullName: u.FullName, Locale: u.Locale, Role: role}, &since, since)
	return created, err == nil, err
}

// seedQuote stores a demo request unless its id is already there, with
// its status changes and notes by the staff member.
func seedQuote(ctx context.Context, tx *store.Tx, q store.QuoteRequest, at time.Time, steps, notes []demoNote, staffID string, now time.Time) error {
	q.SubmittedAt, q.Status, q.Version = at, store.QuoteNew, 1+len(steps)
	if len(steps) > 0 {
		q.Status = steps[len(steps)-1].text
	}
	inserted, err := tx.AddQuoteRequest(ctx, q)
	if err != nil || !inserted {
		return err
	}
	from := store.QuoteNew
	for _, s := range steps {
		if err := tx.RecordStatusChange(ctx, store.EntityQuote, q.ID, from, s.text, staffID, now.Add(-s.age)); err != nil {
			return err
		}
		from = s.text
	}
	for _, n := range notes {
		if err := tx.AddQuoteNote(ctx, q.ID, staffID, n.text, now.Add(-n.age)); err != nil {
			return err
		}
	}
	return nil
}
