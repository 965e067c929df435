package store_test

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

const (
	assistantA = "a0000000-0000-4000-8000-00000000000a"
	assistantB = "a0000000-0000-4000-8000-00000000000b"
)

func tp(t time.Time) *time.Time { return &t }

// report is a complete end-of-call report of a 2-minute answered call.
func report(id, assistant string, start time.Time) store.CallReport {
	return store.CallReport{VapiCallID: id, AssistantID: assistant, Type: store.CallInbound, CustomerNumber: "+31612345678",
		StartedAt: tp(start), EndedAt: tp(start.Add(2 * time.Minute)), DurationSeconds: 120, EndedReason: "customer-ended-call",
		Cost: 0.21, Summary: "Booked a cleaning for Tuesday.", SuccessEval: "true",
		Transcript:   []store.TranscriptLine{{Role: "agent", Text: "Hello", SecondsFromStart: 0.5}, {Role: "caller", Text: "Hi", SecondsFromStart: 2}},
		RecordingURL: "https://storage.vapi.ai/rec-" + id + ".wav", Report: true}
}

// orderFor makes a completed order for a new buyer; link links it to assistant.
func orderFor(t *testing.T, db *store.DB, assistant string) store.Order {
	t.Helper()
	ctx := ctxT(t)
	u := mkUser(t, db, "")
	if err := db.CreateOrders(ctx, []store.NewOrder{{BuyerID: u.ID, AgentID: testAgents[0].ID, Status: "completed", AmountCents: 100, CreatedAt: t0}}); err != nil {
		t.Fatal(err)
	}
	os, err := db.OrdersByBuyer(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	o := os[0]
	if assistant != "" {
		o, _, err = db.SetOrderLink(ctx, o.ID, store.OrderLink{AssistantID: &assistant}, o.Version, "", t0)
		if err != nil {
			t.Fatal(err)
		}
	}
	return o
}

func TestCallStoredOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		putAgents(t, db, testAgents)
		o := orderFor(t, db, assistantA)
		r := report("call-1", assistantA, t0)
		var first store.Call
		for i := range 3 {
			c, err := db.RecordCall(ctx, r, t0.Add(time.Duration(i)*time.Minute), calls.Merge)
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				first = c
			} else if c.ID != first.ID {
				t.Fatalf("report %d stored as call %d, first as %d", i, c.ID, first.ID)
			}
		}
		calls, next, err := db.OrderCalls(ctx, o.ID, store.Page{})
		if err != nil || next != "" || len(calls) != 1 {
			t.Fatalf("OrderCalls = %d calls, %q, %v; want 1", len(calls), next, err)
		}
		c := calls[0]
		if c.OrderID != o.ID || c.Outcome != store.OutcomeAnswered || c.Status != store.StatusEnded || c.DurationSeconds != 120 ||
			c.Summary != r.Summary || c.RecordingURL != r.RecordingURL || !reflect.DeepEqual(c.Transcript, r.Transcript) ||
			c.CustomerNumber != "+31612345678" || c.Type != store.CallInbound || c.Cost != 0.21 || c.SuccessEval != "true" {
			t.Fatalf("stored call = %+v", c)
		}
		sameTime(t, "StartedAt", c.StartedAt, t0)
		sameTime(t, "EndedAt", *c.EndedAt, t0.Add(2*time.Minute))
		all, _, err := db.Calls(ctx, store.CallQuery{})
		if err != nil || len(all) != 1 || all[0].BuyerEmail == "" {
			t.Fatalf("Calls = %+v, %v", all, err)
		}
	})
}

func TestCallStatusNeverRegresses(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		putAgents(t, db, testAgents)
		o := orderFor(t, db, assistantA)
		status := func(s string) store.CallReport {
			return store.CallReport{VapiCallID: "call-2", AssistantID: assistantA, Status: s, Type: store.CallOutbound, CreatedAt: tp(t0.Add(-time.Minute))}
		}
		step := func(r store.CallReport, wantStatus, wantOutcome string) store.Call {
			t.Helper()
			c, err := db.RecordCall(ctx, r, t0, calls.Merge)
			if err != nil {
				t.Fatal(err)
			}
			if c.Status != wantStatus || c.Outcome != wantOutcome {
				t.Fatalf("after %q (report %v): status %q outcome %q, want %q %q", r.Status, r.Report, c.Status, c.Outcome, wantStatus, wantOutcome)
			}
			return c
		}
		step(status("in-progress"), "in-progress", store.OutcomePending)
		// Late: queued and ringing arrive after in-progress.
		step(status("queued"), "in-progress", store.OutcomePending)
		step(status("ringing"), "in-progress", store.OutcomePending)
		// Pending calls are not the buyer's yet.
		if calls, _, _ := db.OrderCalls(ctx, o.ID, store.Page{}); len(calls) != 0 {
			t.Fatalf("pending call listed to the buyer: %+v", calls)
		}
		r := report("call-2", assistantA, t0)
		r.Type = store.CallOutbound
		step(r, "ended", store.OutcomeAnswered)
		// A status update after the report changes nothing it told.
		late := status("in-progress")
		late.CustomerNumber, late.EndedReason = "+3100000", "customer-busy"
		c := step(late, "ended", store.OutcomeAnswered)
		if c.CustomerNumber != "+31612345678" || c.EndedReason != "customer-ended-call" || c.Summary == "" {
			t.Fatalf("late status update overwrote the report: %+v", c)
		}
		sameTime(t, "StartedAt", c.StartedAt, t0)

		// A later complete account without times (the list-calls API) keeps
		// the duration and cost it does not know.
		again := store.CallReport{VapiCallID: "call-2", AssistantID: assistantA, Status: "ended", Report: true}
		c = step(again, "ended", store.OutcomeAnswered)
		if c.DurationSeconds != 120 || c.Cost != 0.21 || c.Summary == "" || len(c.Transcript) != 2 {
			t.Fatalf("a report without times erased what was known: %+v", c)
		}

		// The ended status before its report: missed until the report says otherwise.
		ended := store.CallReport{VapiCallID: "call-3", AssistantID: assistantA, Status: "ended", EndedReason: "customer-did-not-answer"}
		step(ended, "ended", store.OutcomeMissed)
		step(status("ringing"), "ended", store.OutcomeAnswered) // call-2 again: unchanged
	})
}

