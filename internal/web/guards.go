package web

import (
	"log/slog"
	"net/http"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/web/request"
)

// api is what every group of API handlers shares: the logger, the one
// failure writer and the guards. Each group embeds it.
type api struct {
	log   *slog.Logger
	ready func() bool // the database is reachable and migrated
}

// fail answers err; see writeFailure.
func (a *api) fail(w http.ResponseWriter, r *http.Request, err error) {
	writeFailure(w, r, a.log, err)
}

// needDB is the database-ready guard every API shares: 503 while the
// database is unreachable or not yet migrated, instead of failing deep
// inside a query.
func (a *api) needDB(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if a.dbReady(w, r) {
			h(w, r)
		}
	}
}

// dbReady is needDB for a handler that needs the database only for some
// requests: it answers the 503 itself and reports false.
func (a *api) dbReady(w http.ResponseWriter, r *http.Request) bool {
	if !a.ready() {
		a.fail(w, r, apierr.ErrUnavailable)
		return false
	}
	return true
}

// signedIn lets only a signed-in user through: 401 for anyone else, 503
// when the session cannot be checked.
func (a *api) signedIn(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := whoIsSignedIn(r); err != nil {
			a.fail(w, r, err)
			return
		}
		h(w, r)
	}
}

// whoIsSignedIn is the signed-in guard's answer: nil for a signed-in
// user, auth.ErrUnauthenticated for anyone else, or the error that kept
// the session from being checked.
func whoIsSignedIn(r *http.Request) error {
	id := request.IdentityOf(r)
	switch {
	case id.Err != nil:
		return id.Err
	case id.User == nil:
		return auth.ErrUnauthenticated
	}
	return nil
}

// staffOnly lets only signed-in staff through: 401 for an anonymous
// visitor, 403 for a signed-in buyer.
func (a *api) staffOnly(h http.HandlerFunc) http.HandlerFunc {
	return a.signedIn(func(w http.ResponseWriter, r *http.Request) {
		if !request.IsStaff(r) {
			a.fail(w, r, auth.ErrStaffOnly)
			return
		}
		h(w, r)
	})
}
