package demo_test

import (
	"testing"
	"time"

	"github.com/belwise/site/internal/company"
	"github.com/belwise/site/internal/demo"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// TestSeedCompany: the demo buyer gets the demo company, valid as the
// company form would save it, and their orders are billed to it; seeding
// again changes nothing, and a company the buyer edited stays.
func TestSeedCompany(t *testing.T) {
	c := demo.Company
	valid, err := company.Validate(company.Input{LegalName: c.LegalName, Street: c.Street, Postcode: c.Postcode, City: c.City,
		Country: c.Country, KVK: c.KVK, VATID: c.VATID, InvoiceEmail: c.InvoiceEmail})
	if err != nil || valid != c {
		t.Fatalf("the demo company as the form saves it: %+v, %v", valid, err)
	}
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		if _, err := demo.Seed(ctx, db, demoAccounts, t0); err != nil {
			t.Fatal(err)
		}
		email := demoAccounts.Buyer.Email
		if err := demo.SeedCompany(ctx, db, email, t0); err != nil {
			t.Fatal(err)
		}
		u, err := db.UserByEmail(ctx, email)
		if err != nil {
			t.Fatal(err)
		}
		got, err := db.CompanyForUser(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		want := demo.Company
		want.ID, want.Version, want.CreatedAt, want.UpdatedAt = got.ID, 1, got.CreatedAt, got.UpdatedAt
		if got != want {
			t.Fatalf("seeded company: %+v", got)
		}
		var orders, billed int
		if err := db.SQL().QueryRowContext(ctx, db.Rebind(`SELECT COUNT(*), COUNT(company_id) FROM orders WHERE buyer_id = ?`), u.ID).Scan(&orders, &billed); err != nil {
			t.Fatal(err)
		}
		if orders == 0 || billed != orders {
			t.Fatalf("%d of the buyer's %d orders billed to the company", billed, orders)
		}
		// Again: nothing changes, and an edit is kept.
		edited := got
		edited.City = "Amersfoort"
		if _, err := db.SaveCompany(ctx, u.ID, edited, got.Version, t0.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := demo.SeedCompany(ctx, db, email, t0.Add(2*time.Hour)); err != nil {
			t.Fatal(err)
		}
		again, err := db.CompanyForUser(ctx, u.ID)
		if err != nil || again.ID != got.ID || again.City != "Amersfoort" || again.Version != 2 {
			t.Fatalf("after seeding again: %+v, %v", again, err)
		}
		var companies int
		if err := db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM companies`).Scan(&companies); err != nil || companies != 1 {
			t.Fatalf("%d companies, %v", companies, err)
		}
	})
}
