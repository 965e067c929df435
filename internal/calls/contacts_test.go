package calls_test

import (
	"context"
	"testing"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// withCallData gives the calls table its data column when the call data
// migration has not added it (yet), so the caller's name can be tested.
func withCallData(t *testing.T, db *store.DB) {
	t.Helper()
	ctx := context.Background()
	rows, err := db.SQL().QueryContext(ctx, `SELECT * FROM calls WHERE 1 = 0`)
	if err != nil {
		t.Fatal(err)
	}
	cols, _ := rows.Columns()
	rows.Close()
	for _, c := range cols {
		if c == "data" {
			return
		}
	}
	if _, err := db.SQL().ExecContext(ctx, `ALTER TABLE calls ADD COLUMN data TEXT NOT NULL DEFAULT '{}'`); err != nil {
		t.Fatal(err)
	}
}

var c0 = time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC)

func setData(t *testing.T, db *store.DB, vapiID, data string) {
	t.Helper()
	if _, err := db.SQL().ExecContext(context.Background(), db.Rebind(`UPDATE calls SET data = ? WHERE vapi_call_id = ?`), data, vapiID); err != nil {
		t.Fatal(err)
	}
}

func TestContactsGroupByNumber(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		withCallData(t, db)
		buyer, o := setup(t, db, 10)
		svc := calls.New(calls.Options{DB: db, Now: func() time.Time { return c0.Add(time.Hour) }})
		rec := func(id, number, typ string, at time.Time) {
			t.Helper()
			end := at.Add(time.Minute)
			if _, err := svc.Record(ctx, store.CallReport{VapiCallID: id, AssistantID: assistant, Type: typ, CustomerNumber: number,
				StartedAt: &at, EndedAt: &end, DurationSeconds: 60, EndedReason: "customer-ended-call", Report: true}); err != nil {
				t.Fatal(err)
			}
		}
		// One caller twice, written two ways; another once; a web call and a
		// withheld number, which are no contact.
		rec("a1", "+31612345678", store.CallInbound, c0)
		rec("b1", "+32470123456", store.CallInbound, c0.Add(time.Minute))
		rec("a2", "+31 6 12345678", store.CallInbound, c0.Add(2*time.Minute))
		rec("w1", "", store.CallWeb, c0.Add(3*time.Minute))
		rec("x1", "anonymous", store.CallInbound, c0.Add(4*time.Minute))
		// The name comes from the call data of the newest call that has one.
		setData(t, db, "a1", `{"caller_name":"Anna de Vries","urgent":true}`)
		setData(t, db, "a2", `{"urgent":false}`)

		page, err := svc.Contacts(ctx, buyer, o.ID, "nl", store.Page{})
		if err != nil {
			t.Fatal(err)
		}
		if len(page.Items) != 2 || page.NextCursor != nil {
			t.Fatalf("contacts = %+v", page)
		}
		a, b := page.Items[0], page.Items[1]
		if a.Key != "+31612345678" || a.Calls != 2 || a.Name != "Anna de Vries" || a.NumberDisplay != "06 12345678" || a.Number != "+31612345678" ||
			a.LastCall.Outcome != store.OutcomeAnswered || !a.LastCall.StartedAt.Equal(c0.Add(2*time.Minute)) {
			t.Fatalf("first contact = %+v", a)
		}
		if b.Key != "+32470123456" || b.Calls != 1 || b.Name != "" {
			t.Fatalf("second contact = %+v", b)
		}

		// A page at a time.
		first, err := svc.Contacts(ctx, buyer, o.ID, "en", store.Page{Limit: 1})
		if err != nil || len(first.Items) != 1 || first.NextCursor == nil || first.Items[0].Key != a.Key {
			t.Fatalf("first page = %+v, %v", first, err)
		}
		second, err := svc.Contacts(ctx, buyer, o.ID, "en", store.Page{Limit: 1, Cursor: *first.NextCursor})
		if err != nil || len(second.Items) != 1 || second.NextCursor != nil || second.Items[0].Key != b.Key {
			t.Fatalf("second page = %+v, %v", second, err)
		}
		if _, err := svc.Contacts(ctx, buyer, o.ID, "en", store.Page{Cursor: "nonsense"}); !hasCode(err, apierr.CodeInvalidCursor) {
			t.Fatalf("bad cursor: %v", err)
		}

		// One contact, found by any way of writing the number, with their calls newest first.
		cp, err := svc.Contact(ctx, buyer, o.ID, "+31 6 1234 5678", "en", store.Page{})
		if err != nil {
			t.Fatal(err)
		}
		if cp.Contact.Calls != 2 || cp.Contact.Name != "Anna de Vries" || cp.Contact.NumberDisplay != "+31 6 12345678" || len(cp.Calls.Items) != 2 ||
			cp.Calls.Items[0].ID != a.LastCall.ID || !cp.Calls.Items[1].StartedAt.Equal(c0) {
			t.Fatalf("contact = %+v", cp)
		}

		// A deleted call has no number and leaves its contact.
		if _, err := svc.Delete(ctx, buyer, o.ID, a.LastCall.ID); err != nil {
			t.Fatal(err)
		}
		cp, err = svc.Contact(ctx, buyer, o.ID, "+31612345678", "en", store.Page{})
		if err != nil || cp.Contact.Calls != 1 || len(cp.Calls.Items) != 1 || cp.Contact.Name != "Anna de Vries" {
			t.Fatalf("after delete: %+v, %v", cp, err)
		}

		// Unknown numbers and other buyers' orders are 404.
		for _, key := range []string{"+31699999999", "", "anonymous"} {
			if _, err := svc.Contact(ctx, buyer, o.ID, key, "en", store.Page{}); !isNotFound(err) {
				t.Fatalf("contact %q: %v", key, err)
			}
		}
		other, err := db.CreateUser(ctx, store.NewUser{Email: "other@example.com", PasswordHash: "h", FullName: "O", Locale: "en"}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Contacts(ctx, other.ID, o.ID, "en", store.Page{}); !isNotFound(err) {
			t.Fatalf("another buyer's contacts: %v", err)
		}
		if _, err := svc.Contact(ctx, other.ID, o.ID, "+32470123456", "en", store.Page{}); !isNotFound(err) {
			t.Fatalf("another buyer's contact: %v", err)
		}
	})
}

