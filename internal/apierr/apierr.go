// Package apierr is the one shape of a failure a visitor (or a caller such
// as Vapi) can understand and act on. The services return it without
// knowing about HTTP; the web package maps its Kind to a status in one
// place and writes every failure through one function.
//
// apierr depends on no other package of the site: it recognises the
// store's outage error by its Unavailable method, not by its identity.
package apierr

import (
	"errors"
	"fmt"
	"time"
)

// Kind decides the HTTP status.
type Kind int

const (
	Invalid          Kind = iota + 1 // bad input: 400
	Unauthorized                     // no or wrong credentials: 401
	Forbidden                        // right credentials, not allowed (yet): 403
	NotFound                         // 404
	MethodNotAllowed                 // 405
	Conflict                         // the thing changed in the meantime: 409
	TooLarge                         // the request body is too large: 413
	UnsupportedMedia                 // the request body is not JSON: 415
	RateLimited                      // 429 with RetryAfter
	Internal                         // the server's fault, never detailed: 500
	Unavailable                      // the database is down: 503
)

// Error is a failure with a stable, machine-readable Code (the app
// translates it), an English Message, and the offending input's JSON name
// in Field when there is one.
type Error struct {
	Kind       Kind
	Code       Code
	Field      string
	Message    string
	RetryAfter time.Duration // RateLimited only
}

func (e *Error) Error() string { return e.Code.String() + ": " + e.Message }

var (
	// ErrUnavailable is the 503 every service answers while the database
	// is unreachable.
	ErrUnavailable = &Error{Kind: Unavailable, Code: CodeUnavailable,
		Message: "The database is temporarily unavailable. Please try again in a moment."}
	// ErrInternal is what a visitor sees of any other failure; the cause
	// goes to the log only.
	ErrInternal = &Error{Kind: Internal, Code: CodeInternal,
		Message: "Something went wrong on our side. Please try again."}
)

// outage is implemented by errors that mean the database cannot be reached
// (the store's ErrUnavailable).
type outage interface{ Unavailable() bool }

// As returns err's *Error, if it has one. An outage anywhere in err's
// chain is ErrUnavailable.
func As(err error) (*Error, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e, true
	}
	var o outage
	if errors.As(err, &o) && o.Unavailable() {
		return ErrUnavailable, true
	}
	return nil, false
}

// Wrap names the operation that failed, for the logs. An outage becomes
// ErrUnavailable, keeping the original error in the chain.
func Wrap(op string, err error) error {
	var o outage
	if errors.As(err, &o) && o.Unavailable() {
		return fmt.Errorf("%s: %w (%w)", op, ErrUnavailable, err)
	}
	return fmt.Errorf("%s: %w", op, err)
}
