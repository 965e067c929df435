package calls_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/calldata"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

var followFields = []store.CallField{
	{Name: "callback_wanted", Type: calldata.TypeYesNo, FollowUp: true},
	{Name: "happy", Type: calldata.TypeYesNo},
	{Name: "urgency", Type: calldata.TypeChoice, Options: []string{"Low", "High", "Now"}, FollowUp: true, FollowUpOptions: []string{"High", "Now"}},
	{Name: "topic", Type: calldata.TypeChoice, Options: []string{"Bill"}},
}

func TestNeedsFollowUp(t *testing.T) {
	for _, c := range []struct {
		outcome string
		data    map[string]any
		want    bool
	}{
		{store.OutcomeAnswered, nil, false},
		{store.OutcomeMissed, nil, true},
		{store.OutcomeFailed, nil, true},
		{store.OutcomePending, map[string]any{"happy": true}, false},
		{store.OutcomeAnswered, map[string]any{"callback_wanted": true}, true},
		{store.OutcomeAnswered, map[string]any{"callback_wanted": "ja"}, true}, // read as the field reads it
		{store.OutcomeAnswered, map[string]any{"callback_wanted": false}, false},
		{store.OutcomeAnswered, map[string]any{"callback_wanted": "maybe"}, false},
		{store.OutcomeAnswered, map[string]any{"happy": true}, false}, // not marked
		{store.OutcomeAnswered, map[string]any{"urgency": "now"}, true},
		{store.OutcomeAnswered, map[string]any{"urgency": "Low"}, false},
		{store.OutcomeAnswered, map[string]any{"topic": "Bill"}, false},
	} {
		if got := calls.NeedsFollowUp(c.outcome, followFields, c.data); got != c.want {
			t.Errorf("NeedsFollowUp(%s, %v) = %v, want %v", c.outcome, c.data, got, c.want)
		}
	}
	if f := calls.FlaggedBy(followFields, map[string]any{"urgency": "High", "callback_wanted": true}); f == nil || f.Name != "callback_wanted" {
		t.Errorf("FlaggedBy = %+v, want the first marked field", f)
	}
}

func TestFollowUpMarkChecked(t *testing.T) {
	base := func(f calldata.Field) []calldata.Field {
		f.Name, f.LabelEn, f.LabelNl = "f", "F", "F"
		return []calldata.Field{f}
	}
	for _, c := range []struct {
		in    calldata.Field
		field string
	}{
		{calldata.Field{Type: calldata.TypeText, FollowUp: true}, "fields[0].followUp"},
		{calldata.Field{Type: calldata.TypeNumber, FollowUpOptions: []string{"x"}}, "fields[0].followUp"},
		{calldata.Field{Type: calldata.TypeYesNo, FollowUpOptions: []string{"x"}}, "fields[0].followUpOptions"},
		{calldata.Field{Type: calldata.TypeChoice, Options: []string{"A"}, FollowUpOptions: []string{"B"}}, "fields[0].followUpOptions"},
	} {
		_, err := calldata.Check(base(c.in))
		var ae *apierr.Error
		if !errors.As(err, &ae) || ae.Field != c.field {
			t.Errorf("Check(%+v) = %v, want a 400 on %s", c.in, err, c.field)
		}
	}
	// A choice's mark follows its options (spelled as the option is).
	out, err := calldata.Check(base(calldata.Field{Type: calldata.TypeChoice, Options: []string{"Now", "Later"}, FollowUpOptions: []string{"now"}}))
	if err != nil || !out[0].FollowUp || len(out[0].FollowUpOptions) != 1 || out[0].FollowUpOptions[0] != "Now" {
		t.Fatalf("choice mark: %v %+v", err, out)
	}
}

func TestFollowUpOnTheLists(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 3, 10, 10, 0, 0, 0, time.UTC)
		buyer, o := setup(t, db, 10)
		svc := calls.New(calls.Options{DB: db, Now: func() time.Time { return now }})
		fields := []calldata.Field{
			{Name: "callback_wanted", Type: "yes_no", LabelEn: "Callback wanted", LabelNl: "Terugbellen gewenst", FollowUp: true},
			{Name: "urgency", Type: "choice", LabelEn: "Urgency", LabelNl: "Urgentie", Options: []string{"Low", "High"}, FollowUpOptions: []string{"High"}},
		}
		saved, err := svc.SetCallFields(ctx, "staff", o.ID, fields)
		if err != nil || !saved[0].FollowUp || !saved[1].FollowUp || saved[1].FollowUpOptions[0] != "High" {
			t.Fatalf("set fields: %v %+v", err, saved)
		}
		if got, _ := svc.CallFields(ctx, o.ID); !got[0].FollowUp || len(got[1].FollowUpOptions) != 1 {
			t.Fatalf("marks read back: %+v", got)
		}
		report(t, svc, "plain", now.Add(-4*time.Hour), map[string]any{"callback_wanted": false, "urgency": "Low"})
		report(t, svc, "wanted", now.Add(-3*time.Hour), map[string]any{"callback_wanted": true})
		report(t, svc, "urgent", now.Add(-2*time.Hour), map[string]any{"urgency": "High"})
		page, err := svc.List(ctx, buyer, o.ID, "en", calls.Filter{}, store.Page{Limit: 10})
		if err != nil || len(page.Items) != 3 {
			t.Fatalf("list: %v %+v", err, page)
		}
		want := map[int]bool{0: true, 1: true, 2: false} // newest first
		for i, c := range page.Items {
			if c.FollowUp != want[i] {
				t.Errorf("list item %d followUp = %v", i, c.FollowUp)
			}
			d, err := svc.Call(ctx, buyer, o.ID, c.ID, "en")
			if err != nil || d.FollowUp != want[i] {
				t.Errorf("call %s followUp = %v (%v)", c.ID, d.FollowUp, err)
			}
		}
		con, err := svc.ConsoleList(ctx, calls.Filter{}, "", nil, store.Page{Limit: 10})
		if err != nil || len(con.Items) != 3 || !con.Items[0].FollowUp || con.Items[2].FollowUp {
			t.Fatalf("console list: %v %+v", err, con)
		}
	})
}
