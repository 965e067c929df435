package store_test

import (
	"slices"
	"testing"
	"time"

	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// searchCalls stores calls for a search: each report's Vapi id is its name.
func searchCalls(t *testing.T, db *store.DB, reports ...store.CallReport) {
	t.Helper()
	for _, r := range reports {
		if _, err := db.RecordCall(ctxT(t), r, t0, calls.Merge); err != nil {
			t.Fatal(err)
		}
	}
}

// vapiIDs lists the Vapi ids of every call q selects, page after page.
func vapiIDs(t *testing.T, db *store.DB, q store.CallQuery) []string {
	t.Helper()
	var out []string
	for range 100 {
		rows, next, err := db.Calls(ctxT(t), q)
		if err != nil {
			t.Fatalf("Calls(%+v): %v", q, err)
		}
		for _, c := range rows {
			out = append(out, c.VapiCallID)
		}
		if next == "" {
			return out
		}
		q.Cursor = next
	}
	t.Fatal("endless pages")
	return nil
}

func same(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	if got == nil {
		got = []string{}
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s = %q, want %q", what, got, want)
	}
}

// Both ways the store reads the matches (by id, or tested while the list's
// index is read; see ftsMatch) find the same calls.
func TestCallSearchDense(t *testing.T) {
	defer store.SetFTSSparse(1)()
	storetest.Each(t, testCallSearch)
}

func TestCallPagesDense(t *testing.T) {
	defer store.SetFTSSparse(1)()
	storetest.Each(t, testCallPages)
}

func TestCallSearch(t *testing.T) { storetest.Each(t, testCallSearch) }

func testCallSearch(t *testing.T, db *store.DB) {
	ctx := ctxT(t)
	putAgents(t, db, testAgents)
	o := orderFor(t, db, assistantA)
	dentist := report("dentist", assistantA, t0)
	dentist.Summary = "De beller wil twee afspraken verzetten."
	dentist.Transcript = []store.TranscriptLine{{Role: "agent", Text: "Goedemiddag, tandartspraktijk Zonneveld."},
		{Role: "caller", Text: "Ik bel over mijn vullingen."}}
	dentist.CustomerNumber = "+31612345678"
	plumber := report("plumber", assistantA, t0.Add(time.Minute))
	plumber.Summary = "Lekkage in de badkamer; loodgieter komt morgen."
	plumber.Transcript = []store.TranscriptLine{{Role: "caller", Text: "Er staat water onder het bad."}}
	plumber.CustomerNumber = "+32470123456"
	other := report("other", assistantB, t0.Add(2*time.Minute)) // unassigned: not the order's
	other.Summary = "Vullingen voor een andere praktijk."
	searchCalls(t, db, dentist, plumber, other)

	order := func(search string) []string {
		return vapiIDs(t, db, store.CallQuery{OrderID: o.ID, Ended: true, Search: search})
	}
	same(t, "a word of the transcript", order("Zonneveld"), "dentist")
	same(t, "a word of the summary", order("badkamer"), "plumber")
	same(t, "any case, accents folded", order("ZONNEVÉLD"), "dentist")
	same(t, "two words, both needed", order("water bad"), "plumber")
	same(t, "two words, one missing", order("water zonneveld"))
	same(t, "a word prefix", order("tandarts"), "dentist")
	same(t, "no such word", order("helicopter"))
	same(t, "punctuation only", order("?!"))
	same(t, "empty finds everything", order(""), "plumber", "dentist")
	same(t, "role names are not text", order("caller"))
	same(t, "another order's call", vapiIDs(t, db, store.CallQuery{Search: "vullingen"}), "other", "dentist")
	if !db.Embedded() {
		// Dutch stemming: an inflected form finds the call.
		same(t, "stemmed singular of afspraken", order("afspraak"), "dentist")
		same(t, "stemmed vulling", order("vulling"), "dentist")
	}

	// The caller's number, as people write it.
	for _, n := range []string{"+31612345678", "+31 6 12345678", "+31 6 1234 5678", "06 12345678", "06-1234 5678", "0612345678",
		"0031612345678", "(06) 1234 5678", "5678", "345678"} {
		same(t, "number "+n, order(n), "dentist")
	}
	same(t, "a Belgian number", order("+32 470 12 34 56"), "plumber")
	same(t, "a number of nobody", order("06 99999999"))

	// Erased content is no longer findable: the buyer's delete...
	calls1, _, err := db.Calls(ctx, store.CallQuery{OrderID: o.ID, Search: "badkamer"})
	if err != nil || len(calls1) != 1 {
		t.Fatalf("before delete: %v %v", calls1, err)
	}
	if err := db.DeleteCall(ctx, o.ID, calls1[0].ID, t0); err != nil {
		t.Fatal(err)
	}
	same(t, "deleted call's summary", vapiIDs(t, db, store.CallQuery{Search: "badkamer"}))
	same(t, "deleted call's transcript", vapiIDs(t, db, store.CallQuery{Search: "water"}))
	same(t, "deleted call's number", vapiIDs(t, db, store.CallQuery{Search: "+32470123456"}))
	// ...and a report of it that arrives later does not bring it back.
	searchCalls(t, db, plumber)
	same(t, "deleted call reported again", vapiIDs(t, db, store.CallQuery{Search: "badkamer"}))

	// ...and the retention worker.
	if _, err := db.PurgeCallContent(ctx, t0.Add(time.Hour), t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	same(t, "purged transcript", vapiIDs(t, db, store.CallQuery{Search: "zonneveld"}))
	same(t, "purged summary", vapiIDs(t, db, store.CallQuery{Search: "vullingen"}))
	same(t, "purged number", vapiIDs(t, db, store.CallQuery{Search: "0612345678"}))
	same(t, "the calls stay", vapiIDs(t, db, store.CallQuery{}), "other", "dentist")
}

func TestCallFilters(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		putAgents(t, db, testAgents)
		o := orderFor(t, db, assistantA)
		mk := func(id string, at time.Time, typ, eval string, seconds int) store.CallReport {
			r := report(id, assistantA, at)
			r.Type, r.SuccessEval, r.DurationSeconds = typ, eval, seconds
			return r
		}
		pending := report("pending", assistantA, t0.Add(5*time.Hour))
		pending.Report, pending.EndedAt, pending.Status = false, nil, "in-progress"
		searchCalls(t, db,
			mk("in-yes", t0, store.CallInbound, "true", 60),
			mk("out-no", t0.Add(time.Hour), store.CallOutbound, " FALSE ", 60),
			mk("web-missed", t0.Add(2*time.Hour), store.CallWeb, "", 0),
			mk("in-score", t0.Add(3*time.Hour), store.CallInbound, "8", 60),
			pending,
			func() store.CallReport {
				r := mk("unassigned", t0.Add(4*time.Hour), store.CallInbound, "true", 60)
				r.AssistantID = assistantB
				return r
			}(),
		)
		yes, no := true, false
		q := store.CallQuery{OrderID: o.ID, Ended: true}
		with := func(f func(*store.CallQuery)) store.CallQuery { c := q; f(&c); return c }
		same(t, "all ended", vapiIDs(t, db, q), "in-score", "web-missed", "out-no", "in-yes")
		same(t, "pending too", vapiIDs(t, db, store.CallQuery{OrderID: o.ID}), "pending", "in-score", "web-missed", "out-no", "in-yes")
		same(t, "outcome pending", vapiIDs(t, db, store.CallQuery{Outcome: store.OutcomePending}), "pending")
		same(t, "outcome missed", vapiIDs(t, db, with(func(c *store.CallQuery) { c.Outcome = store.OutcomeMissed })), "web-missed")
		same(t, "outcome answered", vapiIDs(t, db, with(func(c *store.CallQuery) { c.Outcome = store.OutcomeAnswered })), "in-score", "out-no", "in-yes")
		same(t, "inbound", vapiIDs(t, db, with(func(c *store.CallQuery) { c.Direction = store.CallInbound })), "in-score", "in-yes")
		same(t, "outbound", vapiIDs(t, db, with(func(c *store.CallQuery) { c.Direction = store.CallOutbound })), "out-no")
		same(t, "web", vapiIDs(t, db, with(func(c *store.CallQuery) { c.Direction = store.CallWeb })), "web-missed")
		same(t, "goal yes", vapiIDs(t, db, with(func(c *store.CallQuery) { c.Goal = &yes })), "in-yes")
		same(t, "goal no", vapiIDs(t, db, with(func(c *store.CallQuery) { c.Goal = &no })), "out-no")
		// [From, To): the boundaries, to the microsecond.
		same(t, "from is inclusive", vapiIDs(t, db, with(func(c *store.CallQuery) { c.From = t0.Add(time.Hour) })), "in-score", "web-missed", "out-no")
		same(t, "to is exclusive", vapiIDs(t, db, with(func(c *store.CallQuery) { c.To = t0.Add(time.Hour) })), "in-yes")
		same(t, "a microsecond later", vapiIDs(t, db, with(func(c *store.CallQuery) { c.To = t0.Add(time.Hour + time.Microsecond) })), "out-no", "in-yes")
		same(t, "filters together", vapiIDs(t, db, with(func(c *store.CallQuery) {
			c.Direction, c.Outcome, c.From, c.Search = store.CallInbound, store.OutcomeAnswered, t0.Add(time.Minute), "0612345678"
		})), "in-score")
		same(t, "assigned", vapiIDs(t, db, store.CallQuery{Assigned: &yes, Direction: store.CallInbound}), "pending", "in-score", "in-yes")
		same(t, "unassigned", vapiIDs(t, db, store.CallQuery{Assigned: &no}), "unassigned")
		same(t, "another order", vapiIDs(t, db, store.CallQuery{OrderID: "00000000-0000-4000-8000-000000000000"}))
		same(t, "not an order id", vapiIDs(t, db, store.CallQuery{OrderID: "nonsense"}))
	})
}

