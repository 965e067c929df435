package web

//go:generate go run ./genopenapi -o ../../web/src/shared/api/openapi.json
//go:generate sh -c "cd ../../web && npx openapi-typescript src/shared/api/openapi.json --enum-values -o src/shared/api/schema.ts"

import (
	"cmp"
	"encoding/json"
	"net/http"
	"path"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/danielgtaylor/huma/v2"
)

// The wire contract. Every JSON endpoint is declared once, as an endpoint:
// its method and path, the Go types of its body and its answer, its query
// parameters and who may call it. The mux serves that declaration and
// GET /api/openapi.json describes it (OpenAPI 3.1, built with huma's schema
// registry from the same Go types), and the app's types and client are
// generated from that document (web/src/shared/api/schema.ts, see `make api`).
//
// Only the document comes from huma: its request pipeline would read and
// validate bodies itself (its own 413, 415 and 422 answers, no text
// cleaning), while every body here goes through decodeBody and every
// failure through writeFailure.

// none stands for "no body" as an endpoint's input, and for "no content"
// (a bare status, such as 204) as its answer.
type none struct{}

// access says who may call an endpoint; the guards enforce it and the
// document states it.
type access int

const (
	anyone   access = iota
	signedIn        // a session cookie of a signed-in user: 401 otherwise
	staff           // a signed-in staff member: 401, or 403 for a buyer
)

// endpoint is one declared endpoint.
type endpoint struct {
	method, path string
	pattern      string // method and path: the ServeMux pattern
	summary      string
	tag          string
	status       int          // the success status
	body         reflect.Type // nil: no request body
	out          reflect.Type // nil: no response body
	query        []string     // the query parameters it reads
	access       access
	// produces is the answer's media type when it is not JSON (the CSV).
	produces string
	// anyBody and anyAnswer: a JSON body, or answer, whose shape is not
	// declared here (Vapi's messages; this document itself).
	anyBody, anyAnswer bool
	handler            http.HandlerFunc
}

// doc sets the document's words and the query parameters the handler reads.
func (e endpoint) doc(tag, summary string, query ...string) endpoint {
	e.tag, e.summary, e.query = tag, summary, query
	return e
}

// as records who may call the endpoint (the guards are mounted apart).
func (e endpoint) as(a access) endpoint {
	e.access = a
	return e
}

// jsonOp declares a JSON endpoint: its handler gets the body decoded into
// In by decodeBody (at most limit bytes, strings cleaned; none: no body is
// read) and returns Out, written with status (none: the bare status), or
// an error, written by writeFailure.
func jsonOp[In, Out any](a *api, method, pattern string, status int, limit int64, h func(w http.ResponseWriter, r *http.Request, in *In) (Out, error)) endpoint {
	e := endpoint{method: method, path: pattern, pattern: method + " " + pattern, status: status}
	if t := reflect.TypeFor[In](); t != reflect.TypeFor[none]() {
		e.body = t
	}
	if t := reflect.TypeFor[Out](); t != reflect.TypeFor[none]() {
		e.out = t
	}
	e.handler = func(w http.ResponseWriter, r *http.Request) {
		var in In
		if e.body != nil {
			if err := decodeBody(w, r, &in, limit); err != nil {
				a.fail(w, r, err)
				return
			}
		}
		out, err := h(w, r, &in)
		if err != nil {
			a.fail(w, r, err)
			return
		}
		if e.out == nil {
			w.WriteHeader(status)
			return
		}
		writeJSON(w, status, out)
	}
	return e
}

// plainOp declares an endpoint served by a plain handler (the CSV, Vapi's
// webhook), so that the document lists it too.
func plainOp(method, pattern string, h http.HandlerFunc) endpoint {
	return endpoint{method: method, path: pattern, pattern: method + " " + pattern, status: http.StatusOK, handler: h}
}

