package web

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/quote"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/google/uuid"
)

// The committed document, which the app's types are generated from, is
// the one the Go declarations make.
func TestOpenAPIDocumentIsFresh(t *testing.T) {
	const generated = "../../web/src/shared/api/openapi.json"
	want, err := OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(generated)
	if err != nil {
		t.Fatalf("%v: run go generate ./internal/web", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: run go generate ./internal/web (or make api)", generated)
	}
}

// openAPIOperations is "METHOD /path" of every operation in doc.
func openAPIOperations(t *testing.T, doc []byte) map[string]bool {
	t.Helper()
	var d struct {
		OpenAPI string                                `json:"openapi"`
		Paths   map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		t.Fatalf("the document is not JSON: %v", err)
	}
	if d.OpenAPI != "3.1.0" {
		t.Errorf("openapi = %q, want 3.1.0", d.OpenAPI)
	}
	ops := map[string]bool{}
	for p, item := range d.Paths {
		for m := range item {
			ops[strings.ToUpper(m)+" "+p] = true
		}
	}
	return ops
}

// readmeEndpoint is a method and path in the first cell of an endpoint
// table: "`GET /api/orders/{id}?lang=en\|nl`", or a path alone after one
// ("`/forgot-password`" shares the method and folder of the one before).
var readmeEndpoint = regexp.MustCompile("`(?:(GET|POST|PUT|PATCH|DELETE) )?(/[^`?]*)[^`]*`")

// readmeEndpoints reads every endpoint the README's API tables list.
func readmeEndpoints(t *testing.T) []string {
	t.Helper()
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for line := range strings.SplitSeq(string(readme), "\n") {
		cells := strings.Split(strings.ReplaceAll(line, `\|`, "/"), "|")
		if len(cells) < 3 || !strings.Contains(cells[1], "/api/") {
			continue
		}
		var method, last string
		for _, m := range readmeEndpoint.FindAllStringSubmatch(cells[1], -1) {
			p := m[2]
			if m[1] != "" {
				method = m[1]
			} else if !strings.HasPrefix(p, "/api/") {
				p = last[:strings.LastIndex(last, "/")] + p
			}
			last = p
			out = append(out, method+" "+p)
		}
	}
	if len(out) < 35 {
		t.Fatalf("read only %d endpoints from the README's tables: %q", len(out), out)
	}
	return out
}

// Every endpoint the README's API tables list is in the document served
// at GET /api/openapi.json, which needs no session.
func TestOpenAPIListsEveryREADMEEndpoint(t *testing.T) {
	h, _ := newTestHandler(t, testSiteURL)
	rec := do(h, "GET", "/api/openapi.json")
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("GET /api/openapi.json: %d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	want, _ := OpenAPI()
	if !bytes.Equal(rec.Body.Bytes(), want) {
		t.Error("the served document is not OpenAPI()")
	}
	ops := openAPIOperations(t, rec.Body.Bytes())
	for _, e := range readmeEndpoints(t) {
		if !ops[e] {
			t.Errorf("%s is in the README but not in /api/openapi.json", e)
		}
	}
}

// The README's tables name the document's endpoints too, so neither can
// gain an endpoint the other lacks.
func TestREADMEListsEveryOpenAPIEndpoint(t *testing.T) {
	doc, _ := OpenAPI()
	listed := map[string]bool{}
	for _, e := range readmeEndpoints(t) {
		listed[e] = true
	}
	for op := range openAPIOperations(t, doc) {
		if !listed[op] {
			t.Errorf("%s is in /api/openapi.json but not in the README's API tables", op)
		}
	}
}

// Every endpoint's failures are the API's one error shape, never huma's
// problem+json, and its 2xx status is the one it answers.
func TestOpenAPIErrorShape(t *testing.T) {
	doc, _ := OpenAPI()
	var d struct {
		Paths map[string]map[string]struct {
			Responses map[string]struct {
				Content map[string]struct {
					Schema struct {
						Ref string `json:"$ref"`
					} `json:"schema"`
				} `json:"content"`
			} `json:"responses"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		t.Fatal(err)
	}
	for p, item := range d.Paths {
		for m, op := range item {
			failure := op.Responses["default"].Content["application/json"].Schema.Ref
			if failure != "#/components/schemas/ErrorBody" {
				t.Errorf("%s %s: failures are %q", m, p, failure)
			}
			if len(op.Responses) != 2 {
				t.Errorf("%s %s: responses %v, want one success and the default", m, p, op.Responses)
			}
		}
	}
	for _, e := range contract() {
		if e.status < 200 || e.status > 299 {
			t.Errorf("%s answers %d", e.pattern, e.status)
		}
	}
}

// The statuses the document lists (and the app's lists are generated
// from) are the domain packages' own.
func TestOpenAPIStatusesAreTheDomains(t *testing.T) {
	doc, _ := OpenAPI()
	var d struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]struct {
					Enum []any `json:"enum"`
				} `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		schema string
		want   []string
	}{
		{"QuoteSummary", quote.Statuses},
		{"QuoteDetail", quote.Statuses},
		{"StatusChange", quote.Statuses},
		{"ConsoleOrder", orders.Statuses},
		{"OrderChange", orders.Statuses},
	} {
		var got []string
		for _, v := range d.Components.Schemas[c.schema].Properties["status"].Enum {
			got = append(got, v.(string))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s.status: enum %q, want %q", c.schema, got, c.want)
		}
	}
}

// Who may call an endpoint, as the document states it, is what its guards
// enforce: every endpoint declared for signed-in users or staff answers
// 401 to a visitor without a session, and a buyer gets 403 from the staff
// ones.
func TestDeclaredAccessIsGuarded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		buyer := e.signUpVerified("Bea Buyer", "bea@example.com", "buyer password")
		guarded := 0
		for _, ep := range contract() {
			if ep.access == anyone {
				continue
			}
			guarded++
			path := strings.NewReplacer("{id}", uuid.NewString(), "{callId}", uuid.NewString()).Replace(ep.path)
			expectError(t, e.call(ep.method, path, map[string]any{}, nil), 401, "unauthenticated", "")
			if ep.access == staff {
				expectError(t, e.call(ep.method, path, map[string]any{}, buyer), 403, "staff_only", "")
			}
		}
		if guarded < 20 {
			t.Errorf("only %d guarded endpoints", guarded)
		}
	})
}

