package dpa_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/demo"
	"github.com/belwise/site/internal/dpa"
	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

var t0 = time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)

type fixture struct {
	db                *store.DB
	buyer, colleague  store.User // colleague: another buyer
	staff             store.User
	orderID, order2ID string
}

func setup(t *testing.T, db *store.DB) fixture {
	t.Helper()
	ctx := context.Background()
	if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.AddMissingAgents(ctx, demo.Catalogue, t0) }); err != nil {
		t.Fatal(err)
	}
	mk := func(name, locale, role string) store.User {
		u, err := db.CreateUser(ctx, store.NewUser{Email: strings.ToLower(strings.Fields(name)[0]) + "@example.com", PasswordHash: "x",
			FullName: name, Locale: locale, Role: role}, t0)
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	f := fixture{db: db, buyer: mk("Anna de Vries", "nl", ""), colleague: mk("Bram de Vries", "en", ""), staff: mk("Olga Ops", "en", store.RoleStaff)}
	f.orderID, f.order2ID = uuid.NewString(), uuid.NewString()
	if err := db.CreateOrders(ctx, []store.NewOrder{
		{ID: f.orderID, BuyerID: f.buyer.ID, AgentID: demo.Catalogue[0].ID, Status: store.OrderPending, AmountCents: 100, CreatedAt: t0},
		{ID: f.order2ID, BuyerID: f.buyer.ID, AgentID: demo.Catalogue[1].ID, Status: store.OrderPending, AmountCents: 100, CreatedAt: t0},
	}); err != nil {
		t.Fatal(err)
	}
	return f
}

func code(err error) string {
	var e *apierr.Error
	if errors.As(err, &e) {
		return e.Code.String()
	}
	return ""
}

func goLive(t *testing.T, sales *orders.Service, f fixture, id string) error {
	t.Helper()
	o, _, err := sales.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	_, err = sales.SetStatus(context.Background(), f.staff.ID, id, "completed", o.Version)
	return err
}

// No agent goes live before its buyer accepted the current version; after
// accepting, it does; a new version asks again, the live agent keeps
// running and a new one waits for the new acceptance.
func TestGoingLiveNeedsTheCurrentAgreement(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		now := t0
		v1 := dpa.New(dpa.Options{DB: db, Agency: "Belwise B.V.", RetentionDays: 90, Now: func() time.Time { return now }})
		sales := orders.New(orders.Options{DB: db, Agreement: v1})

		err := goLive(t, sales, f, f.orderID)
		if code(err) != "dpa_not_accepted" {
			t.Fatalf("going live without acceptance: %v, want dpa_not_accepted", err)
		}
		if o, _, _ := sales.Get(ctx, f.orderID); o.Status != "pending" || o.LiveAt != nil {
			t.Fatalf("refused order changed: %+v", o)
		}
		st, err := v1.State(ctx, f.buyer.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		if st.Accepted != nil || st.Latest != nil || st.Agreement.Lang != "nl" || st.Agreement.Title != "Verwerkersovereenkomst" {
			t.Fatalf("state before = %+v", st)
		}

		if _, err := v1.Accept(ctx, f.buyer.ID, dpa.Version+1, "en"); code(err) != "dpa_version" {
			t.Fatalf("accepting another version: %v, want dpa_version", err)
		}
		st, err = v1.Accept(ctx, f.buyer.ID, dpa.Version, "en")
		if err != nil {
			t.Fatal(err)
		}
		if st.Accepted == nil || st.Accepted.Version != dpa.Version || st.Accepted.Name != "Anna de Vries" ||
			st.Accepted.Email != "anna@example.com" || !st.Accepted.AcceptedAt.Equal(t0) || st.Agreement.Lang != "en" {
			t.Fatalf("state after accepting = %+v", st.Standing)
		}
		// Accepting again keeps the first acceptance.
		now = t0.Add(time.Hour)
		if st, err = v1.Accept(ctx, f.buyer.ID, dpa.Version, "en"); err != nil || !st.Accepted.AcceptedAt.Equal(t0) {
			t.Fatalf("accepting twice: %+v, %v", st.Standing, err)
		}
		if err := goLive(t, sales, f, f.orderID); err != nil {
			t.Fatalf("going live after acceptance: %v", err)
		}

		// A new version: the buyer is asked again, the live agent stays
		// live, a second agent waits.
		v2 := dpa.New(dpa.Options{DB: db, Version: dpa.Version + 1, Now: func() time.Time { return now }})
		sales2 := orders.New(orders.Options{DB: db, Agreement: v2})
		st, err = v2.State(ctx, f.buyer.ID, "en")
		if err != nil {
			t.Fatal(err)
		}
		if st.Accepted != nil || st.Latest == nil || st.Latest.Version != dpa.Version || st.Version != dpa.Version+1 {
			t.Fatalf("state under a new version = %+v", st.Standing)
		}
		if o, _, _ := sales2.Get(ctx, f.orderID); o.Status != "completed" {
			t.Fatalf("live order under a new version: %s", o.Status)
		}
		// Setting it completed again changes nothing and needs nothing.
		if err := goLive(t, sales2, f, f.orderID); err != nil {
			t.Fatalf("re-setting a live order: %v", err)
		}
		if err := goLive(t, sales2, f, f.order2ID); code(err) != "dpa_not_accepted" {
			t.Fatalf("second agent under a new version: %v, want dpa_not_accepted", err)
		}
		if _, err := v2.Accept(ctx, f.buyer.ID, dpa.Version, "en"); code(err) != "dpa_version" {
			t.Fatalf("accepting the old version: %v, want dpa_version", err)
		}
		if _, err := v2.Accept(ctx, f.buyer.ID, dpa.Version+1, "en"); err != nil {
			t.Fatal(err)
		}
		if err := goLive(t, sales2, f, f.order2ID); err != nil {
			t.Fatalf("second agent after the new acceptance: %v", err)
		}
	})
}

