package store_test

import (
	"database/sql"
	"errors"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

var testCompany = store.Company{LegalName: "De Vries Installatietechniek B.V.", Street: "Stationsweg 12", Postcode: "3511 CE",
	City: "Utrecht", Country: "NL", KVK: "12345678", VATID: "NL812345678B01", InvoiceEmail: "administratie@devries.example"}

// orderCompanies is each of the buyer's orders' company_id ("" for NULL).
func orderCompanies(t *testing.T, db *store.DB, buyerID string) []string {
	t.Helper()
	rows, err := db.SQL().QueryContext(ctxT(t), db.Rebind(`SELECT company_id FROM orders WHERE buyer_id = ? ORDER BY created_at`), buyerID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var c sql.NullString
		if err := rows.Scan(&c); err != nil {
			t.Fatal(err)
		}
		out = append(out, c.String)
	}
	return out
}

// TestSaveCompany: the first save makes the company, links the user and
// bills their orders to it; a later one changes it with the version it
// read (a stale one changes nothing); orders made afterwards get the
// company; another user sees none of it.
func TestSaveCompany(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		putAgents(t, db, testAgents)
		ann, bob := mkUser(t, db, ""), mkUser(t, db, "")
		order := func(u store.User, at time.Time) {
			t.Helper()
			if err := db.CreateOrders(ctx, []store.NewOrder{{BuyerID: u.ID, AgentID: testAgents[0].ID, Status: "pending", AmountCents: 100, CreatedAt: at}}); err != nil {
				t.Fatal(err)
			}
		}
		order(ann, t0)
		order(bob, t0)
		if got := orderCompanies(t, db, ann.ID); len(got) != 1 || got[0] != "" {
			t.Fatalf("an order before any company: %q", got)
		}
		if _, err := db.CompanyForUser(ctx, ann.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("CompanyForUser before a save: %v", err)
		}

		c, err := db.SaveCompany(ctx, ann.ID, testCompany, 0, t0)
		if err != nil {
			t.Fatal(err)
		}
		want := testCompany
		want.ID, want.Version, want.CreatedAt, want.UpdatedAt = c.ID, 1, t0.Truncate(time.Microsecond), t0.Truncate(time.Microsecond)
		if c.ID == "" || c != want {
			t.Fatalf("created:\n%+v\nwant\n%+v", c, want)
		}
		if got, err := db.CompanyForUser(ctx, ann.ID); err != nil || got != c {
			t.Fatalf("CompanyForUser = %+v, %v", got, err)
		}
		if got, err := db.CompanyByID(ctx, c.ID); err != nil || got != c {
			t.Fatalf("CompanyByID = %+v, %v", got, err)
		}
		// Her order is billed to it now; a new one is at once.
		order(ann, t0.Add(time.Hour))
		if got := orderCompanies(t, db, ann.ID); len(got) != 2 || got[0] != c.ID || got[1] != c.ID {
			t.Fatalf("ann's orders: %q, want both %s", got, c.ID)
		}
		// Bob has no company, and his orders none.
		if _, err := db.CompanyForUser(ctx, bob.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("bob's company: %v", err)
		}
		order(bob, t0.Add(time.Hour))
		if got := orderCompanies(t, db, bob.ID); len(got) != 2 || got[0] != "" || got[1] != "" {
			t.Fatalf("bob's orders: %q", got)
		}

		// A change with the version read.
		next := testCompany
		next.City, next.Postcode = "Amersfoort", "3811 AA"
		later := t0.Add(2 * time.Hour)
		c2, err := db.SaveCompany(ctx, ann.ID, next, 1, later)
		if err != nil {
			t.Fatal(err)
		}
		if c2.ID != c.ID || c2.Version != 2 || c2.City != "Amersfoort" || c2.Postcode != "3811 AA" || !c2.UpdatedAt.Equal(later.Truncate(time.Microsecond)) || !c2.CreatedAt.Equal(c.CreatedAt) {
			t.Fatalf("changed: %+v", c2)
		}
		// The same version again is stale, and changes nothing.
		next.City = "Zwolle"
		if _, err := db.SaveCompany(ctx, ann.ID, next, 1, later); !errors.Is(err, store.ErrStale) {
			t.Fatalf("stale save: %v", err)
		}
		if got, _ := db.CompanyForUser(ctx, ann.ID); got != c2 {
			t.Fatalf("after a stale save: %+v", got)
		}
		// Bob's first save makes his own company, whatever version he sends.
		b, err := db.SaveCompany(ctx, bob.ID, testCompany, 7, later)
		if err != nil || b.ID == c.ID || b.Version != 1 {
			t.Fatalf("bob's company: %+v, %v", b, err)
		}
		if got := orderCompanies(t, db, bob.ID); len(got) != 2 || got[0] != b.ID || got[1] != b.ID {
			t.Fatalf("bob's orders after his save: %q", got)
		}
		if got, _ := db.CompanyForUser(ctx, ann.ID); got != c2 {
			t.Fatalf("ann's company after bob's save: %+v", got)
		}
		// No such user.
		if _, err := db.SaveCompany(ctx, "00000000-0000-4000-8000-000000000000", testCompany, 0, later); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown user: %v", err)
		}
	})
}
