package quote

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/console"
	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
)

// The inbox: staff list the requests, follow each through its statuses,
// and keep internal notes on it. Orders made from a request are package
// orders' (orders.Service.CreateFromQuote).

// Statuses a request moves through in the inbox.
const (
	StatusNew          = store.QuoteNew
	StatusContacted    = "contacted"
	StatusProposalSent = "proposal_sent"
	StatusWon          = store.QuoteWon
	StatusLost         = "lost"
)

// Statuses lists them in the order a request usually takes.
var Statuses = []string{StatusNew, StatusContacted, StatusProposalSent, StatusWon, StatusLost}

// MaxNote is the longest internal note, in characters.
const MaxNote = 5000

var (
	// ErrNotFound answers an id that names no request.
	ErrNotFound = &Error{Kind: apierr.NotFound, Code: apierr.CodeNotFound, Message: "Quote request not found."}
	// ErrFormSource refuses a form that claims to be a voice call.
	ErrFormSource = &Error{Kind: Invalid, Code: apierr.CodeInvalidSource, Field: "source",
		Message: `Source must be "form" or "personalized".`}
	errStatus = &Error{Kind: Invalid, Code: apierr.CodeInvalidStatus, Field: "status",
		Message: "Status must be one of new, contacted, proposal_sent, won or lost."}
)

// Summary is a request as the inbox lists it.
type Summary struct {
	ID           string    `json:"id"`
	FullName     string    `json:"fullName"`
	Email        string    `json:"email"`
	CompanyName  string    `json:"companyName"`
	BusinessType string    `json:"businessType"`
	Phone        string    `json:"phone"`
	Language     string    `json:"language" enum:"english,dutch"` // the agent's
	Locale       string    `json:"locale" enum:"en,nl"`           // the requester's
	Status       string    `json:"status" enum:"new,contacted,proposal_sent,won,lost"`
	Source       string    `json:"source" enum:"form,voice,personalized"`
	Version      int       `json:"version"`
	CreatedAt    time.Time `json:"createdAt"`
}

// Detail is everything about one request: every field, its notes, the
// history of its status and the orders made from it.
type Detail struct {
	Summary
	Description string           `json:"description"`
	TimeZone    string           `json:"timeZone"`
	UserID      *string          `json:"userId"` // the requester's account, when known
	Notes       []Note           `json:"notes"`
	History     []console.Change `json:"history"`
	Orders      []OrderRef       `json:"orders"`
}

// Note is an internal note.
type Note struct {
	ID        string          `json:"id"`
	Body      string          `json:"body"`
	Author    *console.Person `json:"author"` // null once the author's account is gone
	CreatedAt time.Time       `json:"createdAt"`
}

// OrderRef names an order made from the request.
type OrderRef struct {
	ID     string `json:"id"`
	Number string `json:"number"`
	Status string `json:"status"`
}

func summaryOf(q store.QuoteRequest) Summary {
	return Summary{ID: q.ID, FullName: q.FullName, Email: q.Email, CompanyName: q.CompanyName, BusinessType: q.BusinessType,
		Phone: q.Phone, Language: q.Language, Locale: q.Locale, Status: q.Status, Source: q.Source, Version: q.Version,
		CreatedAt: q.SubmittedAt.UTC()}
}

func noteOf(n store.Note) Note {
	return Note{ID: n.ID, Body: n.Body, Author: console.PersonOf(n.Author), CreatedAt: n.CreatedAt.UTC()}
}

// InboxFilter selects a page of the inbox.
type InboxFilter struct {
	Status string // "" for all
	Query  string // searched in the name, email and company, any case
	store.Page
}

// Inbox lists one page of requests, newest first.
func (s *Service) Inbox(ctx context.Context, f InboxFilter) (console.Page[Summary], error) {
	if f.Status != "" && !slices.Contains(Statuses, f.Status) {
		return console.Page[Summary]{}, errStatus
	}
	rows, next, err := s.db.Quotes(ctx, store.QuoteFilter{Status: f.Status, Query: text.Squash(f.Query), Page: f.Page})
	if err != nil {
		return console.Page[Summary]{}, storeErr("list quote requests", err)
	}
	return console.PageOf(rows, next, summaryOf), nil
}

// Detail returns one request with its notes, history and orders.
func (s *Service) Detail(ctx context.Context, id string) (Detail, error) {
	q, err := s.db.QuoteRequest(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return Detail{}, ErrNotFound
	}
	if err != nil {
		return Detail{}, storeErr("load quote request", err)
	}
	d := Detail{Summary: summaryOf(q), Description: q.Description, TimeZone: q.TimeZone, Notes: []Note{}, Orders: []OrderRef{}}
	if q.UserID != "" {
		d.UserID = &q.UserID
	}
	notes, err := s.db.QuoteNotes(ctx, q.ID)
	if err != nil {
		return Detail{}, storeErr("load notes", err)
	}
	for _, n := range notes {
		d.Notes = append(d.Notes, noteOf(n))
	}
	hist, err := s.db.History(ctx, store.EntityQuote, q.ID, store.FieldStatus)
	if err != nil {
		return Detail{}, storeErr("load history", err)
	}
	d.History = console.History(hist)
	made, err := s.db.OrdersForQuote(ctx, q.ID)
	if err != nil {
		return Detail{}, storeErr("load orders", err)
	}
	for _, o := range made {
		d.Orders = append(d.Orders, OrderRef{ID: o.ID, Number: orders.Number(o.ID), Status: o.Status})
	}
	return d, nil
}

// SetStatus moves a request to status on behalf of the staff member actorID,
// if version is the one they saw (else the 409 apierr.ErrVersionConflict),
// and returns the request as it now is.
func (s *Service) SetStatus(ctx context.Context, actorID, id, status string, version int) (Detail, error) {
	if !slices.Contains(Statuses, status) {
		return Detail{}, errStatus
	}
	_, err := s.db.SetQuoteStatus(ctx, id, status, version, actorID, s.now().UTC())
	if errors.Is(err, store.ErrNotFound) {
		return Detail{}, ErrNotFound
	}
	if err != nil {
		return Detail{}, storeErr("set quote status", err)
	}
	s.log.Info("quote status set", "quote", id, "status", status, "by", actorID)
	return s.Detail(ctx, id)
}

// AddNote appends an internal note by the staff member actorID. The body
// keeps its line breaks; it must hold 1 to MaxNote characters.
func (s *Service) AddNote(ctx context.Context, actorID, id, body string) (Note, error) {
	body = strings.TrimSpace(text.MultiLine(body))
	switch {
	case strings.TrimSpace(body) == "":
		return Note{}, &Error{Kind: Invalid, Code: apierr.CodeRequired, Field: "body", Message: "Please write a note."}
	case utf8.RuneCountInString(body) > MaxNote:
		return Note{}, &Error{Kind: Invalid, Code: apierr.CodeTooLong, Field: "body", Message: "A note can be at most 5000 characters long."}
	}
	n, err := s.db.AddQuoteNote(ctx, id, actorID, body, s.now().UTC())
	if errors.Is(err, store.ErrNotFound) {
		return Note{}, ErrNotFound
	}
	if err != nil {
		return Note{}, storeErr("add note", err)
	}
	return noteOf(n), nil
}
