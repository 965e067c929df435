package auth

import "github.com/belwise/site/internal/apierr"

// The auth package speaks the shared error shape; these names keep its
// call sites short.
type (
	Kind  = apierr.Kind
	Error = apierr.Error
)

const (
	Invalid      = apierr.Invalid
	Unauthorized = apierr.Unauthorized
	Forbidden    = apierr.Forbidden
	NotFound     = apierr.NotFound
	RateLimited  = apierr.RateLimited
	Unavailable  = apierr.Unavailable
)

func invalid(code apierr.Code, msg string) *Error {
	return &Error{Kind: Invalid, Code: code, Message: msg}
}

var (
	ErrInvalidCredentials = &Error{Kind: Unauthorized, Code: apierr.CodeInvalidCredentials, Message: "Invalid email or password."}
	ErrNotVerified        = &Error{Kind: Forbidden, Code: apierr.CodeEmailNotVerified, Message: "Please verify your email address before signing in."}
	ErrInvalidToken       = invalid(apierr.CodeInvalidToken, "This link is invalid or has expired.")
	ErrUnauthenticated    = &Error{Kind: Unauthorized, Code: apierr.CodeUnauthenticated, Message: "Please sign in."}
	ErrStaffOnly          = &Error{Kind: Forbidden, Code: apierr.CodeStaffOnly, Message: "Only Belwise staff can do this."}
)

// storeErr turns an unreachable database into the visitor-facing 503.
func storeErr(op string, err error) error { return apierr.Wrap(op, err) }
