package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"strings"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/text"
)

// writeJSON encodes v up front, so nothing is written when v cannot be
// encoded. That is a programming error: it panics, and recoverPanics
// answers a clean 500 instead of a half-written 200.
func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("web: encoding a %T response: %v", v, err))
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(append(body, '\n'))
}

// Request body failures. Bad input must never look like a server fault:
// each is a 4xx.
func bodyError(kind apierr.Kind, code apierr.Code, message string) *apierr.Error {
	return &apierr.Error{Kind: kind, Code: code, Message: message}
}

var (
	errNotJSON   = bodyError(apierr.UnsupportedMedia, apierr.CodeUnsupportedMediaType, "The request body must be JSON (Content-Type: application/json).")
	errEmptyBody = bodyError(apierr.Invalid, apierr.CodeEmptyBody, "The request body is empty.")
	errBadBody   = bodyError(apierr.Invalid, apierr.CodeInvalidBody, "The request body could not be read.")
	// errSlowBody answers a body still arriving when the server's read
	// timeout (http.Server.ReadTimeout, 30 s) ran out: 408, not 400, since
	// the request may well be fine over a better connection.
	errSlowBody = bodyError(apierr.Timeout, apierr.CodeBodyTimeout, "The request body arrived too slowly. Please try again.")
)

// readTimedOut reports a body read that failed on the server's read
// timeout (a *net.OpError "i/o timeout").
func readTimedOut(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

func errTooLarge(limit int64) *apierr.Error {
	return bodyError(apierr.TooLarge, apierr.CodeBodyTooLarge, fmt.Sprintf("The request body must not exceed %d bytes.", limit))
}

func errInvalidJSON(message string) *apierr.Error {
	return bodyError(apierr.Invalid, apierr.CodeInvalidJSON, message)
}

// decodeBody reads one JSON object of at most limit bytes from the request
// into dst, refusing fields dst does not have, and cleans every string in
// it (package text: no NUL or other control character reaches the
// services; a field tagged text:"raw" is left as sent). Every failure is
// an *apierr.Error.
func decodeBody(w http.ResponseWriter, r *http.Request, dst any, limit int64) error {
	if !isJSON(r) {
		return errNotJSON
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return jsonDecodeError(err, limit)
	}
	// A second value after the object is malformed input, not something
	// to ignore silently.
	if err := dec.Decode(&struct{}{}); !errors.Is(err, io.EOF) {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return errTooLarge(limit)
		}
		if readTimedOut(err) {
			return errSlowBody
		}
		return errInvalidJSON("The request body must contain a single JSON object.")
	}
	text.CleanAll(dst)
	return nil
}

// readBody reads a whole JSON request body of at most limit bytes without
// interpreting it, for endpoints whose senders add fields freely
// (decodeBody refuses unknown fields).
func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	if !isJSON(r) {
		return nil, errNotJSON
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return nil, errTooLarge(limit)
	case readTimedOut(err):
		return nil, errSlowBody
	case err != nil:
		return nil, errBadBody
	case len(body) == 0:
		return nil, errEmptyBody
	}
	return body, nil
}

func isJSON(r *http.Request) bool {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return mt == "application/json"
}

func jsonDecodeError(err error, limit int64) error {
	var (
		syntaxErr *json.SyntaxError
		typeErr   *json.UnmarshalTypeError
		tooLarge  *http.MaxBytesError
	)
	switch {
	case errors.As(err, &tooLarge):
		return errTooLarge(limit)
	case readTimedOut(err):
		return errSlowBody
	case errors.Is(err, io.EOF):
		return errEmptyBody
	case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
		return errInvalidJSON("The request body is not valid JSON.")
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			return errInvalidJSON("The request body must be a JSON object.")
		}
		return bodyError(apierr.Invalid, apierr.CodeInvalidField, fmt.Sprintf("The field %q has the wrong type.", field))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		// encoding/json has no typed error for this case.
		field := strings.TrimPrefix(err.Error(), "json: unknown field ")
		return bodyError(apierr.Invalid, apierr.CodeUnknownField, fmt.Sprintf("The field %s is not expected.", field))
	}
	return errBadBody
}
