package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// usage loads a call's usage line, failing the test when it has none.
func usage(t *testing.T, db *store.DB, vapiID string) store.UsageLine {
	t.Helper()
	l, err := db.UsageByVapiID(ctxT(t), vapiID)
	if err != nil {
		t.Fatalf("usage line of %s: %v", vapiID, err)
	}
	return l
}

func noUsage(t *testing.T, db *store.DB, vapiID string) {
	t.Helper()
	if l, err := db.UsageByVapiID(ctxT(t), vapiID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("usage line of %s = %+v, %v; want none", vapiID, l, err)
	}
}

func usageCount(t *testing.T, db *store.DB) int {
	t.Helper()
	var n int
	if err := db.SQL().QueryRowContext(ctxT(t), "SELECT count(*) FROM usage_lines").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func record(t *testing.T, db *store.DB, r store.CallReport, now time.Time) store.Call {
	t.Helper()
	c, err := db.RecordCall(ctxT(t), r, now, calls.Merge)
	if err != nil {
		t.Fatalf("RecordCall(%s): %v", r.VapiCallID, err)
	}
	return c
}

func TestUsageCost(t *testing.T) {
	for _, c := range []struct{ secs, rate, want int64 }{
		{0, 10, 0}, {120, 10, 20}, {3, 10, 1 /* 0.5 up */}, {2, 10, 0}, {95, 13, 21}, {61, 13, 13}, {60, 0, 0},
	} {
		if got := store.UsageCost(c.secs, c.rate); got != c.want {
			t.Errorf("UsageCost(%d, %d) = %d, want %d", c.secs, c.rate, got, c.want)
		}
	}
}

// A month stays open until it has ended in Amsterdam: on 10 March a call of
// 1 March 00:30 there (28 February 23:30 UTC) can still be corrected, one
// of 28 February 23:59 there cannot.
func TestUsageOpenFrom(t *testing.T) {
	ams, _ := time.LoadLocation("Europe/Amsterdam")
	now := time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC)
	want := time.Date(2025, 2, 28, 23, 0, 0, 0, time.UTC)
	if got := store.UsageOpenFrom(now); !got.Equal(want) {
		t.Fatalf("UsageOpenFrom(%v) = %v, want %v", now, got, want)
	}
	// Just before midnight in Amsterdam on the last day, the month is still open.
	if got := store.UsageOpenFrom(time.Date(2025, 3, 31, 23, 59, 0, 0, ams)); !got.Equal(want) {
		t.Fatalf("on 31 March 23:59 in Amsterdam: %v", got)
	}
	if got := store.UsageOpenFrom(time.Date(2025, 4, 1, 0, 0, 0, 0, ams)); !got.Equal(time.Date(2025, 3, 31, 22, 0, 0, 0, time.UTC)) {
		t.Fatalf("on 1 April in Amsterdam: %v", got)
	}
}

// One line per call, whatever Vapi repeats: the same report three times,
// a status update after the report, and status updates before it.
func TestUsageLineOncePerCall(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		putAgents(t, db, testAgents)
		o := orderFor(t, db, assistantA)
		r := report("once", assistantA, t0)
		for i := range 3 {
			record(t, db, r, t0.Add(time.Duration(i)*time.Minute))
		}
		l := usage(t, db, "once")
		if l.OrderID != o.ID || l.Seconds != 120 || l.PerMinuteCents != 10 || l.Currency != "EUR" || l.CostCents != 20 ||
			l.Outcome != store.OutcomeAnswered || l.Direction != store.CallInbound || l.CallDeleted {
			t.Fatalf("line = %+v", l)
		}
		sameTime(t, "StartedAt", l.StartedAt, t0)
		sameTime(t, "CreatedAt", l.CreatedAt, t0)
		sameTime(t, "UpdatedAt", l.UpdatedAt, t0) // the repeats changed nothing
		// Late status updates change nothing.
		record(t, db, store.CallReport{VapiCallID: "once", AssistantID: assistantA, Status: "in-progress", CustomerNumber: "+3100000"}, t0.Add(time.Hour))
		if got := usage(t, db, "once"); got != l {
			t.Fatalf("a late status update changed the line: %+v", got)
		}

		// Out of order: no line while the call has not ended; the ended
		// status before its report makes a missed line that the report
		// then corrects.
		status := func(s, reason string) store.CallReport {
			return store.CallReport{VapiCallID: "ooo", AssistantID: assistantA, Status: s, EndedReason: reason, Type: store.CallOutbound, CreatedAt: tp(t0)}
		}
		record(t, db, status("ringing", ""), t0)
		record(t, db, status("in-progress", ""), t0)
		noUsage(t, db, "ooo")
		record(t, db, status("ended", "customer-ended-call"), t0)
		if l := usage(t, db, "ooo"); l.Seconds != 0 || l.Outcome != store.OutcomeMissed || l.CostCents != 0 || l.Direction != store.CallOutbound {
			t.Fatalf("line after the ended status = %+v", l)
		}
		full := report("ooo", assistantA, t0)
		full.Type, full.DurationSeconds = store.CallOutbound, 95
		record(t, db, full, t0.Add(time.Minute))
		record(t, db, status("in-progress", ""), t0.Add(2*time.Minute))
		if l := usage(t, db, "ooo"); l.Seconds != 95 || l.Outcome != store.OutcomeAnswered || l.CostCents != store.UsageCost(95, 10) {
			t.Fatalf("line after the report = %+v", l)
		}
		if n := usageCount(t, db); n != 2 {
			t.Fatalf("%d usage lines, want 2", n)
		}
		// A call no order claims has no line.
		record(t, db, report("stray", assistantB, t0), t0)
		noUsage(t, db, "stray")
	})
}