// One buyer's acceptance never counts for another buyer.
func TestAcceptanceIsPerBuyer(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		if _, err := db.SaveCompany(ctx, f.colleague.ID, demo.Company, 0, t0); err != nil {
			t.Fatal(err)
		}
		svc := dpa.New(dpa.Options{DB: db, Now: func() time.Time { return t0 }})
		if _, err := svc.Accept(ctx, f.colleague.ID, dpa.Version, "en"); err != nil {
			t.Fatal(err)
		}
		if err := svc.RequireAccepted(ctx, f.colleague.ID); err != nil {
			t.Fatal(err)
		}
		if err := svc.RequireAccepted(ctx, f.buyer.ID); code(err) != "dpa_not_accepted" {
			t.Fatalf("another buyer's acceptance counted: %v", err)
		}
		if _, err := svc.Accept(ctx, f.staff.ID, dpa.Version+1, "en"); code(err) != "dpa_version" {
			t.Fatalf("stale version: %v", err)
		}
		if _, err := svc.Accept(ctx, uuid.NewString(), dpa.Version, "en"); err == nil {
			t.Fatal("an unknown account accepted")
		}
	})
}

// The PDF copy is in the buyer's language and names who accepted it.
func TestPDFNamesTheAcceptance(t *testing.T) {
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext (poppler-utils) is not installed")
	}
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		svc := dpa.New(dpa.Options{DB: db, Agency: "Belwise B.V.", RetentionDays: 30, Now: func() time.Time { return t0 }})
		text := func(lang string) (string, string) {
			b, name, err := svc.PDF(ctx, f.buyer.ID, lang)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), "dpa.pdf")
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(pdftotext, "-enc", "UTF-8", path, "-").CombinedOutput()
			if err != nil {
				t.Fatalf("pdftotext: %v\n%s", err, out)
			}
			return strings.Join(strings.Fields(string(out)), " "), name
		}
		got, name := text("en")
		for _, want := range []string{"Processor agreement", "Belwise B.V.", "Not accepted yet", "within 48 hours", "argon2id", "30 days", "Vapi, Inc.", "Deepgram"} {
			if !strings.Contains(got, want) {
				t.Errorf("English PDF lacks %q:\n%s", want, got)
			}
		}
		if name != "processor-agreement-v1.pdf" {
			t.Errorf("name = %q", name)
		}
		if _, err := svc.Accept(ctx, f.buyer.ID, dpa.Version, "nl"); err != nil {
			t.Fatal(err)
		}
		got, name = text("nl")
		for _, want := range []string{"Verwerkersovereenkomst", "Geaccepteerd door Anna de Vries (anna@example.com) op 2026-11-28 10:00 UTC", "uiterlijk binnen 48 uur", "Subverwerkers", "Verenigde Staten", "geldig vanaf " + dpa.Effective} {
			if !strings.Contains(got, want) {
				t.Errorf("Dutch PDF lacks %q:\n%s", want, got)
			}
		}
		if name != "verwerkersovereenkomst-v1.pdf" {
			t.Errorf("name = %q", name)
		}
	})
}

// Every section and sub-processor has both languages, and the text states
// the promises the issue asks for.
func TestTextIsComplete(t *testing.T) {
	for _, lang := range []string{"en", "nl"} {
		a := dpa.Text(lang, "Belwise", 90)
		if len(a.Sections) < 8 || len(a.SubProcessors) != len(dpa.SubProcessors) {
			t.Fatalf("%s: %d sections, %d sub-processors", lang, len(a.Sections), len(a.SubProcessors))
		}
		for _, s := range a.Sections {
			if s.Title == "" || len(s.Paragraphs) == 0 {
				t.Errorf("%s: section %s is empty", lang, s.ID)
			}
			for _, p := range s.Paragraphs {
				if p == "" || strings.ContainsAny(p, "{}") {
					t.Errorf("%s: section %s: %q", lang, s.ID, p)
				}
			}
		}
		for _, p := range a.SubProcessors {
			if p.Name == "" || p.Role == "" || p.Location == "" || p.Safeguard == "" {
				t.Errorf("%s: sub-processor %+v", lang, p)
			}
		}
	}
	en, nl := dpa.Text("en", "Belwise", 90), dpa.Text("nl", "Belwise", 90)
	all := func(a dpa.Agreement) string {
		var b strings.Builder
		for _, s := range a.Sections {
			b.WriteString(strings.Join(s.Paragraphs, " "))
		}
		return b.String()
	}
	for _, w := range []string{"48 hours", "90 days", "argon2id", "audit log", "second step", "30 days beforehand", "phone number", "transcript"} {
		if !strings.Contains(all(en), w) {
			t.Errorf("English text lacks %q", w)
		}
	}
	for _, w := range []string{"48 uur", "90 dagen", "argon2id", "auditlog", "tweede stap", "30 dagen van tevoren", "telefoonnummer", "transcriptie", " u "} {
		if !strings.Contains(all(nl), w) {
			t.Errorf("Dutch text lacks %q", w)
		}
	}
}
