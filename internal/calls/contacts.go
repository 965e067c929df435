package calls

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/console"
	"github.com/belwise/site/internal/store"
)

// An order's contacts are its callers grouped by number: the caller's
// number as stored (E.164 where it could be read, see NormalizeNumber), so
// "+31 6 12345678" and "0031612345678" are one contact. A call without a
// number (a web call, a withheld number, a call the buyer deleted or whose
// number retention removed) belongs to no contact and is not listed. The
// caller's name is the value of the call data field caller_name
// (store.CallerNameField) of their newest call that has one.

var errNoContact = &apierr.Error{Kind: apierr.NotFound, Code: apierr.CodeNotFound, Message: "Contact not found."}

// Contact is one caller of an order.
type Contact struct {
	// Key is the number as stored: the contact's id in its page's URL.
	Key string `json:"key"`
	// Number is the number in E.164 for a tel: link ("" when it cannot be
	// dialled); NumberDisplay the text to show, formatted for the page's
	// language (see FormatNumber).
	Number        string   `json:"number"`
	NumberDisplay string   `json:"numberDisplay"`
	Name          string   `json:"name"` // "" when no call names the caller
	Calls         int      `json:"calls"`
	LastCall      LastCall `json:"lastCall"`
}

// LastCall is a contact's newest call.
type LastCall struct {
	ID        string    `json:"id"`
	StartedAt time.Time `json:"startedAt"`
	Outcome   string    `json:"outcome"` // answered | missed | failed
}

// ContactCalls is one contact with a page of their calls, newest first.
type ContactCalls struct {
	Contact Contact               `json:"contact"`
	Calls   console.Page[Summary] `json:"calls"`
}

func contact(c store.Contact, lang string) Contact {
	n := FormatNumber(c.Number, lang)
	return Contact{Key: c.Number, Number: n.E164, NumberDisplay: n.Display, Name: c.Name, Calls: c.Calls,
		LastCall: LastCall{ID: strconv.FormatInt(c.LastCallID, 10), StartedAt: c.LastStartedAt.UTC(), Outcome: c.LastOutcome}}
}

// Contacts is one page of the buyer's order's contacts, the most recent
// caller first, their numbers formatted for lang.
func (s *Service) Contacts(ctx context.Context, buyerID, orderID, lang string, p store.Page) (console.Page[Contact], error) {
	o, err := s.order(ctx, buyerID, orderID)
	if err != nil {
		return console.Page[Contact]{}, err
	}
	rows, next, err := s.db.OrderContacts(ctx, o.ID, p)
	if err != nil {
		return console.Page[Contact]{}, apierr.Wrap("list contacts", err)
	}
	return console.PageOf(rows, next, func(c store.Contact) Contact { return contact(c, lang) }), nil
}

// Contact is one contact of the buyer's order, by its key (the number as
// stored; any way of writing a number the library reads finds it too),
// with one page of their calls, newest first.
func (s *Service) Contact(ctx context.Context, buyerID, orderID, key, lang string, p store.Page) (ContactCalls, error) {
	o, err := s.order(ctx, buyerID, orderID)
	if err != nil {
		return ContactCalls{}, err
	}
	key = NormalizeNumber(key)
	c, err := s.db.OrderContact(ctx, o.ID, key)
	if errors.Is(err, store.ErrNotFound) {
		return ContactCalls{}, errNoContact
	}
	if err != nil {
		return ContactCalls{}, apierr.Wrap("load contact", err)
	}
	rows, next, err := s.db.ContactCalls(ctx, o.ID, key, p)
	if err != nil {
		return ContactCalls{}, apierr.Wrap("contact calls", err)
	}
	fields, err := s.fields(ctx, o.ID)
	if err != nil {
		return ContactCalls{}, err
	}
	return ContactCalls{Contact: contact(c, lang), Calls: console.PageOf(rows, next, func(c store.Call) Summary { return summary(c, lang, fields) })}, nil
}