func TestCallPagesWithFilters(t *testing.T) { storetest.Each(t, testCallPages) }

func testCallPages(t *testing.T, db *store.DB) {
	putAgents(t, db, testAgents)
	o := orderFor(t, db, assistantA)
	var want []string
	for i := range 25 {
		r := report(string(rune('a'+i))+"-call", assistantA, t0.Add(time.Duration(i)*time.Minute))
		if i%2 == 0 {
			r.Summary = "Wants a callback about the invoice."
			want = append([]string{r.VapiCallID}, want...)
		}
		if i%4 == 0 {
			r.Type = store.CallOutbound
		}
		searchCalls(t, db, r)
	}
	q := store.CallQuery{OrderID: o.ID, Ended: true, Search: "invoice", Page: store.Page{Limit: 4}}
	same(t, "pages of a search", vapiIDs(t, db, q), want...)
	q.Direction = store.CallInbound
	var inbound []string
	for i, id := range want {
		if (len(want)-1-i)%2 == 1 { // every other even index is outbound
			inbound = append(inbound, id)
		}
	}
	same(t, "pages of a search and a filter", vapiIDs(t, db, q), inbound...)
}

func TestSearchNumber(t *testing.T) {
	for in, want := range map[string]string{"+31 6 1234 5678": "31612345678", "06-12345678": "31612345678", "0031 6 1234": "3161234",
		"(020) 123": "3120123", "5678": "5678", "+1 (415) 555-0123": "14155550123"} {
		if got, ok := store.SearchNumber(in); !ok || got != want {
			t.Errorf("SearchNumber(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"12", "afspraak 06", "06 1234 x", "", "+-"} {
		if got, ok := store.SearchNumber(in); ok {
			t.Errorf("SearchNumber(%q) = %q, want no number", in, got)
		}
	}
}
