package calls_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/calldata"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

var demoFields = []calldata.Field{
	{Name: "caller_name", Type: "text", LabelEn: "Caller's name", LabelNl: "Naam beller"},
	{Name: "callback_wanted", Type: "yes_no", LabelEn: "Callback wanted", LabelNl: "Terugbellen gewenst"},
	{Name: "reason", Type: "choice", LabelEn: "Reason", LabelNl: "Reden", Options: []string{"Booking", "Question"}},
	{Name: "people", Type: "number", LabelEn: "People", LabelNl: "Personen"},
}

// report posts an end-of-call report of call id with structured data, as
// the webhook does (through the service).
func report(t *testing.T, svc *calls.Service, id string, at time.Time, data map[string]any) store.Call {
	t.Helper()
	end := at.Add(time.Minute)
	c, err := svc.Record(context.Background(), store.CallReport{VapiCallID: id, AssistantID: assistant, Type: store.CallInbound,
		StartedAt: &at, EndedAt: &end, DurationSeconds: 60, EndedReason: "customer-ended-call", Summary: "s", Report: true, Data: data})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestCallData(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 3, 10, 10, 0, 0, 0, time.UTC)
		buyer, o := setup(t, db, 10)
		svc := calls.New(calls.Options{DB: db, Now: func() time.Time { return now }})
		// A call before any field is defined keeps its keys.
		report(t, svc, "early", now.Add(-3*time.Hour), map[string]any{"callback_wanted": "yes", "later": "x"})

		saved, err := svc.SetCallFields(ctx, "staff", o.ID, demoFields)
		if err != nil || len(saved) != 4 || saved[2].Options[1] != "Question" {
			t.Fatalf("set fields: %v %+v", err, saved)
		}
		if got, _ := svc.CallFields(ctx, o.ID); !reflect.DeepEqual(got, saved) {
			t.Fatalf("fields read back %+v", got)
		}

		// Types accepted and refused per field: the call is stored all the same.
		c := report(t, svc, "one", now.Add(-2*time.Hour), map[string]any{"caller_name": "Anna", "callback_wanted": "maybe",
			"reason": "question", "people": 3.0, "colour": "blue"})
		if c.Summary != "s" || c.Outcome != store.OutcomeAnswered {
			t.Fatalf("the call itself: %+v", c)
		}
		want := map[string]any{"caller_name": "Anna", "reason": "Question", "people": 3.0, "colour": "blue"}
		if !reflect.DeepEqual(c.Data, want) {
			t.Fatalf("data = %v, want %v", c.Data, want)
		}
		// A status update brings nothing new; a retried report with a value
		// now refused, or none at all, loses nothing.
		if _, err := svc.Record(ctx, store.CallReport{VapiCallID: "one", AssistantID: assistant, Status: "in-progress"}); err != nil {
			t.Fatal(err)
		}
		report(t, svc, "one", now.Add(-2*time.Hour), map[string]any{"people": "many", "callback_wanted": true})
		report(t, svc, "one", now.Add(-2*time.Hour), nil)
		c, _ = db.CallByVapiID(ctx, "one")
		want["callback_wanted"] = true
		if !reflect.DeepEqual(c.Data, want) {
			t.Fatalf("after retries data = %v, want %v", c.Data, want)
		}
		report(t, svc, "two", now.Add(-time.Hour), map[string]any{"callback_wanted": "nee", "reason": "Booking"})

		// The list: values of defined fields only; the early call shows the
		// value a field defined later reads.
		page, err := svc.List(ctx, buyer, o.ID, "en", calls.Filter{}, store.Page{})
		if err != nil || len(page.Items) != 3 {
			t.Fatalf("list: %v %+v", err, page)
		}
		byID := map[string]map[string]any{}
		for _, it := range page.Items {
			d, _ := db.CallByID(ctx, mustInt(it.ID))
			byID[d.VapiCallID] = it.Data
		}
		if !reflect.DeepEqual(byID["early"], map[string]any{"callback_wanted": true}) ||
			!reflect.DeepEqual(byID["one"], map[string]any{"caller_name": "Anna", "callback_wanted": true, "reason": "Question", "people": 3.0}) {
			t.Fatalf("list data %v", byID)
		}

		// Filters, on the engine's JSON functions.
		for q, n := range map[string]int{"data.callback_wanted=yes": 2, "data.callback_wanted=no": 1, "data.reason=booking": 1,
			"data.people=3": 1, "data.caller_name=Anna": 1, "data.people=4": 0} {
			k, v, _ := strings.Cut(q, "=")
			page, err := svc.List(ctx, buyer, o.ID, "en", calls.Filter{Data: k + "=" + v}, store.Page{})
			if err != nil || len(page.Items) != n {
				t.Errorf("%s: %v, %d calls, want %d", q, err, len(page.Items), n)
			}
		}
		page, err = svc.List(ctx, buyer, o.ID, "en", calls.Filter{Data: "data.callback_wanted=yes&data.reason=Question"}, store.Page{})
		if err != nil || len(page.Items) != 1 {
			t.Errorf("two filters: %v %d", err, len(page.Items))
		}
		for _, q := range []string{"data.nope", "data.callback_wanted", "data.people"} {
			_, err := svc.List(ctx, buyer, o.ID, "en", calls.Filter{Data: q + "=maybe"}, store.Page{})
			var e *apierr.Error
			if !errors.As(err, &e) || e.Kind != apierr.Invalid || e.Field != q {
				t.Errorf("%s=maybe: %v", q, err)
			}
		}

		// The call page and the agent page carry the fields.
		d, err := svc.Call(ctx, buyer, o.ID, page.Items[0].ID, "nl")
		if err != nil || len(d.Fields) != 4 || d.Data["reason"] != "Question" {
			t.Fatalf("detail %v %+v", err, d)
		}
		if ap, err := svc.Agent(ctx, buyer, o.ID, "en", calls.Filter{TZ: "UTC"}); err != nil || len(ap.Fields) != 4 {
			t.Fatalf("agent page %v %+v", err, ap.Fields)
		}

		// The CSV: a column per field after the others, in its language.
		var buf bytes.Buffer
		if err := svc.WriteCSV(ctx, buyer, o.ID, calls.CSVOptions{Lang: "nl", Filter: calls.Filter{TZ: "UTC", Data: "data.callback_wanted=ja"}}, &buf); err != nil {
			t.Fatal(err)
		}
		r := csv.NewReader(strings.NewReader(strings.TrimPrefix(buf.String(), "\uFEFF")))
		r.Comma = ';'
		rows, err := r.ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		head := rows[0]
		if got := head[len(head)-4:]; !reflect.DeepEqual(got, []string{"Naam beller", "Terugbellen gewenst", "Reden", "Personen"}) || head[10] != "Kosten excl. btw" {
			t.Fatalf("header %v", head)
		}
		if len(rows) != 4 { // header, two calls with a callback wanted, totals
			t.Fatalf("rows %v", rows)
		}
		if got := rows[1][11:]; !reflect.DeepEqual(got, []string{"Anna", "Ja", "Question", "3"}) {
			t.Fatalf("row %v", rows[1])
		}

		// Deleting a call erases its data with the rest.
		if _, err := svc.Delete(ctx, buyer, o.ID, fmt.Sprint(c.ID)); err != nil {
			t.Fatal(err)
		}
		if c, _ := db.CallByVapiID(ctx, "one"); len(c.Data) != 0 {
			t.Fatalf("deleted call data %v", c.Data)
		}
		// Bad definitions are 400s naming the field; an unknown order 404.
		_, err = svc.SetCallFields(ctx, "staff", o.ID, []calldata.Field{demoFields[0], demoFields[0]})
		var e *apierr.Error
		if !errors.As(err, &e) || e.Code != apierr.CodeDuplicateField || e.Field != "fields[1].name" {
			t.Fatalf("duplicate: %v", err)
		}
		if _, err := svc.SetCallFields(ctx, "staff", "33333333-3333-4333-8333-333333333333", demoFields); !errors.As(err, &e) || e.Kind != apierr.NotFound {
			t.Fatalf("unknown order: %v", err)
		}
	})
}

func TestCallDataRetention(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := time.Date(2026, 3, 10, 10, 0, 0, 0, time.UTC)
		setup(t, db, 10)
		svc := calls.New(calls.Options{DB: db, Now: func() time.Time { return now }, RetentionDays: 30})
		report(t, svc, "old", now.AddDate(0, 0, -40), map[string]any{"caller_name": "Anna"})
		if _, err := svc.Purge(context.Background()); err != nil {
			t.Fatal(err)
		}
		if c, _ := db.CallByVapiID(context.Background(), "old"); len(c.Data) != 0 {
			t.Fatalf("retention kept data %v", c.Data)
		}
	})
}

func mustInt(s string) int64 {
	var n int64
	fmt.Sscan(s, &n)
	return n
}