func TestUsageLineOnceConcurrently(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		putAgents(t, db, testAgents)
		orderFor(t, db, assistantA)
		var wg sync.WaitGroup
		errs := make(chan error, 8)
		start := make(chan struct{})
		for range 8 {
			wg.Go(func() {
				<-start
				_, err := db.RecordCall(context.Background(), report("together", assistantA, t0), t0, calls.Merge)
				errs <- err
			})
		}
		close(start)
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		if n := usageCount(t, db); n != 1 {
			t.Fatalf("%d usage lines, want 1", n)
		}
		if l := usage(t, db, "together"); l.Seconds != 120 || l.CostCents != 20 {
			t.Fatalf("line = %+v", l)
		}
	})
}

// A later report with another duration corrects the line while its month
// is open, at the line's own rate; once the month has ended it does not.
func TestUsageCorrection(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		putAgents(t, db, testAgents)
		o := orderFor(t, db, assistantA)
		record(t, db, report("open", assistantA, t0), t0)
		longer := report("open", assistantA, t0)
		longer.DurationSeconds = 185
		// The rate changes in between: the correction keeps the line's.
		rate := int64(30)
		o, _, err := db.SetOrderLink(ctx, o.ID, store.OrderLink{PerMinuteCents: &rate}, o.Version, "", t0)
		if err != nil {
			t.Fatal(err)
		}
		record(t, db, longer, t0.Add(time.Hour))
		l := usage(t, db, "open")
		if l.Seconds != 185 || l.PerMinuteCents != 10 || l.CostCents != 31 { // 185 × 10 / 60 = 30.83
			t.Fatalf("corrected line = %+v", l)
		}
		sameTime(t, "UpdatedAt", l.UpdatedAt, t0.Add(time.Hour))

		// A call of February, reported in February, corrected in March.
		feb := t0.AddDate(0, -1, 0)
		record(t, db, report("closed", assistantA, feb), feb.Add(time.Minute))
		before := usage(t, db, "closed")
		if before.PerMinuteCents != 30 || before.CostCents != 60 {
			t.Fatalf("February line = %+v", before)
		}
		late := report("closed", assistantA, feb)
		late.DurationSeconds = 10
		c := record(t, db, late, t0)
		if c.DurationSeconds != 10 {
			t.Fatalf("the call itself takes the report: %+v", c)
		}
		if l := usage(t, db, "closed"); l != before {
			t.Fatalf("a closed month's line changed: %+v, was %+v", l, before)
		}
		// On the last evening of February in Amsterdam it was still open.
		lastEvening := time.Date(2025, 2, 28, 22, 59, 0, 0, time.UTC)
		record(t, db, late, lastEvening)
		if l := usage(t, db, "closed"); l.Seconds != 10 || l.CostCents != 5 {
			t.Fatalf("line corrected on the month's last evening = %+v", l)
		}
	})
}

