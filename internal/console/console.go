// Package console holds what the agency's console services (the quote
// inbox in package quote, orders and buyers in package orders, the
// catalogue in package catalogue) share: the shapes the console reads (a
// person, a change in the audit trail, a page of a list) and the checks of
// money they all make. It has no service of its own.
package console

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/store"
	"golang.org/x/text/currency"
)

// Person is a staff member or buyer as the console names them.
type Person struct {
	ID       string `json:"id"`
	Email    string `json:"email"`
	FullName string `json:"fullName"`
}

// PersonOf is nil for nil: an author or actor whose account is gone, or
// the system.
func PersonOf(p *store.Person) *Person {
	if p == nil {
		return nil
	}
	return &Person{ID: p.ID, Email: p.Email, FullName: p.FullName}
}

// Change is one step of a record's history: from (null when the record was
// created) to, by whom (null for the system, such as a visitor's request),
// and when.
type Change struct {
	From  *string   `json:"from"`
	To    *string   `json:"to"`
	Actor *Person   `json:"actor"`
	At    time.Time `json:"at"`
}

// History turns the audit trail's rows into the console's changes.
func History(rows []store.Change) []Change {
	out := make([]Change, len(rows))
	for i, c := range rows {
		out[i] = Change{From: c.From, To: c.To, Actor: PersonOf(c.Actor), At: c.At.UTC()}
	}
	return out
}

// Page is one page of a list, newest first, with the cursor of the next
// page (null after the last).
type Page[T any] struct {
	Items      []T     `json:"items"`
	NextCursor *string `json:"nextCursor"`
}

// PageOf maps a store page into the console's shape.
func PageOf[S, T any](rows []S, next string, conv func(S) T) Page[T] {
	p := Page[T]{Items: make([]T, len(rows))}
	for i, r := range rows {
		p.Items[i] = conv(r)
	}
	if next != "" {
		p.NextCursor = &next
	}
	return p
}

// MaxAmountCents bounds a price or an order's amount: a billion in any
// currency is a typing mistake, and it keeps every amount exact as a
// JavaScript number.
const MaxAmountCents = 100_000_000_000

// CheckAmount refuses an amount below zero or above MaxAmountCents, naming
// field.
func CheckAmount(cents int64, field string) error {
	if cents < 0 || cents > MaxAmountCents {
		return &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidAmount, Field: field,
			Message: fmt.Sprintf("The amount must be between 0 and %d cents.", int64(MaxAmountCents))}
	}
	return nil
}

// tender is every ISO 4217 currency that is legal tender somewhere today.
var tender = sync.OnceValue(func() map[string]bool {
	set := map[string]bool{}
	for it := currency.Query(); it.Next(); {
		set[it.Unit().String()] = true
	}
	return set
})

// Currency returns the ISO 4217 code for s in upper case ("eur" is EUR);
// "" is the default, EUR. Anything that is not a currency in use today (a
// typo, the guilder, gold) is an invalid_currency error.
func Currency(s string) (string, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if s == "" {
		return store.DefaultCurrency, nil
	}
	if tender()[s] {
		return s, nil
	}
	return "", &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidCurrency, Field: "currency",
		Message: "The currency must be an ISO 4217 code such as EUR."}
}
