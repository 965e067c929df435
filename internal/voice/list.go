package voice

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/vapiapi"
)

// listPageSize is how many calls one GET /call asks for.
const listPageSize = 100

// maxListPages bounds one ListCalls: 1,000 calls per assistant per run.
const maxListPages = 10

// ListCalls returns the assistant's calls created after since, as Vapi's
// list-calls API (GET /call?assistantId=&createdAtGt=&limit=) reports
// them, newest first, read as the webhook's reports are. An ended call
// counts as a complete report.
func ListCalls(ctx context.Context, api *vapiapi.Client, assistantID string, since time.Time) ([]store.CallReport, error) {
	var out []store.CallReport
	before := ""
	for range maxListPages {
		page, err := api.ListCalls(ctx, vapiapi.CallQuery{AssistantID: assistantID, CreatedAtGt: since, CreatedAtLt: before, Limit: listPageSize})
		if err != nil {
			return nil, err
		}
		oldest := ""
		for _, raw := range page {
			var vc vapiCall
			if json.Unmarshal(raw, &vc) != nil || strings.TrimSpace(vc.ID) == "" {
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