// A buyer's delete erases the call's content, the caller's number with
// it, for good; its usage line stays, and a report that arrives later
// still corrects it: a delete never shrinks the usage.
func TestUsageSurvivesDelete(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		putAgents(t, db, testAgents)
		o := orderFor(t, db, assistantA)
		c := record(t, db, report("del", assistantA, t0), t0)
		before := usage(t, db, "del")
		if err := db.DeleteCall(ctx, o.ID, c.ID, t0.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		gone, err := db.CallByVapiID(ctx, "del")
		if err != nil || !gone.Deleted || gone.CustomerNumber != "" || gone.Summary != "" || gone.SuccessEval != "" ||
			len(gone.Transcript) != 0 || gone.RecordingURL != "" || gone.OrderID != "" {
			t.Fatalf("deleted call = %+v, %v", gone, err)
		}
		l := usage(t, db, "del")
		if !l.CallDeleted || l.OrderID != o.ID || l.Seconds != before.Seconds || l.CostCents != before.CostCents || l.Outcome != before.Outcome {
			t.Fatalf("line after delete = %+v, before %+v", l, before)
		}
		tot, err := db.OrderUsageTotals(ctx, o.ID, t0.Add(-time.Hour), t0.Add(time.Hour))
		if err != nil || tot != (store.UsageTotals{Calls: 1, Seconds: 120, CostCents: 20, DeletedCalls: 1}) {
			t.Fatalf("totals = %+v, %v", tot, err)
		}
		// The retried report brings no content back.
		record(t, db, report("del", assistantA, t0), t0.Add(2*time.Minute))
		if again, _ := db.CallByVapiID(ctx, "del"); again.CustomerNumber != "" || again.Summary != "" || len(again.Transcript) != 0 {
			t.Fatalf("a retried report restored content: %+v", again)
		}
		if got := usage(t, db, "del"); got.Seconds != 120 || !got.CallDeleted {
			t.Fatalf("line after the retried report = %+v", got)
		}

		// Deleted between the ended status (nobody answered, 0 s) and the
		// report (3 minutes): the line takes the report's minutes.
		early := record(t, db, store.CallReport{VapiCallID: "quick", AssistantID: assistantA, Status: "ended", CreatedAt: tp(t0)}, t0)
		if l := usage(t, db, "quick"); l.Seconds != 0 || l.Outcome != store.OutcomeMissed {
			t.Fatalf("line = %+v", l)
		}
		if err := db.DeleteCall(ctx, o.ID, early.ID, t0); err != nil {
			t.Fatal(err)
		}
		full := report("quick", assistantA, t0)
		full.DurationSeconds = 180
		record(t, db, full, t0.Add(time.Minute))
		if l := usage(t, db, "quick"); l.Seconds != 180 || l.CostCents != 30 || l.Outcome != store.OutcomeAnswered || !l.CallDeleted {
			t.Fatalf("line of a call deleted before its report = %+v", l)
		}
		if c, _ := db.CallByVapiID(ctx, "quick"); c.Summary != "" || c.CustomerNumber != "" || c.DurationSeconds != 0 {
			t.Fatalf("the report brought content back: %+v", c)
		}
	})
}

// The retention worker erases content and the caller's number, never a
// usage line.
func TestUsageSurvivesRetention(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		putAgents(t, db, testAgents)
		orderFor(t, db, assistantA)
		start := t0.Add(-91 * 24 * time.Hour)
		record(t, db, report("old", assistantA, start), start)
		record(t, db, report("new", assistantA, t0), t0)
		before := usage(t, db, "old")
		n, err := db.PurgeCallContent(ctx, t0.Add(-90*24*time.Hour), t0)
		if err != nil || n != 1 {
			t.Fatalf("PurgeCallContent = %d, %v", n, err)
		}
		c, _ := db.CallByVapiID(ctx, "old")
		if c.CustomerNumber != "" || c.Summary != "" || len(c.Transcript) != 0 || c.RecordingURL != "" || c.SuccessEval != "" || c.DurationSeconds != 120 {
			t.Fatalf("call after retention = %+v", c)
		}
		if c, _ := db.CallByVapiID(ctx, "new"); c.CustomerNumber == "" || c.Summary == "" {
			t.Fatalf("recent call lost content: %+v", c)
		}
		if l := usage(t, db, "old"); l != before {
			t.Fatalf("retention changed the line: %+v, was %+v", l, before)
		}
	})
}