// errorBody is the one shape of every failure (see writeFailure).
type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code    string `json:"code" doc:"Stable and machine-readable; every code is in internal/apierr/codes.go."`
	Message string `json:"message" doc:"In English, for people."`
	Field   string `json:"field,omitempty" doc:"The offending input's JSON name, when there is one."`
	// Errors is every problem of a form's input at once (one per field),
	// the first being the error itself; absent for a single problem.
	Errors []fieldProblem `json:"errors,omitempty" doc:"Every problem of the input, one per field, when a form had several checked at once (the first is the error itself)."`
}

// fieldProblem is one field's problem in errorDetail.Errors.
type fieldProblem struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Field   string `json:"field"`
}

// contract is every JSON endpoint of the API, with services that are never
// called: the document describes them all, whatever a server was started
// with (a server without calls or a webhook secret answers 404 there).
func contract() []endpoint {
	base := &api{}
	account := &accountAPI{api: base}
	voices := &voiceAPI{api: base}
	var eps []endpoint
	eps = append(eps, account.table()...)
	eps = append(eps, (&callsAPI{api: base}).table()...)
	eps = append(eps, (&alertsAPI{api: base}).table()...)
	eps = append(eps, (&quoteAPI{api: base}).table()...)
	eps = append(eps, voices.table()...)
	eps = append(eps, voices.webhooks()...)
	eps = append(eps, (&consoleAPI{api: base}).table()...)
	eps = append(eps, (&integrationsAPI{api: base}).table()...)
	eps = append(eps, (&reportsAPI{api: base}).table()...)
	eps = append(eps, (&companyAPI{api: base}).table()...)
	eps = append(eps, (&billingAPI{api: base}).table()...)
	eps = append(eps, (&paymentsAPI{api: base}).table()...)
	eps = append(eps, (&settingsAPI{api: base}).table()...)
	eps = append(eps, (&dpaAPI{api: base}).table()...)
	eps = append(eps, openAPIEndpoint())
	return eps
}

func openAPIEndpoint() endpoint {
	return endpoint{method: http.MethodGet, path: "/api/openapi.json", pattern: "GET /api/openapi.json", status: http.StatusOK, tag: "contract",
		summary: "This document: every JSON endpoint's input and output.", anyAnswer: true, handler: serveOpenAPI}
}

// openAPIDoc is the document, built once (set in init: the document lists
// its own endpoint).
var openAPIDoc func() ([]byte, error)

func init() {
	// The services answer [] for an empty list, never null, as the app
	// expects.
	huma.DefaultArrayNullable = false
	openAPIDoc = sync.OnceValues(OpenAPI)
}

