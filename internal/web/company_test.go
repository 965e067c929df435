package web

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

type companyRow struct {
	ID, LegalName, Street, Postcode, City, Country, KVK, VATID, InvoiceEmail string
	Version                                                                  int
}

func (c *companyRow) UnmarshalJSON(b []byte) error {
	var v struct {
		ID           string `json:"id"`
		LegalName    string `json:"legalName"`
		Street       string `json:"street"`
		Postcode     string `json:"postcode"`
		City         string `json:"city"`
		Country      string `json:"country"`
		KVK          string `json:"kvk"`
		VATID        string `json:"vatId"`
		InvoiceEmail string `json:"invoiceEmail"`
		Version      int    `json:"version"`
	}
	err := json.Unmarshal(b, &v)
	*c = companyRow(v)
	return err
}

var companyInput = map[string]any{"legalName": "De Vries Installatietechniek B.V.", "street": "Stationsweg 12", "postcode": "3511ce",
	"city": "Utrecht", "country": "NL", "kvk": "12345678", "vatId": "NL812345678B01", "invoiceEmail": "administratie@devries.example"}

func companyWith(change map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range companyInput {
		out[k] = v
	}
	for k, v := range change {
		out[k] = v
	}
	return out
}

// TestCompanyAPI: a buyer reads none, saves their company, changes it with
// the version read (a stale one is a 409 that changes nothing), gets every
// problem of bad input at once, and sees only their own; staff have none.
func TestCompanyAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		ann := e.signUpVerified("Ann", "ann@example.com", "ann password")
		bob := e.signUpVerified("Bob", "bob@example.com", "bob password")

		type getAnswer struct {
			Company   *companyRow
			Countries []struct{ Code, PostcodeExample, VATExample string }
		}
		type putAnswer struct{ Company companyRow }
		got := decode[getAnswer](t, e.call("GET", "/api/company", nil, ann), 200)
		if got.Company != nil || len(got.Countries) != 27 || got.Countries[0].Code != "NL" || got.Countries[0].VATExample != "NL123456789B01" || got.Countries[0].PostcodeExample != "1015 AA" {
			t.Fatalf("before a save: %+v", got)
		}
		if rec := e.call("GET", "/api/company", nil, ann); !strings.Contains(rec.Body.String(), `"company":null`) {
			t.Fatalf("no company is null: %s", rec.Body)
		}

		// Every problem at once: the error is the first, errors lists each field's.
		rec := e.call("PUT", "/api/company", companyWith(map[string]any{"legalName": " ", "postcode": "35", "kvk": "123", "vatId": "NL123", "invoiceEmail": "nope"}), ann)
		expectError(t, rec, 400, "required", "legalName")
		var bad struct {
			Error struct {
				Errors []struct{ Code, Field, Message string }
			}
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &bad); err != nil {
			t.Fatal(err)
		}
		var fields []string
		for _, p := range bad.Error.Errors {
			fields = append(fields, p.Field+":"+p.Code)
			if p.Message == "" {
				t.Errorf("%s has no message", p.Field)
			}
		}
		if strings.Join(fields, ",") != "legalName:required,postcode:invalid_postcode,kvk:invalid_kvk,vatId:invalid_vat_id,invoiceEmail:invalid_email" {
			t.Fatalf("errors: %v", fields)
		}
		if !strings.Contains(rec.Body.String(), "NL123456789B01") {
			t.Fatalf("the VAT id's message shows the format: %s", rec.Body)
		}
		// Outside the EU.
		expectError(t, e.call("PUT", "/api/company", companyWith(map[string]any{"country": "GB", "kvk": "", "vatId": ""}), ann), 400, "invalid_country", "country")
		if got := decode[getAnswer](t, e.call("GET", "/api/company", nil, ann), 200); got.Company != nil {
			t.Fatalf("bad input saved something: %+v", got.Company)
		}

		// Created, tidied.
		created := decode[putAnswer](t, e.call("PUT", "/api/company", companyInput, ann), 200).Company
		if created.ID == "" || created.Version != 1 || created.Postcode != "3511 CE" || created.VATID != "NL812345678B01" || created.LegalName != "De Vries Installatietechniek B.V." {
			t.Fatalf("created: %+v", created)
		}
		if got := decode[getAnswer](t, e.call("GET", "/api/company", nil, ann), 200); got.Company == nil || *got.Company != created {
			t.Fatalf("read back: %+v", got.Company)
		}
		// Changed with the version read.
		changed := decode[putAnswer](t, e.call("PUT", "/api/company", companyWith(map[string]any{"city": "Amersfoort", "postcode": "3811 AA", "version": 1}), ann), 200).Company
		if changed.ID != created.ID || changed.Version != 2 || changed.City != "Amersfoort" {
			t.Fatalf("changed: %+v", changed)
		}
		// A stale version: 409, nothing changes.
		expectError(t, e.call("PUT", "/api/company", companyWith(map[string]any{"city": "Zwolle", "version": 1}), ann), 409, "version_conflict", "")
		if got := decode[getAnswer](t, e.call("GET", "/api/company", nil, ann), 200); got.Company == nil || *got.Company != changed {
			t.Fatalf("after a stale save: %+v", got.Company)
		}
		// Moving to Belgium: the KvK number is dropped, the VAT id must be Belgian.
		expectError(t, e.call("PUT", "/api/company", companyWith(map[string]any{"country": "BE", "postcode": "1000", "version": 2}), ann), 400, "invalid_vat_id", "vatId")
		be := decode[putAnswer](t, e.call("PUT", "/api/company", companyWith(map[string]any{"country": "BE", "postcode": "1000", "vatId": "BE0123456789", "version": 2}), ann), 200).Company
		if be.Country != "BE" || be.KVK != "" || be.VATID != "BE0123456789" || be.Version != 3 {
			t.Fatalf("Belgian: %+v", be)
		}

		// Bob sees none of Ann's; his own save makes his own company.
		if got := decode[getAnswer](t, e.call("GET", "/api/company", nil, bob), 200); got.Company != nil {
			t.Fatalf("bob sees %+v", got.Company)
		}
		mine := decode[putAnswer](t, e.call("PUT", "/api/company", companyWith(map[string]any{"legalName": "Bob B.V.", "version": 3}), bob), 200).Company
		if mine.ID == created.ID || mine.Version != 1 || mine.LegalName != "Bob B.V." {
			t.Fatalf("bob's: %+v", mine)
		}
		if got := decode[getAnswer](t, e.call("GET", "/api/company", nil, ann), 200); got.Company == nil || *got.Company != be {
			t.Fatalf("ann's after bob's save: %+v", got.Company)
		}

		// Staff have no company; visitors are not signed in.
		staff := e.staffCookie("Olga Ops", "ops@example.com")
		expectError(t, e.call("GET", "/api/company", nil, staff), 403, "buyer_only", "")
		expectError(t, e.call("PUT", "/api/company", companyInput, staff), 403, "buyer_only", "")
		expectStatus(t, e.call("GET", "/api/company", nil, nil), 401)
		expectStatus(t, e.call("PUT", "/api/company", companyInput, nil), 401)
		// Unknown fields are refused, as everywhere.
		expectError(t, e.call("PUT", "/api/company", companyWith(map[string]any{"id": created.ID}), ann), 400, "unknown_field", "")
	})
}
