// Package request carries who is asking on a request's context: the client
// address and the signed-in user with their role. The web package's
// identity middleware resolves them once per API request; handlers and
// guards only read them here and never work them out again.
package request

import (
	"context"
	"net/http"

	"github.com/belwise/site/internal/auth"
)

// Identity is what the middleware resolved.
type Identity struct {
	// ClientIP is the address rate limits count against.
	ClientIP string
	// User is the signed-in user, nil for an anonymous visitor (no session
	// cookie, or one that has expired or been revoked).
	User *auth.User
	// Pending is a staff member whose session waits for its second step
	// (internal/auth: Session.Pending). User is then nil: every guard and
	// handler treats them as signed out; only the second-step endpoints
	// and sign-out read Pending.
	Pending *auth.User
	// Err is set when a session cookie was sent but could not be checked
	// (the database is down): the visitor may be signed in, but nobody can
	// tell. User is then nil.
	Err error
}

type identityKey struct{}

// WithIdentity returns ctx carrying id.
func WithIdentity(ctx context.Context, id Identity) context.Context {
	return context.WithValue(ctx, identityKey{}, id)
}

// IdentityOf returns the identity on r's context; the zero Identity
// (anonymous, no address) when the middleware did not run.
func IdentityOf(r *http.Request) Identity {
	id, _ := r.Context().Value(identityKey{}).(Identity)
	return id
}

// ClientIP is the address rate limits count against: the connection's
// peer, or with TRUST_PROXY the address the proxy reported.
func ClientIP(r *http.Request) string { return IdentityOf(r).ClientIP }

// User returns the signed-in user, if there is one.
func User(r *http.Request) (auth.User, bool) {
	if u := IdentityOf(r).User; u != nil {
		return *u, true
	}
	return auth.User{}, false
}

// UserID is the signed-in user's id, or "" for anyone else.
func UserID(r *http.Request) string {
	if u := IdentityOf(r).User; u != nil {
		return u.ID
	}
	return ""
}

// Role is the signed-in user's role (auth.RoleBuyer or auth.RoleStaff), or
// "" for anyone else.
func Role(r *http.Request) string {
	if u := IdentityOf(r).User; u != nil {
		return u.Role
	}
	return ""
}

// IsStaff reports whether a staff member is signed in.
func IsStaff(r *http.Request) bool { return Role(r) == auth.RoleStaff }