// serveOpenAPI answers the document; it needs neither a session nor the
// database, and holds nothing but paths and shapes.
func serveOpenAPI(w http.ResponseWriter, r *http.Request) {
	doc, err := openAPIDoc()
	if err != nil {
		panic("web: the OpenAPI document: " + err.Error())
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(doc)
}

// OpenAPI is the API's OpenAPI 3.1 document, indented, with a final newline.
func OpenAPI() ([]byte, error) {
	b, err := json.MarshalIndent(openAPI(contract()), "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

var pathParam = regexp.MustCompile(`\{([A-Za-z]+)\}`)

func openAPI(eps []endpoint) *huma.OpenAPI {
	reg := huma.NewMapRegistry("#/components/schemas/", schemaName)
	doc := &huma.OpenAPI{
		OpenAPI: "3.1.0",
		Info: &huma.Info{Title: "Belwise API", Version: "1",
			Description: "The site's JSON API, same-origin only. Every failure is `{\"error\":{\"code\",\"message\",\"field\"}}` with the status of its kind; see README.md, \"The API\"."},
		Components: &huma.Components{
			Schemas: reg,
			SecuritySchemes: map[string]*huma.SecurityScheme{
				"session": {Type: "apiKey", In: "cookie", Name: "session",
					Description: "The HttpOnly session cookie that sign-in sets (__Host-session over HTTPS)."},
			},
		},
	}
	failure := &huma.Response{Description: "A failure, with the status of its kind (400, 401, 403, 404, 405, 408, 409, 413, 415, 429 with Retry-After, 500, 503 with Retry-After).",
		Content: map[string]*huma.MediaType{"application/json": {Schema: ref(reg, reflect.TypeFor[errorBody]())}}}
	for _, e := range eps {
		op := &huma.Operation{
			Method: e.method, Path: e.path, Summary: e.summary,
			OperationID: operationID(e),
			Responses:   map[string]*huma.Response{"default": failure},
		}
		if e.tag != "" {
			op.Tags = []string{e.tag}
		}
		if e.access != anyone {
			op.Security = []map[string][]string{{"session": {}}}
			if e.access == staff {
				op.Description = "Staff only: 401 without a session, 403 for a buyer."
			} else {
				op.Description = "Signed in only: 401 without a session."
			}
		}
		for _, m := range pathParam.FindAllStringSubmatch(e.path, -1) {
			op.Parameters = append(op.Parameters, &huma.Param{Name: m[1], In: "path", Required: true, Schema: &huma.Schema{Type: huma.TypeString}})
		}
		for _, q := range e.query {
			// "name:kind" names a parameter whose schema is kind's, for a
			// name that means different things on different endpoints.
			name, kind, ok := strings.Cut(q, ":")
			if !ok {
				kind = name
			}
			op.Parameters = append(op.Parameters, &huma.Param{Name: name, In: "query", Schema: querySchema(kind)})
		}
		switch {
		case e.body != nil:
			op.RequestBody = &huma.RequestBody{Required: true,
				Content: map[string]*huma.MediaType{"application/json": {Schema: ref(reg, e.body)}}}
		case e.anyBody:
			op.RequestBody = &huma.RequestBody{Required: true, Description: "A Vapi server message.",
				Content: map[string]*huma.MediaType{"application/json": {Schema: &huma.Schema{Type: huma.TypeObject}}}}
		}
		ok := &huma.Response{Description: http.StatusText(e.status)}
		switch {
		case e.out != nil:
			ok.Content = map[string]*huma.MediaType{"application/json": {Schema: ref(reg, e.out)}}
		case e.produces != "":
			ok.Content = map[string]*huma.MediaType{e.produces: {Schema: &huma.Schema{Type: huma.TypeString}}}
		case e.anyAnswer:
			ok.Content = map[string]*huma.MediaType{"application/json": {Schema: &huma.Schema{Type: huma.TypeObject}}}
		}
		op.Responses[strconv.Itoa(e.status)] = ok
		doc.AddOperation(op)
	}
	for _, e := range eps {
		for _, t := range []reflect.Type{e.body, e.out} {
			if t != nil {
				nullableObjects(reg, t, map[reflect.Type]bool{})
			}
		}
	}
	return doc
}

// querySchema is a query parameter's schema: a string, except the page
// size (see page), the console's assigned filter and the call lists'
// filters (see calls.Filter).
func querySchema(name string) *huma.Schema {
	switch name {
	case "limit":
		least := 1.0
		return &huma.Schema{Type: huma.TypeInteger, Minimum: &least, Description: "Items a page holds: 50 without it, more than 100 is 100."}
	case "assigned":
		return &huma.Schema{Type: huma.TypeString, Enum: []any{"true", "false"}}
	case "period":
		return &huma.Schema{Type: huma.TypeString, Enum: []any{"month", "last-month", "7d", "30d", "90d", "custom", "all"},
			Description: "month (the buyer's default), last-month, the last 7d/30d/90d, custom (from, to) or all (the console only, its default)."}
	case "month":
		return &huma.Schema{Type: huma.TypeString, Pattern: `^[0-9]{4}-(0[1-9]|1[0-2])$`, Description: "A calendar month, YYYY-MM (Europe/Amsterdam)."}
	case "from", "to":
		return &huma.Schema{Type: huma.TypeString, Format: "date", Description: "A custom period's first or last day (YYYY-MM-DD in tz, included)."}
	case "outcome":
		return &huma.Schema{Type: huma.TypeString, Enum: []any{"answered", "missed", "failed", "pending"}}
	case "direction":
		return &huma.Schema{Type: huma.TypeString, Enum: []any{"inbound", "outbound", "web"}}
	case "goal":
		return &huma.Schema{Type: huma.TypeString, Enum: []any{"yes", "no"}, Description: "Whether the call reached its goal (Vapi's success evaluation)."}
	case "q":
		max := 200
		return &huma.Schema{Type: huma.TypeString, MaxLength: &max, Description: "Search: words of the summary or transcript, or the caller's number; empty finds everything."}
	}
	return &huma.Schema{Type: huma.TypeString}
}

// ref is t's schema as a reference to components: a type that describes
// itself (a union) is added there under its own name.
func ref(reg huma.Registry, t reflect.Type) *huma.Schema {
	if _, ok := reflect.New(t).Interface().(huma.SchemaProvider); ok {
		name := schemaName(t, "")
		if _, done := reg.Map()[name]; !done {
			reg.Map()[name] = reg.Schema(t, false, "")
		}
		return &huma.Schema{Ref: "#/components/schemas/" + name}
	}
	return reg.Schema(t, true, "")
}

// nullableObjects marks every struct field that is a pointer to a struct,
// sent as null when nil (no omitempty), as "that object or null": huma
// only makes pointers to scalars nullable.
func nullableObjects(reg huma.Registry, t reflect.Type, seen map[reflect.Type]bool) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || t.Name() == "" || seen[t] {
		return
	}
	seen[t] = true
	s := reg.Schema(t, true, "")
	if s.Ref != "" {
		s = reg.SchemaFromRef(s.Ref)
	}
	if s == nil {
		return
	}
	for _, f := range reflect.VisibleFields(t) {
		if !f.IsExported() || f.Anonymous {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		name = cmp.Or(name, f.Name)
		if f.Type.Kind() == reflect.Pointer && f.Type.Elem().Kind() == reflect.Struct && !strings.Contains(opts, "omitempty") {
			if p := s.Properties[name]; p != nil && p.Ref != "" {
				s.Properties[name] = &huma.Schema{AnyOf: []*huma.Schema{{Ref: p.Ref}, {Type: "null"}}}
			}
		}
		nullableObjects(reg, f.Type, seen)
	}
}

// schemaName names a Go type in the document: its name, prefixed by its
// package where two packages use the same name (calls.Summary is
// CallSummary, quote.Summary QuoteSummary); a page of T is TPage.
func schemaName(t reflect.Type, hint string) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	name := t.Name()
	if name == "" {
		return upperFirst(hint)
	}
	if base, arg, ok := strings.Cut(name, "["); ok {
		arg = strings.TrimSuffix(arg, "]")
		dot := strings.LastIndexByte(arg, '.')
		return qualify(path.Base(arg[:dot]), arg[dot+1:]) + base
	}
	return qualify(path.Base(t.PkgPath()), name)
}

var packagePrefix = map[string]string{"calls": "Call", "quote": "Quote", "catalogue": "Catalogue", "calldata": "CallData", "reports": "Report", "billing": "Billing"}

func qualify(pkg, name string) string {
	name = upperFirst(name)
	prefix := packagePrefix[pkg]
	if strings.HasPrefix(name, prefix) {
		return name
	}
	return prefix + name
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// operationID is the method and the path's words in camel case:
// GET /api/console/quotes/{id} is getConsoleQuotesId.
func operationID(e endpoint) string {
	var b strings.Builder
	b.WriteString(strings.ToLower(e.method))
	for _, part := range strings.FieldsFunc(strings.TrimPrefix(e.path, "/api/"), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		b.WriteString(upperFirst(part))
	}
	return b.String()
}

// mount serves each endpoint on mux, wrapped by wrap (the guards).
func mount(mux *http.ServeMux, eps []endpoint, wrap func(endpoint) http.HandlerFunc) {
	for _, e := range eps {
		h := wrap(e)
		mux.HandleFunc(e.pattern, func(w http.ResponseWriter, r *http.Request) {
			setRoute(r, e.pattern)
			h(w, r)
		})
	}
}