// Without the call data column (before its migration), contacts have no names.
func TestContactsWithoutCallData(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		buyer, o := setup(t, db, 10)
		put(t, db, "a1", c0, 60, "customer-ended-call")
		put(t, db, "a2", c0.Add(time.Minute), 60, "customer-ended-call")
		svc := calls.New(calls.Options{DB: db})
		page, err := svc.Contacts(ctx, buyer, o.ID, "en", store.Page{})
		if err != nil || len(page.Items) != 1 || page.Items[0].Calls != 2 {
			t.Fatalf("contacts = %+v, %v", page, err)
		}
	})
}

func TestCallNeighbours(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		buyer, o := setup(t, db, 10)
		// Two calls in the same second are told apart by id.
		put(t, db, "n1", c0, 60, "customer-ended-call")
		put(t, db, "n2", c0.Add(time.Hour), 60, "customer-ended-call")
		put(t, db, "n3", c0.Add(time.Hour), 60, "customer-ended-call")
		put(t, db, "n4", c0.Add(2*time.Hour), 60, "customer-ended-call")
		svc := calls.New(calls.Options{DB: db})
		list, err := svc.List(ctx, buyer, o.ID, "en", calls.Filter{Period: calls.PeriodCustom, From: "2026-03-01", To: "2026-03-31"}, store.Page{})
		if err != nil || len(list.Items) != 4 {
			t.Fatalf("list = %+v, %v", list, err)
		}
		ids := []string{list.Items[3].ID, list.Items[2].ID, list.Items[1].ID, list.Items[0].ID} // oldest first
		str := func(p *string) string {
			if p == nil {
				return "-"
			}
			return *p
		}
		for i, id := range ids {
			c, err := svc.Call(ctx, buyer, o.ID, id, "en")
			if err != nil {
				t.Fatal(err)
			}
			older, newer := "-", "-"
			if i > 0 {
				older = ids[i-1]
			}
			if i < len(ids)-1 {
				newer = ids[i+1]
			}
			if str(c.OlderID) != older || str(c.NewerID) != newer {
				t.Fatalf("call %d: older %s newer %s, want %s %s", i, str(c.OlderID), str(c.NewerID), older, newer)
			}
		}
		// A deleted call is nobody's neighbour.
		if _, err := svc.Delete(ctx, buyer, o.ID, ids[1]); err != nil {
			t.Fatal(err)
		}
		c, err := svc.Call(ctx, buyer, o.ID, ids[0], "en")
		if err != nil || str(c.NewerID) != ids[2] || c.OlderID != nil {
			t.Fatalf("after delete: %+v, %v", c, err)
		}
	})
}

func hasCode(err error, c apierr.Code) bool {
	e, ok := apierr.As(err)
	return ok && e.Code == c
}

func isNotFound(err error) bool {
	e, ok := apierr.As(err)
	return ok && e.Kind == apierr.NotFound
}