// The unions the document describes (who is signed in, what sign-in
// answers) hold every answer the handlers write: each fits one member
// exactly, with no field left over or missing.
func TestUnionAnswersFitTheirMembers(t *testing.T) {
	user := auth.User{ID: "u-1", Email: "a@b.co", FullName: "Ada", Role: auth.RoleStaff}
	setup := &auth.TOTPSetup{Secret: "S", URL: "otpauth://x", QR: "data:image/png;base64,x"}
	fits := func(answer any, members ...any) {
		t.Helper()
		b, err := json.Marshal(answer)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range members {
			dec := json.NewDecoder(bytes.NewReader(b))
			dec.DisallowUnknownFields()
			v := reflect.New(reflect.TypeOf(m))
			if dec.Decode(v.Interface()) != nil {
				continue
			}
			if again, _ := json.Marshal(v.Interface()); bytes.Equal(again, b) {
				return
			}
		}
		t.Errorf("%s fits none of %T", b, members)
	}
	me := []any{signedOutAnswer{}, signedInAnswer{}}
	fits(meAnswer{}, me...)
	fits(meAnswer{SecondStep: true}, me...)
	fits(meAnswer{Authenticated: true, User: &user}, me...)
	signIn := []any{userAnswer{}, totpStep{}, totpSetupStep{}}
	fits(signInAnswer{User: &user}, signIn...)
	fits(signInAnswer{secondStepAnswer: &secondStepAnswer{Step: "totp"}}, signIn...)
	fits(signInAnswer{secondStepAnswer: &secondStepAnswer{Step: "totp-setup", TOTPSetup: setup}}, signIn...)
	fits(secondStepAnswer{Step: "totp"}, totpStep{}, totpSetupStep{})
	fits(secondStepAnswer{Step: "totp-setup", TOTPSetup: setup}, totpStep{}, totpSetupStep{})
}
