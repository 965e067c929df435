package voice

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/belwise/site/internal/store"
)

// Client reads calls from Vapi's API with the account's private key. It
// lives only in the server: the key never reaches a browser, and is never
// written to a log or an error.
type Client struct {
	BaseURL string // https://api.vapi.ai
	Key     string // the private API key
	HTTP    *http.Client
}

// listPageSize is how many calls one GET /call asks for.
const listPageSize = 100

// maxListPages bounds one ListCalls: 1,000 calls per assistant per run.
const maxListPages = 10

// ListCalls returns the assistant's calls created after since, as Vapi's
// list-calls API (GET /call?assistantId=&createdAtGt=&limit=) reports
// them, newest first. An ended call counts as a complete report.
func (c *Client) ListCalls(ctx context.Context, assistantID string, since time.Time) ([]store.CallReport, error) {
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	var out []store.CallReport
	before := ""
	for range maxListPages {
		q := url.Values{}
		q.Set("assistantId", assistantID)
		q.Set("createdAtGt", since.UTC().Format(time.RFC3339Nano))
		q.Set("limit", strconv.Itoa(listPageSize))
		if before != "" {
			q.Set("createdAtLt", before)
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(c.BaseURL, "/")+"/call?"+q.Encode(), nil)
		if err != nil {
			return nil, fmt.Errorf("vapi: list calls: %w", err)
		}
		req.Header.Set("Authorization", "Bearer "+c.Key)
		req.Header.Set("Accept", "application/json")
		res, err := hc.Do(req)
		if err != nil {
			return nil, fmt.Errorf("vapi: list calls: %w", err)
		}
		body, err := io.ReadAll(io.LimitReader(res.Body, 32<<20))
		res.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("vapi: list calls: %w", err)
		}
		if res.StatusCode != http.StatusOK {
			return nil, fmt.Errorf("vapi: list calls: HTTP %d", res.StatusCode)
		}
		var page []vapiCall
		if err := json.Unmarshal(body, &page); err != nil {
			return nil, fmt.Errorf("vapi: list calls: the answer is not a list of calls: %w", err)
		}
		oldest := ""
		for _, vc := range page {
			if strings.TrimSpace(vc.ID) == "" {
				continue
			}
			r, err := vc.report()
			if err != nil {
				// One call Vapi reports oddly (a recording that is not
				// https, say) does not hold up the others.
				continue
			}
			r.Report = r.Status == store.StatusEnded
			if r.AssistantID == "" {
				r.AssistantID = assistantID
			}
			out = append(out, r)
			if vc.CreatedAt != "" && (oldest == "" || vc.CreatedAt < oldest) {
				oldest = vc.CreatedAt
			}
		}
		if len(page) < listPageSize || oldest == "" || oldest == before {
			break
		}
		before = oldest
	}
	return out, nil
}

// DeleteCall deletes a call and its recording and transcript at Vapi
// (DELETE /call/{id}). A call Vapi no longer has (404) counts as deleted.
func (c *Client) DeleteCall(ctx context.Context, vapiCallID string) error {
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, strings.TrimSuffix(c.BaseURL, "/")+"/call/"+url.PathEscape(vapiCallID), nil)
	if err != nil {
		return fmt.Errorf("vapi: delete call: %w", err)
	}
	req.Header.Set("Authorization", "Bearer "+c.Key)
	req.Header.Set("Accept", "application/json")
	res, err := hc.Do(req)
	if err != nil {
		return fmt.Errorf("vapi: delete call: %w", err)
	}
	io.Copy(io.Discard, io.LimitReader(res.Body, 1<<20))
	res.Body.Close()
	if res.StatusCode/100 == 2 || res.StatusCode == http.StatusNotFound {
		return nil
	}
	return fmt.Errorf("vapi: delete call: HTTP %d", res.StatusCode)
}
