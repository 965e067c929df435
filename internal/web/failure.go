package web

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"net/http"
	"strconv"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/store"
)

var kindStatus = map[apierr.Kind]int{
	apierr.Invalid:      http.StatusBadRequest,
	apierr.Unauthorized: http.StatusUnauthorized,
	apierr.Forbidden:    http.StatusForbidden,
	apierr.NotFound:     http.StatusNotFound,
	apierr.RateLimited:  http.StatusTooManyRequests,
	apierr.Unavailable:  http.StatusServiceUnavailable,
}

// writeFailure answers a service's error for every API handler. Only errors
// the visitor can act on are shown; anything else is logged and reported as
// a generic 500.
func writeFailure(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	ae, ok := apierr.As(err)
	switch {
	case ok:
		switch ae.Kind {
		case apierr.RateLimited:
			w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(ae.RetryAfter.Seconds()))))
		case apierr.Unavailable:
			log.Warn("database unavailable", "path", r.URL.Path, "err", err)
			w.Header().Set("Retry-After", "5")
		}
		writeErrorField(w, kindStatus[ae.Kind], ae.Code, ae.Message, ae.Field)
	case errors.Is(err, store.ErrUnavailable):
		log.Warn("database unavailable", "path", r.URL.Path, "err", err)
		writeUnavailable(w)
	case errors.Is(err, context.Canceled):
		// The client went away; nobody reads this answer.
		w.WriteHeader(499)
	default:
		log.Error("api request failed", "path", r.URL.Path, "err", err)
		writeError(w, http.StatusInternalServerError, "internal", "Something went wrong on our side. Please try again.")
	}
}

// writeUnavailable is the 503 of a database that is down or not migrated.
func writeUnavailable(w http.ResponseWriter) {
	w.Header().Set("Retry-After", "5")
	writeError(w, http.StatusServiceUnavailable, "unavailable", "The database is temporarily unavailable. Please try again in a moment.")
}
