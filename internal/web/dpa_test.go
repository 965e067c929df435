package web

import (
	"strings"
	"testing"

	"github.com/belwise/site/internal/dpa"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// A buyer reads the agreement in their language, accepts the current
// version (a stale one is refused), and downloads a PDF; staff have none.
func TestDPAAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		ann := e.signUpVerified("Ann", "ann@example.com", "ann password")
		type state struct {
			Agreement struct {
				Version  int
				Lang     string
				Title    string
				Sections []struct {
					ID         string
					Paragraphs []string
				}
				SubProcessors []struct{ Name string }
			}
			Version  int
			Accepted *struct {
				Version int
				Name    string
			}
		}
		got := decode[state](t, e.call("GET", "/api/dpa?lang=nl", nil, ann), 200)
		if got.Accepted != nil || got.Agreement.Lang != "nl" || got.Agreement.Title != "Verwerkersovereenkomst" ||
			got.Version != dpa.Version || len(got.Agreement.SubProcessors) != len(dpa.SubProcessors) || len(got.Agreement.Sections) < 8 {
			t.Fatalf("before accepting: %+v", got)
		}
		expectError(t, e.call("POST", "/api/dpa/accept", map[string]any{"version": dpa.Version + 1}, ann), 409, "dpa_version", "version")
		got = decode[state](t, e.call("POST", "/api/dpa/accept?lang=en", map[string]any{"version": dpa.Version}, ann), 200)
		if got.Accepted == nil || got.Accepted.Version != dpa.Version || got.Accepted.Name != "Ann" || got.Agreement.Lang != "en" {
			t.Fatalf("after accepting: %+v", got)
		}
		rec := e.call("GET", "/api/dpa.pdf?lang=nl", nil, ann)
		if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/pdf" || !strings.HasPrefix(rec.Body.String(), "%PDF-") ||
			!strings.Contains(rec.Header().Get("Content-Disposition"), "verwerkersovereenkomst-v1.pdf") {
			t.Fatalf("PDF: %d %v", rec.Code, rec.Header())
		}
		staff := e.staffCookie("Olga", "olga@example.com")
		expectError(t, e.call("GET", "/api/dpa", nil, staff), 403, "buyer_only", "")
	})
}