func TestCallUnassignedThenLinked(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		putAgents(t, db, testAgents)
		o := orderFor(t, db, "")
		other := orderFor(t, db, assistantA)
		for i := range 3 {
			if _, err := db.RecordCall(ctx, report(fmt.Sprintf("u-%d", i), assistantB, t0.Add(time.Duration(i)*time.Hour)), t0, calls.Merge); err != nil {
				t.Fatal(err)
			}
		}
		f := false
		un, _, err := db.Calls(ctx, store.CallQuery{Assigned: &f})
		if err != nil || len(un) != 3 || un[0].OrderID != "" || un[0].VapiCallID != "u-2" {
			t.Fatalf("unassigned = %+v, %v", un, err)
		}
		// Another order already claims A.
		a := assistantA
		_, _, err = db.SetOrderLink(ctx, o.ID, store.OrderLink{AssistantID: &a}, o.Version, "", t0)
		wantErr(t, "assistant taken", err, store.ErrConflict)
		b, rate := assistantB, int64(25)
		_, _, err = db.SetOrderLink(ctx, o.ID, store.OrderLink{AssistantID: &b}, o.Version+1, "", t0)
		wantErr(t, "stale version", err, store.ErrStale)
		got, changed, err := db.SetOrderLink(ctx, o.ID, store.OrderLink{AssistantID: &b, PerMinuteCents: &rate}, o.Version, "", t0)
		if err != nil || !changed || got.AssistantID != assistantB || got.PerMinuteCents != 25 || got.Version != o.Version+1 {
			t.Fatalf("SetOrderLink = %+v, %v, %v", got, changed, err)
		}
		mine, _, err := db.OrderCalls(ctx, o.ID, store.Page{})
		if err != nil || len(mine) != 3 {
			t.Fatalf("linked order has %d calls, %v", len(mine), err)
		}
		if un, _, _ := db.Calls(ctx, store.CallQuery{Assigned: &f}); len(un) != 0 {
			t.Fatalf("still unassigned: %d", len(un))
		}
		// New reports for B go straight to the order; A's to the other.
		if c, _ := db.RecordCall(ctx, report("new-b", assistantB, t0), t0, calls.Merge); c.OrderID != o.ID {
			t.Fatalf("new B call order = %q", c.OrderID)
		}
		if c, _ := db.RecordCall(ctx, report("new-a", assistantA, t0), t0, calls.Merge); c.OrderID != other.ID {
			t.Fatalf("new A call order = %q", c.OrderID)
		}
		// Unlinking returns the calls to the unassigned.
		empty := ""
		if _, _, err := db.SetOrderLink(ctx, o.ID, store.OrderLink{AssistantID: &empty}, got.Version, "", t0); err != nil {
			t.Fatal(err)
		}
		if un, _, _ := db.Calls(ctx, store.CallQuery{Assigned: &f}); len(un) != 4 {
			t.Fatalf("after unlinking, %d unassigned, want 4", len(un))
		}
		hist, err := db.History(ctx, store.EntityOrder, o.ID, store.FieldAssistantID)
		if err != nil || len(hist) != 2 || *hist[0].To != assistantB || *hist[1].To != "" {
			t.Fatalf("history = %+v, %v", hist, err)
		}
	})
}

