package web

import (
	"encoding/json"
	"net/http"
	"os"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/belwise/site/internal/payments"
	"github.com/belwise/site/internal/store/storetest"
)

// testPayJSON is the pay page's words as the build writes them
// (_internal/pay.json); web/src/app/payMessages.test.ts checks that it is
// what the dictionaries say.
func testPayJSON(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/pay.json")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// payDist is fakeDist with the pay page's words.
func payDist(t *testing.T) fstest.MapFS {
	d := fakeDist()
	d["_internal/pay.json"] = &fstest.MapFile{Data: testPayJSON(t)}
	return d
}

// changePayJSON is testdata/pay.json with change applied to its decoded
// form, encoded again.
func changePayJSON(t *testing.T, change func(m map[string]map[string]any)) []byte {
	t.Helper()
	var m map[string]map[string]any
	if err := json.Unmarshal(testPayJSON(t), &m); err != nil {
		t.Fatal(err)
	}
	change(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestPayWordsAreCompleteInBothLanguages(t *testing.T) {
	words, err := parsePayMessages(testPayJSON(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{langEN, langNL} {
		v := reflect.ValueOf(words[lang])
		for i := range v.NumField() {
			switch f := v.Field(i).Interface().(type) {
			case string:
				if f == "" {
					t.Errorf("%s: %s is empty", lang, v.Type().Field(i).Name)
				}
			case [12]string:
				for m, s := range f {
					if s == "" {
						t.Errorf("%s: month %d is empty", lang, m+1)
					}
				}
			default:
				t.Fatalf("payWords.%s: a field of another type", v.Type().Field(i).Name)
			}
		}
	}
	if words[langEN].BadLinkTitle != "This link does not work" || words[langNL].Months[10] != "november" {
		t.Fatalf("%+v", words)
	}
}

// A file the server would show with a word missing, or with a placeholder
// it does not fill in, is refused.
func TestPayWordsIncompleteOrUnfilledAreRefused(t *testing.T) {
	for name, change := range map[string]func(m map[string]map[string]any){
		"no Dutch":          func(m map[string]map[string]any) { delete(m, "nl") },
		"a word missing":    func(m map[string]map[string]any) { delete(m["nl"], "transfer") },
		"a word empty":      func(m map[string]map[string]any) { m["en"]["button"] = " " },
		"a month missing":   func(m map[string]map[string]any) { m["nl"]["months"] = m["nl"]["months"].([]any)[:11] },
		"a word unknown":    func(m map[string]map[string]any) { m["en"]["refunded"] = "Refunded" },
		"a typo":            func(m map[string]map[string]any) { m["en"]["paidTitle"] = "Invoice {numbr} is paid" },
		"the date unpaid":   func(m map[string]map[string]any) { m["nl"]["processing"] = "Sinds {date} in behandeling." },
		"an invoice's word": func(m map[string]map[string]any) { m["en"]["badLink"] = "Invoice {number}: this link is not valid." },
		"the minutes": func(m map[string]map[string]any) {
			m["nl"]["unavailable"] = "Probeer het over {minutes} minuten opnieuw."
		},
	} {
		if _, err := parsePayMessages(changePayJSON(t, change)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := parsePayMessages([]byte(`{"en":{}}`)); err == nil {
		t.Error("empty: accepted")
	}
}

// With payments the site does not start without the pay page's words, or
// with a file that lacks some.
func TestPayPageNeedsItsWords(t *testing.T) {
	svc := payments.New(payments.Options{SiteURL: "https://belwise.nl"})
	if _, err := New(Options{Site: fakeDist(), SiteURL: "https://belwise.nl", Payments: svc}); err == nil || !strings.Contains(err.Error(), "pay.json") {
		t.Fatalf("without pay.json: %v", err)
	}
	d := fakeDist()
	d["_internal/pay.json"] = &fstest.MapFile{Data: changePayJSON(t, func(m map[string]map[string]any) { delete(m["en"], "credited") })}
	if _, err := New(Options{Site: d, SiteURL: "https://belwise.nl"}); err == nil || !strings.Contains(err.Error(), "pay.json") {
		t.Fatalf("incomplete pay.json: %v", err)
	}
	if _, err := New(Options{Site: payDist(t), SiteURL: "https://belwise.nl", Payments: svc}); err != nil {
		t.Fatal(err)
	}
}

// The database down: the pay page says so in both languages, from the
// dictionaries, as a page.
func TestPayLinkWhileTheDatabaseIsDown(t *testing.T) {
	db := storetest.SQLite(t)
	e := newPayEnv(t, db)
	inv := storetest.NewPaymentInvoice(t, db, storetest.PaymentInvoice{Number: "2026-0004", Locale: "nl"})
	e.ready.Store(false)
	w := e.get(linkPath(t, e.svc.PayURL(inv)))
	if w.Code != http.StatusServiceUnavailable || w.Header().Get("Content-Type") != "text/html; charset=utf-8" ||
		!strings.Contains(w.Body.String(), "Service unavailable") || !strings.Contains(w.Body.String(), "Tijdelijk niet beschikbaar. Probeer het over een minuut opnieuw.") {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	if len(e.fake.Created()) != 0 {
		t.Fatal("a payment while the database is down")
	}
}
