// Package vapiapi is the site's one client of Vapi's REST API
// (https://api.vapi.ai) with the account's private key (VAPI_PRIVATE_KEY):
// list and delete calls (the call log: backfill, a buyer's delete, a
// caller's erasure) and read and update assistants (the agent settings'
// delivery). It speaks Vapi's wire format only; turning a call into a
// stored report is package voice's, the settings' patch agentsettings'.
//
// The key is a secret: it is sent only in the Authorization header to the
// configured API, and never written to an error or a log.
package vapiapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/belwise/site/internal/text"
)

// DefaultBaseURL is Vapi's API.
const DefaultBaseURL = "https://api.vapi.ai"

// Client calls Vapi's API with the private key. It lives only in the
// server: the key never reaches a browser.
type Client struct {
	BaseURL string // DefaultBaseURL when empty
	Key     string // the private API key
	// HTTP is the client requests go through; one with a 30 s timeout
	// when nil.
	HTTP *http.Client
}

// New returns a client of the API at baseURL with key, or nil without a
// key: then nothing is ever sent to Vapi.
func New(baseURL, key string) *Client {
	if key == "" {
		return nil
	}
	return &Client{BaseURL: baseURL, Key: key}
}

// Error is a failed request: Vapi's HTTP status (0 when there was no
// answer) and its message, one bounded line.
type Error struct {
	Op     string // "list calls", "delete call", "get assistant", "update assistant"
	Status int
	Detail string
}

func (e *Error) Error() string {
	if e.Status == 0 {
		return "vapi: " + e.Op + ": " + e.Detail
	}
	if e.Detail != "" {
		return fmt.Sprintf("vapi: %s: HTTP %d: %s", e.Op, e.Status, e.Detail)
	}
	return fmt.Sprintf("vapi: %s: HTTP %d", e.Op, e.Status)
}

// Permanent reports whether retrying cannot help: a 4xx other than 408
// and 429 (the assistant is gone, the key is wrong, the body refused).
func (e *Error) Permanent() bool {
	return e.Status >= 400 && e.Status < 500 && e.Status != http.StatusRequestTimeout && e.Status != http.StatusTooManyRequests
}

// IsPermanent reports whether err is a Vapi answer retrying cannot change.
func IsPermanent(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Permanent()
}

// Bounds on what is read of an answer.
const (
	maxList   = 32 << 20 // a page of 100 calls with their transcripts
	maxObject = 8 << 20  // an assistant
	maxDetail = 300      // Vapi's message in an error, in bytes
)

// do sends one request (body, when not nil, as JSON) and returns the
// answer's body, at most limit bytes, or an *Error for anything but a 2xx.
func (c *Client) do(ctx context.Context, op, method, path string, body any, limit int64) ([]byte, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, &Error{Op: op, Detail: err.Error()}
		}
		rd = bytes.NewReader(b)
	}
	base := strings.TrimSuffix(c.BaseURL, "/")
	if base == "" {
		base = DefaultBaseURL
	}
	req, err := http.NewRequestWithContext(ctx, method, base+path, rd)
	if err != nil {
		return nil, &Error{Op: op, Detail: err.Error()}
	}
	req.Header.Set("Authorization", "Bearer "+c.Key)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	res, err := hc.Do(req)
	if err != nil {
		// net/http's error names the URL (no key in it), never the headers.
		return nil, &Error{Op: op, Detail: "the request failed: " + err.Error()}
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, limit))
	if err != nil {
		return nil, &Error{Op: op, Detail: "reading the answer: " + err.Error()}
	}
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return nil, &Error{Op: op, Status: res.StatusCode, Detail: message(raw)}
	}
	return raw, nil
}

// message is Vapi's message in an error answer ({"message": "…"} or a
// list of them), as one bounded line; "" when there is none.
func message(raw []byte) string {
	var e struct {
		Message any `json:"message"`
	}
	if json.Unmarshal(raw, &e) != nil || e.Message == nil {
		return ""
	}
	// Line breaks and tabs become spaces, other control characters go.
	s := text.OneLine(strings.Join(strings.Fields(fmt.Sprint(e.Message)), " "))
	if len(s) > maxDetail {
		s = strings.ToValidUTF8(s[:maxDetail], "") + "…"
	}
	return s
}

// CallQuery asks for one page of calls (GET /call).
type CallQuery struct {
	AssistantID string
	CreatedAtGt time.Time // calls created after
	CreatedAtLt string    // and before (Vapi's createdAt as it wrote it); "" for none
	Limit       int       // 0: Vapi's default
}

// ListCalls is one page of GET /call: Vapi's Call objects, newest first,
// each as it came (package voice reads them).
func (c *Client) ListCalls(ctx context.Context, q CallQuery) ([]json.RawMessage, error) {
	v := url.Values{}
	v.Set("assistantId", q.AssistantID)
	v.Set("createdAtGt", q.CreatedAtGt.UTC().Format(time.RFC3339Nano))
	if q.Limit > 0 {
		v.Set("limit", strconv.Itoa(q.Limit))
	}
	if q.CreatedAtLt != "" {
		v.Set("createdAtLt", q.CreatedAtLt)
	}
	raw, err := c.do(ctx, "list calls", http.MethodGet, "/call?"+v.Encode(), nil, maxList)
	if err != nil {
		return nil, err
	}
	var page []json.RawMessage
	if err := json.Unmarshal(raw, &page); err != nil {
		return nil, &Error{Op: "list calls", Detail: "the answer is not a list of calls"}
	}
	return page, nil
}

// DeleteCall deletes a call with its recording and transcript at Vapi
// (DELETE /call/{id}). A call Vapi no longer has (404) counts as deleted.
func (c *Client) DeleteCall(ctx context.Context, vapiCallID string) error {
	_, err := c.do(ctx, "delete call", http.MethodDelete, "/call/"+url.PathEscape(vapiCallID), nil, maxObject)
	var e *Error
	if errors.As(err, &e) && e.Status == http.StatusNotFound {
		return nil
	}
	return err
}

// GetAssistant is GET /assistant/{id}.
func (c *Client) GetAssistant(ctx context.Context, id string) (map[string]any, error) {
	return c.assistant(ctx, "get assistant", http.MethodGet, id, nil)
}

// PatchAssistant is PATCH /assistant/{id} with body.
func (c *Client) PatchAssistant(ctx context.Context, id string, body map[string]any) error {
	_, err := c.assistant(ctx, "update assistant", http.MethodPatch, id, body)
	return err
}

// assistant sends a request about assistant id; Vapi answers the assistant.
func (c *Client) assistant(ctx context.Context, op, method, id string, body any) (map[string]any, error) {
	raw, err := c.do(ctx, op, method, "/assistant/"+url.PathEscape(id), body, maxObject)
	if err != nil {
		return nil, err
	}
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil || out == nil {
		return nil, &Error{Op: op, Detail: "the answer is not a JSON object"}
	}
	return out, nil
}
