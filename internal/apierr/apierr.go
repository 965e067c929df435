// Package apierr is the one shape of a failure a visitor can understand and
// act on. The services (auth, quote) return it without knowing about HTTP;
// the web package maps its Kind to a status in one place.
package apierr

import (
	"errors"
	"fmt"
	"time"

	"github.com/belwise/site/internal/store"
)

// Kind decides the HTTP status.
type Kind int

const (
	Invalid      Kind = iota + 1 // bad input: 400
	Unauthorized                 // no or wrong credentials: 401
	Forbidden                    // right credentials, not allowed yet: 403
	NotFound                     // 404
	RateLimited                  // 429 with RetryAfter
	Unavailable                  // the database is down: 503
)

// Error is a failure with a stable, machine-readable Code (the app
// translates it), an English Message, and the offending input's JSON name
// in Field when there is one.
type Error struct {
	Kind       Kind
	Code       string
	Field      string
	Message    string
	RetryAfter time.Duration // RateLimited only
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// ErrUnavailable is the 503 every service answers while the database is
// unreachable.
var ErrUnavailable = &Error{Kind: Unavailable, Code: "unavailable",
	Message: "The database is temporarily unavailable. Please try again in a moment."}

// FromStore turns a store error into ErrUnavailable when the database cannot
// be reached, keeping the original for the logs, and leaves everything else
// as an internal error.
func FromStore(op string, err error) error {
	if errors.Is(err, store.ErrUnavailable) {
		return fmt.Errorf("%s: %w (%w)", op, ErrUnavailable, err)
	}
	return fmt.Errorf("%s: %w", op, err)
}

// As returns err's *Error, if it has one.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}
