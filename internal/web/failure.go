package web

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"net/http"
	"strconv"

	"github.com/belwise/site/internal/apierr"
)

// kindStatus is the one mapping from an error's kind to its HTTP status.
var kindStatus = map[apierr.Kind]int{
	apierr.Invalid:          http.StatusBadRequest,
	apierr.Unauthorized:     http.StatusUnauthorized,
	apierr.Forbidden:        http.StatusForbidden,
	apierr.NotFound:         http.StatusNotFound,
	apierr.MethodNotAllowed: http.StatusMethodNotAllowed,
	apierr.Conflict:         http.StatusConflict,
	apierr.TooLarge:         http.StatusRequestEntityTooLarge,
	apierr.UnsupportedMedia: http.StatusUnsupportedMediaType,
	apierr.RateLimited:      http.StatusTooManyRequests,
	apierr.Internal:         http.StatusInternalServerError,
	apierr.Unavailable:      http.StatusServiceUnavailable,
	apierr.Timeout:          http.StatusRequestTimeout,
}

// writeFailure is the only writer of the API's error shape:
// {"error":{"code","message","field"}}, with "errors" (each
// {"code","message","field"}) when a form's fields had several problems. Only *apierr.Error failures are
// shown as they are; anything else is logged and answered as a generic
// 500, so no internal detail reaches the client.
func writeFailure(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	ae, ok := apierr.As(err)
	switch {
	case ok:
	case outOfTime(r, err):
		// The request's deadline passed waiting for the database.
		ae = apierr.ErrUnavailable
	case errors.Is(err, context.Canceled):
		// The client went away; nobody reads this answer.
		w.WriteHeader(499)
		return
	default:
		log.Error("api request failed", "path", r.URL.Path, "err", err)
		ae = apierr.ErrInternal
	}
	switch ae.Kind {
	case apierr.RateLimited:
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(ae.RetryAfter.Seconds()))))
	case apierr.Unavailable:
		// The bare sentinel comes from the readiness guard, whose state
		// the server logs itself; a wrapped one carries a cause worth
		// logging.
		if err != apierr.ErrUnavailable {
			log.Warn("database unavailable", "path", r.URL.Path, "err", err)
		}
		w.Header().Set("Retry-After", "5")
	}
	status, known := kindStatus[ae.Kind]
	if !known {
		status = http.StatusInternalServerError
	}
	detail := errorDetail{Code: ae.Code.String(), Message: ae.Message, Field: ae.Field}
	for _, e := range ae.Errors {
		detail.Errors = append(detail.Errors, fieldProblem{e.Code.String(), e.Message, e.Field})
	}
	writeJSON(w, status, errorBody{detail})
}
