package auth

import (
	"errors"
	"fmt"
	"time"

	"github.com/belwise/site/internal/store"
)

// Kind tells the HTTP layer which status an Error deserves, without this
// package knowing about HTTP.
type Kind int

const (
	Invalid      Kind = iota + 1 // bad input: 400
	Unauthorized                 // no or wrong credentials: 401
	Forbidden                    // right credentials, not allowed yet: 403
	NotFound                     // 404
	RateLimited                  // 429 with RetryAfter
	Unavailable                  // the database is down: 503
)

// Error is a failure the visitor can understand and act on. Code is stable
// and machine-readable (the app translates it); Message is English.
type Error struct {
	Kind       Kind
	Code       string
	Message    string
	RetryAfter time.Duration // RateLimited only
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

func invalid(code, msg string) *Error { return &Error{Kind: Invalid, Code: code, Message: msg} }

var (
	ErrInvalidCredentials = &Error{Kind: Unauthorized, Code: "invalid_credentials", Message: "Invalid email or password."}
	ErrNotVerified        = &Error{Kind: Forbidden, Code: "email_not_verified", Message: "Please verify your email address before signing in."}
	ErrInvalidToken       = invalid("invalid_token", "This link is invalid or has expired.")
	ErrUnauthenticated    = &Error{Kind: Unauthorized, Code: "unauthenticated", Message: "Please sign in."}
	ErrOrderNotFound      = &Error{Kind: NotFound, Code: "not_found", Message: "Order not found."}
	errUnavailable        = &Error{Kind: Unavailable, Code: "unavailable", Message: "The database is temporarily unavailable. Please try again in a moment."}
)

// storeErr turns an unreachable database into the visitor-facing 503 and
// leaves everything else as an internal error for the caller to log.
func storeErr(op string, err error) error {
	if errors.Is(err, store.ErrUnavailable) {
		return fmt.Errorf("%s: %w (%w)", op, errUnavailable, err)
	}
	return fmt.Errorf("%s: %w", op, err)
}
