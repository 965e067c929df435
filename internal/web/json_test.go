package web

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestWriteError(t *testing.T) {
	w := httptest.NewRecorder()
	writeError(w, http.StatusTeapot, "teapot", "I'm a teapot")
	if w.Code != http.StatusTeapot || w.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("%d %q", w.Code, w.Header().Get("Content-Type"))
	}
	if got := strings.TrimSpace(w.Body.String()); got != `{"error":{"code":"teapot","message":"I'm a teapot"}}` {
		t.Fatalf("body %s", got)
	}
}

func TestWriteJSONUnencodable(t *testing.T) {
	w := httptest.NewRecorder()
	writeJSON(w, http.StatusOK, map[string]any{"f": func() {}})
	if w.Code != http.StatusInternalServerError || !strings.Contains(w.Body.String(), `"internal"`) {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
}

func TestWriteAPIError(t *testing.T) {
	w := httptest.NewRecorder()
	writeAPIError(w, errors.New("database password is hunter2"))
	if w.Code != http.StatusInternalServerError || strings.Contains(w.Body.String(), "hunter2") {
		t.Fatalf("internal error leaked or wrong status: %d %s", w.Code, w.Body)
	}
}

func TestDecodeJSON(t *testing.T) {
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
		{"valid", "application/json", `{"name":"a","count":2}`, 0, 0, ""},
		{"charset param", "application/json; charset=utf-8", `{"name":"a"}`, 0, 0, ""},
		{"wrong content type", "text/plain", `{"name":"a"}`, 0, 415, "unsupported_media_type"},
		{"no content type", "", `{"name":"a"}`, 0, 415, "unsupported_media_type"},
		{"empty", "application/json", ``, 0, 400, "empty_body"},
		{"syntax", "application/json", `{"name":`, 0, 400, "invalid_json"},
		{"garbage", "application/json", `{"name" "a"}`, 0, 400, "invalid_json"},
		{"not an object", "application/json", `[1,2]`, 0, 400, "invalid_json"},
		{"wrong type", "application/json", `{"count":"two"}`, 0, 400, "invalid_field"},
		{"unknown field", "application/json", `{"nmae":"a"}`, 0, 400, "unknown_field"},
		{"two values", "application/json", `{"name":"a"}{"name":"b"}`, 0, 400, "invalid_json"},
		{"too large", "application/json", `{"name":"` + strings.Repeat("a", 100) + `"}`, 50, 413, "body_too_large"},
		{"too large default", "application/json", `{"name":"` + strings.Repeat("a", maxJSONBody) + `"}`, 0, 413, "body_too_large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/api/x", strings.NewReader(tt.body))
			if tt.contentType != "" {
				r.Header.Set("Content-Type", tt.contentType)
			}
			w := httptest.NewRecorder()
			var dst input
			var err error
			if tt.limit > 0 {
				err = decodeJSONLimit(w, r, &dst, tt.limit)
			} else {
				err = decodeJSON(w, r, &dst)
			}
			if tt.status == 0 {
				if err != nil || dst.Name != "a" {
					t.Fatalf("err %v, dst %+v", err, dst)
				}
				return
			}
			var ae *apiError
			if !errors.As(err, &ae) {
				t.Fatalf("got %v, want an *apiError", err)
			}
			if ae.Status != tt.status || ae.Code != tt.code {
				t.Fatalf("got %d %s (%s), want %d %s", ae.Status, ae.Code, ae.Message, tt.status, tt.code)
			}
			writeAPIError(w, err)
			var resp struct {
				Error struct{ Code, Message string }
			}
			if json.Unmarshal(w.Body.Bytes(), &resp) != nil || resp.Error.Code != tt.code || w.Code != tt.status {
				t.Fatalf("response %d %s", w.Code, w.Body)
			}
		})
	}
}
