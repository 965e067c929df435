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
	Timeout                          // the request body arrived too slowly: 408
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
	// Errors are every problem of one input when a form has several (a
	// company's details): one per field, the first being this Error's own
	// code, field and message. Empty for a single problem. See Join.
	Errors []*Error
}

// Join answers every field problem of one input at once: nil when there
// are none, else an Invalid error that is the first problem and lists all
// of them in Errors (in the order given, which is the form's).
func Join(problems []*Error) error {
	if len(problems) == 0 {
		return nil
	}
	first := *problems[0]
	first.Errors = problems
	return &first
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
	// ErrVersionConflict is the 409 of every write that carried an
	// out-of-date version: two staff members never overwrite each other
	// silently.
	ErrVersionConflict = &Error{Kind: Conflict, Code: CodeVersionConflict,
		Message: "Someone else changed this in the meantime. Reload to see their changes, then try again."}
	// ErrInvalidCursor answers a page cursor the server did not hand out.
	ErrInvalidCursor = &Error{Kind: Invalid, Code: CodeInvalidCursor, Field: "cursor",
		Message: "This page link is no longer valid. Start again from the first page."}
)

// Errors of the store are recognised by their methods, not their identity,
// so apierr imports nothing: an outage (the store's ErrUnavailable), a
// stale version (ErrStale) and a bad page cursor (ErrBadCursor).
type (
	outage        interface{ Unavailable() bool }
	staleVersion  interface{ StaleVersion() bool }
	invalidCursor interface{ InvalidCursor() bool }
)

// As returns err's *Error, if it has one. An outage anywhere in err's
// chain is ErrUnavailable, a stale version ErrVersionConflict and a bad
// cursor ErrInvalidCursor.
func As(err error) (*Error, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e, true
	}
	var o outage
	if errors.As(err, &o) && o.Unavailable() {
		return ErrUnavailable, true
	}
	var s staleVersion
	if errors.As(err, &s) && s.StaleVersion() {
		return ErrVersionConflict, true
	}
	var c invalidCursor
	if errors.As(err, &c) && c.InvalidCursor() {
		return ErrInvalidCursor, true
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
