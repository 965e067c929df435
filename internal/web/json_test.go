package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/store"
)

func TestWriteFailure(t *testing.T) {
	for _, tt := range []struct {
		name   string
		err    error
		status int
		body   string
		header string // "Name: value" expected, if any
		logged string // log text expected, "" for none
	}{
		{"field", fmt.Errorf("validate: %w", &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeTooLong, Field: "phone", Message: "Too long."}),
			400, `{"error":{"code":"too_long","message":"Too long.","field":"phone"}}`, "", ""},
		{"rate limit", &apierr.Error{Kind: apierr.RateLimited, Code: apierr.CodeRateLimited, Message: "Wait.", RetryAfter: 1500 * time.Millisecond},
			429, `{"error":{"code":"rate_limited","message":"Wait."}}`, "Retry-After: 2", ""},
		{"conflict", &apierr.Error{Kind: apierr.Conflict, Code: apierr.CodeInvalidToken, Message: "Changed."}, 409, `{"error":{"code":"invalid_token","message":"Changed."}}`, "", ""},
		{"too large", errTooLarge(10), 413, `{"error":{"code":"body_too_large","message":"The request body must not exceed 10 bytes."}}`, "", ""},
		{"not JSON", errNotJSON, 415, `{"error":{"code":"unsupported_media_type","message":"The request body must be JSON (Content-Type: application/json)."}}`, "", ""},
		{"the guard's outage", apierr.ErrUnavailable, 503, `{"error":{"code":"unavailable","message":"` + apierr.ErrUnavailable.Message + `"}}`, "Retry-After: 5", ""},
		{"the store's outage, unwrapped", fmt.Errorf("query: %w", store.ErrUnavailable), 503, `"code":"unavailable"`, "Retry-After: 5", "database unavailable"},
		{"anything else is not shown", errors.New("database password is hunter2"), 500, `{"error":{"code":"internal","message":"` + apierr.ErrInternal.Message + `"}}`, "", "hunter2"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			logs := &syncBuffer{}
			w := httptest.NewRecorder()
			writeFailure(w, httptest.NewRequest("POST", "/api/x", nil), slog.New(slog.NewTextHandler(logs, nil)), tt.err)
			body := strings.TrimSpace(w.Body.String())
			if w.Code != tt.status || w.Header().Get("Content-Type") != "application/json" || !strings.Contains(body, tt.body) {
				t.Fatalf("%d %q %s", w.Code, w.Header().Get("Content-Type"), body)
			}
			if strings.Contains(body, "hunter2") {
				t.Fatal("an internal error leaked")
			}
			if k, v, ok := strings.Cut(tt.header, ": "); ok && w.Header().Get(k) != v {
				t.Errorf("%s = %q, want %q", k, w.Header().Get(k), v)
			}
			if (tt.logged == "") != (logs.String() == "") || !strings.Contains(logs.String(), tt.logged) {
				t.Errorf("log %q, want %q", logs, tt.logged)
			}
		})
	}
	// A client that went away gets no body.
	w := httptest.NewRecorder()
	writeFailure(w, httptest.NewRequest("GET", "/api/x", nil), slog.New(slog.DiscardHandler), fmt.Errorf("query: %w", context.Canceled))
	if w.Code != 499 || w.Body.Len() != 0 {
		t.Fatalf("cancelled: %d %s", w.Code, w.Body)
	}
}

// TestWriteJSONUnencodable: a response that cannot be encoded is a clean
// 500 in the API's error shape, never a half-written 200.
func TestWriteJSONUnencodable(t *testing.T) {
	logs := &syncBuffer{}
	h := recoverPanics(slog.New(slog.NewTextHandler(logs, nil)), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]any{"f": func() {}})
	}))
	w := do(h, "GET", "/api/x")
	if w.Code != http.StatusInternalServerError || !strings.Contains(w.Body.String(), `"code":"internal"`) || !strings.Contains(logs.String(), "func()") {
		t.Fatalf("%d %s\n%s", w.Code, w.Body, logs)
	}
}

func TestDecodeBody(t *testing.T) {
	type input struct {
		Name  string `json:"name"`
		Count int    `json:"count"`
	}
	tests := []struct {
		name        string
		contentType string
		body        string
		limit       int64
		status      int // 0: success
		code        string
	}{
		{"valid", "application/json", `{"name":"a","count":2}`, 1024, 0, ""},
		{"charset param", "application/json; charset=utf-8", `{"name":"a"}`, 1024, 0, ""},
		{"wrong content type", "text/plain", `{"name":"a"}`, 1024, 415, "unsupported_media_type"},
		{"no content type", "", `{"name":"a"}`, 1024, 415, "unsupported_media_type"},
		{"empty", "application/json", ``, 1024, 400, "empty_body"},
		{"syntax", "application/json", `{"name":`, 1024, 400, "invalid_json"},
		{"garbage", "application/json", `{"name" "a"}`, 1024, 400, "invalid_json"},
		{"not an object", "application/json", `[1,2]`, 1024, 400, "invalid_json"},
		{"wrong type", "application/json", `{"count":"two"}`, 1024, 400, "invalid_field"},
		{"unknown field", "application/json", `{"nmae":"a"}`, 1024, 400, "unknown_field"},
		{"two values", "application/json", `{"name":"a"}{"name":"b"}`, 1024, 400, "invalid_json"},
		{"too large", "application/json", `{"name":"` + strings.Repeat("a", 100) + `"}`, 50, 413, "body_too_large"},
		{"too large after the object", "application/json", `{"name":"a"}` + strings.Repeat(" ", 100), 50, 413, "body_too_large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/api/x", strings.NewReader(tt.body))
			if tt.contentType != "" {
				r.Header.Set("Content-Type", tt.contentType)
			}
			w := httptest.NewRecorder()
			var dst input
			err := decodeBody(w, r, &dst, tt.limit)
			if tt.status == 0 {
				if err != nil || dst.Name != "a" {
					t.Fatalf("err %v, dst %+v", err, dst)
				}
				return
			}
			writeFailure(w, r, slog.New(slog.DiscardHandler), err)
			var resp struct {
				Error struct{ Code, Message string }
			}
			if json.Unmarshal(w.Body.Bytes(), &resp) != nil || resp.Error.Code != tt.code || w.Code != tt.status {
				t.Fatalf("response %d %s, want %d %s", w.Code, w.Body, tt.status, tt.code)
			}
		})
	}
}