// A new rate applies to later calls only.
func TestUsageRateChange(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		putAgents(t, db, testAgents)
		o := orderFor(t, db, assistantA)
		record(t, db, report("before", assistantA, t0), t0)
		rate := int64(25)
		if _, _, err := db.SetOrderLink(ctx, o.ID, store.OrderLink{PerMinuteCents: &rate}, o.Version, "", t0.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		record(t, db, report("after", assistantA, t0.Add(2*time.Minute)), t0.Add(5*time.Minute))
		if l := usage(t, db, "before"); l.PerMinuteCents != 10 || l.CostCents != 20 {
			t.Fatalf("earlier call = %+v", l)
		}
		if l := usage(t, db, "after"); l.PerMinuteCents != 25 || l.CostCents != 50 {
			t.Fatalf("later call = %+v", l)
		}
		tot, err := db.OrderUsageTotals(ctx, o.ID, time.Time{}, t0.Add(time.Hour))
		if err != nil || tot.CostCents != 70 || tot.Calls != 2 || tot.Seconds != 240 {
			t.Fatalf("totals = %+v, %v", tot, err)
		}
	})
}

// Linking an assistant gives its unassigned ended calls lines at the
// order's rate then; unlinking takes back the lines of the open month with
// the calls and leaves a closed month's lines, and those of calls the buyer
// deleted, with the order.
func TestUsageLinkAndUnlink(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		putAgents(t, db, testAgents)
		o := orderFor(t, db, "")
		feb := t0.AddDate(0, -1, 0)
		record(t, db, report("b-feb", assistantB, feb), feb)
		record(t, db, report("b-mar", assistantB, t0), t0)
		record(t, db, report("b-del", assistantB, t0), t0)
		record(t, db, store.CallReport{VapiCallID: "b-live", AssistantID: assistantB, Status: "in-progress"}, t0)
		if n := usageCount(t, db); n != 0 {
			t.Fatalf("%d lines for unassigned calls", n)
		}
		b, rate := assistantB, int64(40)
		o, _, err := db.SetOrderLink(ctx, o.ID, store.OrderLink{AssistantID: &b, PerMinuteCents: &rate}, o.Version, "", t0)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"b-feb", "b-mar", "b-del"} {
			if l := usage(t, db, id); l.OrderID != o.ID || l.PerMinuteCents != 40 || l.CostCents != 80 {
				t.Fatalf("%s: line = %+v", id, l)
			}
		}
		noUsage(t, db, "b-live")
		// The live call ends: its line too.
		record(t, db, report("b-live", assistantB, t0), t0)
		usage(t, db, "b-live")
		del, _ := db.CallByVapiID(ctx, "b-del")
		if err := db.DeleteCall(ctx, o.ID, del.ID, t0); err != nil {
			t.Fatal(err)
		}

		empty := ""
		o, _, err = db.SetOrderLink(ctx, o.ID, store.OrderLink{AssistantID: &empty}, o.Version, "", t0.Add(time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		noUsage(t, db, "b-mar")
		noUsage(t, db, "b-live")
		if l := usage(t, db, "b-feb"); l.OrderID != o.ID {
			t.Fatalf("closed month's line = %+v", l)
		}
		if l := usage(t, db, "b-del"); l.OrderID != o.ID || !l.CallDeleted {
			t.Fatalf("deleted call's line = %+v", l)
		}

		// Linked to another order, the open month's calls are billed there.
		other := orderFor(t, db, "")
		if _, _, err := db.SetOrderLink(ctx, other.ID, store.OrderLink{AssistantID: &b}, other.Version, "", t0.Add(2*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if l := usage(t, db, "b-mar"); l.OrderID != other.ID || l.PerMinuteCents != 10 {
			t.Fatalf("re-linked call's line = %+v", l)
		}
		if l := usage(t, db, "b-feb"); l.OrderID != o.ID || l.PerMinuteCents != 40 {
			t.Fatalf("closed month's line moved: %+v", l)
		}
	})
}

// ImportCalls, the benchmarks' bulk path, writes the lines RecordCall would.
func TestUsageImported(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		putAgents(t, db, testAgents)
		o := orderFor(t, db, assistantA)
		reports := []store.CallReport{report("i-1", assistantA, t0), report("i-2", assistantB, t0),
			{VapiCallID: "i-3", AssistantID: assistantA, Status: "in-progress"}}
		for range 2 {
			if err := db.ImportCalls(ctx, reports, t0, calls.Merge); err != nil {
				t.Fatal(err)
			}
		}
		if l := usage(t, db, "i-1"); l.OrderID != o.ID || l.CostCents != 20 {
			t.Fatalf("line = %+v", l)
		}
		noUsage(t, db, "i-2")
		noUsage(t, db, "i-3")
	})
}
