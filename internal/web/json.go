package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
)

// maxJSONBody bounds request bodies so a client cannot make the server
// buffer arbitrary amounts; forms on this site are far smaller.
const maxJSONBody = 64 << 10

// apiError is an error the client caused or can act on. Its Code is
// stable and machine-readable; Message is for people.
type apiError struct {
	Status  int
	Code    string
	Message string
}

func (e *apiError) Error() string { return e.Code + ": " + e.Message }

// writeJSON encodes v up front, so an encoding failure becomes a clean 500
// instead of a half-written 200.
func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		body = []byte(`{"error":{"code":"internal","message":"The server could not encode its response."}}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(append(body, '\n'))
}

// writeError writes the API's single error shape:
// {"error":{"code":"…","message":"…"}}.
func writeError(w http.ResponseWriter, status int, code, message string) {
	writeErrorField(w, status, code, message, "")
}

// writeErrorField adds the offending input's JSON name, so the app can show
// the message under that field: {"error":{"code","message","field"}}.
func writeErrorField(w http.ResponseWriter, status int, code, message, field string) {
	type detail struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		Field   string `json:"field,omitempty"`
	}
	writeJSON(w, status, struct {
		Error detail `json:"error"`
	}{detail{code, message, field}})
}

// writeAPIError writes err as returned by decodeJSON or a handler; an error
// that is not an *apiError is the server's fault and is not shown.
func writeAPIError(w http.ResponseWriter, err error) {
	var ae *apiError
	if errors.As(err, &ae) {
		writeError(w, ae.Status, ae.Code, ae.Message)
		return
	}
	writeError(w, http.StatusInternalServerError, "internal", "Something went wrong on our side.")
}

// decodeJSON reads one JSON object from the request into dst with the
// default size limit. Every failure is an *apiError with a 4xx status:
// bad input must never look like a server fault.
func decodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	return decodeJSONLimit(w, r, dst, maxJSONBody)
}

func decodeJSONLimit(w http.ResponseWriter, r *http.Request, dst any, limit int64) error {
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		return &apiError{http.StatusUnsupportedMediaType, "unsupported_media_type", "The request body must be JSON (Content-Type: application/json)."}
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
			return jsonDecodeError(err, limit)
		}
		return &apiError{http.StatusBadRequest, "invalid_json", "The request body must contain a single JSON object."}
	}
	return nil
}

func jsonDecodeError(err error, limit int64) error {
	var (
		syntaxErr *json.SyntaxError
		typeErr   *json.UnmarshalTypeError
		tooLarge  *http.MaxBytesError
	)
	switch {
	case errors.As(err, &tooLarge):
		return &apiError{http.StatusRequestEntityTooLarge, "body_too_large", fmt.Sprintf("The request body must not exceed %d bytes.", limit)}
	case errors.Is(err, io.EOF):
		return &apiError{http.StatusBadRequest, "empty_body", "The request body is empty."}
	case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
		return &apiError{http.StatusBadRequest, "invalid_json", "The request body is not valid JSON."}
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			return &apiError{http.StatusBadRequest, "invalid_json", "The request body must be a JSON object."}
		}
		return &apiError{http.StatusBadRequest, "invalid_field", fmt.Sprintf("The field %q has the wrong type.", field)}
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		// encoding/json has no typed error for this case.
		field := strings.TrimPrefix(err.Error(), "json: unknown field ")
		return &apiError{http.StatusBadRequest, "unknown_field", fmt.Sprintf("The field %s is not expected.", field)}
	}
	return &apiError{http.StatusBadRequest, "invalid_body", "The request body could not be read."}
}
