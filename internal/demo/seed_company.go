package demo

import (
	"context"
	"errors"
	"time"

	"github.com/belwise/site/internal/store"
)

// Company is the demo buyer's company: a Dutch installer, so its invoices
// carry Dutch VAT. The details are as internal/company stores them
// (tidied, valid: a test checks it); the KvK number and VAT id are made up
// in the right format.
var Company = store.Company{
	LegalName:    "De Vries Installatietechniek B.V.",
	Street:       "Stationsweg 12",
	Postcode:     "3511 CE",
	City:         "Utrecht",
	Country:      "NL",
	KVK:          "12345678",
	VATID:        "NL812345678B01",
	InvoiceEmail: "administratie@devries.example",
}

// SeedCompany gives the demo buyer the demo company when they have none,
// which bills their orders to it (store.SaveCompany). A buyer who has one,
// the demo's or one they edited, keeps it: running it again changes
// nothing.
func SeedCompany(ctx context.Context, db *store.DB, buyerEmail string, now time.Time) error {
	u, err := db.UserByEmail(ctx, buyerEmail)
	if err != nil {
		return err
	}
	switch _, err := db.CompanyForUser(ctx, u.ID); {
	case err == nil:
		return nil
	case !errors.Is(err, store.ErrNotFound):
		return err
	}
	_, err = db.SaveCompany(ctx, u.ID, Company, 0, now.UTC())
	return err
}

// SeedAgreement has the demo buyer accept version of the processor
// agreement (internal/dpa) when they have not yet: their agents can then
// go live. Running it again changes nothing; a new version is accepted on
// the next run.
func SeedAgreement(ctx context.Context, db *store.DB, buyerEmail string, version int, now time.Time) error {
	u, err := db.UserByEmail(ctx, buyerEmail)
	if err != nil {
		return err
	}
	_, err = db.AcceptDPA(ctx, u.ID, version, now.UTC())
	return err
}