func TestCallRetentionAndDelete(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		putAgents(t, db, testAgents)
		o := orderFor(t, db, assistantA)
		now := t0
		old, err := db.RecordCall(ctx, report("old", assistantA, now.Add(-91*24*time.Hour)), now, calls.Merge)
		if err != nil {
			t.Fatal(err)
		}
		recent, err := db.RecordCall(ctx, report("recent", assistantA, now.Add(-89*24*time.Hour)), now, calls.Merge)
		if err != nil {
			t.Fatal(err)
		}
		n, err := db.PurgeCallContent(ctx, now.Add(-90*24*time.Hour), now)
		if err != nil || n != 1 {
			t.Fatalf("PurgeCallContent = %d, %v; want 1", n, err)
		}
		if n, _ := db.PurgeCallContent(ctx, now.Add(-90*24*time.Hour), now); n != 0 {
			t.Fatalf("second purge touched %d calls", n)
		}
		c, err := db.OrderCall(ctx, o.ID, old.ID)
		if err != nil || c.Summary != "" || c.SuccessEval != "" || len(c.Transcript) != 0 || c.RecordingURL != "" || c.DurationSeconds != 120 || c.Outcome != store.OutcomeAnswered {
			t.Fatalf("old call after retention = %+v, %v", c, err)
		}
		if c, _ := db.OrderCall(ctx, o.ID, recent.ID); c.Summary == "" || len(c.Transcript) != 2 || c.RecordingURL == "" {
			t.Fatalf("recent call lost content: %+v", c)
		}

		// Delete: gone for the buyer, and a retried report does not bring it back.
		other := orderFor(t, db, "")
		wantErr(t, "delete from another order", db.DeleteCall(ctx, other.ID, recent.ID, now), store.ErrNotFound)
		wantErr(t, "delete", db.DeleteCall(ctx, o.ID, recent.ID, now), nil)
		wantErr(t, "delete twice", db.DeleteCall(ctx, o.ID, recent.ID, now), store.ErrNotFound)
		_, err = db.OrderCall(ctx, o.ID, recent.ID)
		wantErr(t, "deleted call", err, store.ErrNotFound)
		if _, err := db.RecordCall(ctx, report("recent", assistantA, now.Add(-89*24*time.Hour)), now, calls.Merge); err != nil {
			t.Fatal(err)
		}
		calls, _, _ := db.OrderCalls(ctx, o.ID, store.Page{})
		if len(calls) != 1 || calls[0].ID != old.ID {
			t.Fatalf("after delete and retried report: %+v", calls)
		}
		if all, _, _ := db.Calls(ctx, store.CallQuery{}); len(all) != 1 {
			t.Fatalf("console lists %d calls, want 1", len(all))
		}
	})
}

func TestCallPagesAndPoints(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		putAgents(t, db, testAgents)
		o := orderFor(t, db, assistantA)
		// 7 calls, two pairs sharing a start time.
		starts := []time.Duration{0, -time.Hour, -time.Hour, -2 * time.Hour, -3 * time.Hour, -3 * time.Hour, -40 * 24 * time.Hour}
		for i, d := range starts {
			r := report(fmt.Sprintf("p-%d", i), assistantA, t0.Add(d))
			if i == 2 {
				r.EndedReason, r.DurationSeconds = "customer-did-not-answer", 0
			}
			if _, err := db.RecordCall(ctx, r, t0, calls.Merge); err != nil {
				t.Fatal(err)
			}
		}
		var seen []int64
		p := store.Page{Limit: 2}
		for pages := 0; ; pages++ {
			calls, next, err := db.OrderCalls(ctx, o.ID, p)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range calls {
				seen = append(seen, c.ID)
			}
			if next == "" {
				break
			}
			p.Cursor = next
			if pages > 10 {
				t.Fatal("pages never end")
			}
		}
		if len(seen) != 7 {
			t.Fatalf("paged through %d calls, want 7: %v", len(seen), seen)
		}
		for i := 1; i < len(seen); i++ {
			if seen[i] == seen[i-1] {
				t.Fatalf("call %d listed twice", seen[i])
			}
		}
		_, _, err := db.OrderCalls(ctx, o.ID, store.Page{Cursor: "nonsense"})
		if !errors.Is(err, store.ErrBadCursor) {
			t.Fatalf("bad cursor: %v", err)
		}
		pts, err := db.OrderUsage(ctx, o.ID, t0.Add(-30*24*time.Hour), t0.Add(time.Second))
		if err != nil || len(pts) != 6 {
			t.Fatalf("points = %+v, %v", pts, err)
		}
		missed := 0
		for _, p := range pts {
			if p.Outcome == store.OutcomeMissed {
				missed++
			}
		}
		if missed != 1 {
			t.Fatalf("missed = %d", missed)
		}
	})
}

func TestCallStoredOnceConcurrently(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		putAgents(t, db, testAgents)
		orderFor(t, db, assistantA)
		errs := make(chan error, 10)
		for i := range 10 {
			go func() {
				r := report("race", assistantA, t0)
				if i%2 == 1 {
					r = store.CallReport{VapiCallID: "race", AssistantID: assistantA, Status: "ringing"}
				}
				_, err := db.RecordCall(ctx, r, t0, calls.Merge)
				errs <- err
			}()
		}
		for range 10 {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
		var n int
		if err := db.SQL().QueryRowContext(ctx, "SELECT count(*) FROM calls").Scan(&n); err != nil || n != 1 {
			t.Fatalf("%d calls, %v", n, err)
		}
		c, err := db.CallByVapiID(ctx, "race")
		if err != nil || c.Status != store.StatusEnded || c.Outcome != store.OutcomeAnswered || c.Summary == "" {
			t.Fatalf("call = %+v, %v", c, err)
		}
	})
}
