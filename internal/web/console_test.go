package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/demo"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/google/uuid"
)

// staffCookie signs up a verified account, makes it staff and returns the
// cookie of a complete session: signed in again with the password, and
// through the second step's first-time setup (see staffSignInWithSetup).
func (e *accountEnv) staffCookie(name, email string) *http.Cookie {
	e.t.Helper()
	e.signUpVerified(name, email, "staff password")
	u, err := e.db.UserByEmail(e.t.Context(), email)
	if err != nil {
		e.t.Fatal(err)
	}
	if err := e.db.SetUserRole(e.t.Context(), u.ID, store.RoleStaff); err != nil {
		e.t.Fatal(err)
	}
	c, _, _ := e.staffSignInWithSetup(email, "staff password")
	return c
}

// decode reads a JSON answer of the expected status into v.
func decode[T any](t *testing.T, rec *httptest.ResponseRecorder, status int) T {
	t.Helper()
	expectStatus(t, rec, status)
	var v T
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("%v: %s", err, rec.Body)
	}
	return v
}

func expectError(t *testing.T, rec *httptest.ResponseRecorder, status int, code, field string) {
	t.Helper()
	expectStatus(t, rec, status)
	var e struct {
		Error struct{ Code, Field string } `json:"error"`
	}
	json.Unmarshal(rec.Body.Bytes(), &e)
	if e.Error.Code != code || e.Error.Field != field {
		t.Fatalf("error %q field %q, want %q %q: %s", e.Error.Code, e.Error.Field, code, field, rec.Body)
	}
}

// The answers' shapes, as the console's contract has them.
type (
	person struct{ ID, Email, FullName string }
	change struct {
		From, To *string
		Actor    *person
		At       time.Time
	}
	quoteSummary struct {
		ID, FullName, Email, CompanyName, BusinessType, Phone, Language, Locale, Status, Source string
		Version                                                                                 int
		CreatedAt                                                                               time.Time
	}
	quoteDetail struct {
		quoteSummary
		Description, TimeZone string
		UserID                *string
		Notes                 []struct {
			ID, Body  string
			Author    *person
			CreatedAt time.Time
		}
		History []change
		Orders  []struct{ ID, Number, Status string }
	}
	consoleOrder struct {
		ID, Number, Status string
		Version            int
		AmountCents        int64
		Currency           string
		CreatedAt          time.Time
		UpdatedAt          time.Time
		Buyer              struct{ ID, Email, FullName, Locale string }
		Agent              struct{ ID, Name, Title, NameNl, TitleNl string }
		QuoteID            *string
	}
	listPage[T any] struct {
		Items      []T
		NextCursor *string
	}
)

func (e *accountEnv) agentID() string {
	e.t.Helper()
	agents, err := e.db.Agents(e.t.Context())
	if err != nil || len(agents) == 0 {
		e.t.Fatalf("no agents: %v", err)
	}
	return agents[0].ID
}

// Every console endpoint answers 401 to an anonymous visitor, 403 to a
// signed-in buyer and 503 while the database is down: the routes come from
// the table the console is mounted from, so a new endpoint is checked here
// without anyone listing it.
func TestConsoleGuards(t *testing.T) {
	routes := (&consoleAPI{}).table()
	if len(routes) < 12 {
		t.Fatalf("only %d console routes", len(routes))
	}
	// A path nobody has built is behind the guards too.
	patterns := []string{"GET /api/console/unbuilt", "DELETE /api/console/quotes/{id}"}
	for _, rt := range routes {
		patterns = append(patterns, rt.pattern)
	}
	request := func(pattern string) (method, path string) {
		method, path, _ = strings.Cut(pattern, " ")
		return method, strings.ReplaceAll(path, "{id}", uuid.NewString())
	}
	body := map[string]any{"status": "won", "version": 1, "body": "x", "agentId": uuid.NewString(), "amountCents": 1}

	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		buyer := e.signUpVerified("Bea Buyer", "bea@example.com", "buyer password")
		staff := e.staffCookie("Sam Staff", "sam@example.com")
		for _, p := range patterns {
			method, path := request(p)
			expectError(t, e.call(method, path, body, nil), 401, "unauthenticated", "")
			expectError(t, e.call(method, path, body, buyer), 403, "staff_only", "")
			// Staff get past the guards (to an answer of the endpoint's own).
			if rec := e.call(method, path, body, staff); rec.Code == 401 || rec.Code == 403 || rec.Code >= 500 {
				t.Errorf("%s as staff: %d %s", p, rec.Code, rec.Body)
			}
		}
	})

	e := newEnv(t, storetest.SQLite(t), envOptions{ready: func() bool { return false }})
	for _, p := range patterns {
		method, path := request(p)
		expectError(t, e.call(method, path, body, nil), 503, "unavailable", "")
	}
}

// A Dutch visitor's request becomes an order: staff find it, make the
// order, the new account is invited in Dutch, the buyer sets a password
// through the emailed link, is signed in and sees the order in euros on the
// Dutch dashboard. A second order for the same, now active, account sends
// no invitation.
func TestQuoteToOrderInvitation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		ctx := t.Context()
		if _, err := demo.Seed(ctx, db, demo.Accounts{Buyer: demo.User{Email: "demo@example.com", PasswordHash: "x", Locale: "en"}}, time.Now()); err != nil {
			t.Fatal(err)
		}
		staff := e.staffCookie("Sam Staff", "sam@example.com")
		quote := with(map[string]any{"fullName": "Joost van Dijk", "email": "Joost@Example.NL", "companyName": "Van Dijk Dakwerken", "locale": "nl"})
		expectStatus(t, e.call("POST", "/api/quotes", quote, nil), 201)
		e.flushMail() // the inbox email and the confirmation

		list := decode[listPage[quoteSummary]](t, e.call("GET", "/api/console/quotes?q=dakwerken&status=new", nil, staff), 200)
		if len(list.Items) != 1 || list.NextCursor != nil {
			t.Fatalf("search: %+v", list)
		}
		q := list.Items[0]
		if q.FullName != "Joost van Dijk" || q.Status != "new" || q.Source != "form" || q.Locale != "nl" || q.Version != 1 {
			t.Fatalf("listed %+v", q)
		}

		agent := e.agentID()
		rec := e.call("POST", "/api/console/quotes/"+q.ID+"/orders", map[string]any{"agentId": agent, "amountCents": 249900, "currency": "eur"}, staff)
		made := decode[struct {
			Order   consoleOrder
			Invited bool
		}](t, rec, 201)
		o := made.Order
		if !made.Invited || o.Status != "pending" || o.Version != 1 || o.Currency != "EUR" || o.AmountCents != 249900 ||
			o.Buyer.Email != "joost@example.nl" || o.Buyer.Locale != "nl" || o.Buyer.FullName != "Joost van Dijk" ||
			o.Agent.ID != agent || o.QuoteID == nil || *o.QuoteID != q.ID || o.Number != o.ID[:8] {
			t.Fatalf("order %s", rec.Body)
		}

		// The request is won, by the staff member, and lists its order.
		d := decode[struct{ Quote quoteDetail }](t, e.call("GET", "/api/console/quotes/"+q.ID, nil, staff), 200).Quote
		h := d.History
		if d.Status != "won" || d.Version != 2 || len(h) != 2 || h[0].From != nil || *h[0].To != "new" || h[0].Actor != nil ||
			*h[1].From != "new" || *h[1].To != "won" || h[1].Actor == nil || h[1].Actor.Email != "sam@example.com" ||
			len(d.Orders) != 1 || d.Orders[0].ID != o.ID || d.UserID == nil || *d.UserID != o.Buyer.ID {
			t.Fatalf("quote after the order: %+v", d)
		}

		// The invitation: one email, Dutch, with a link to the Dutch page.
		msgs := e.flushMail()
		if len(msgs) != 1 || msgs[0].To != "joost@example.nl" || !strings.Contains(msgs[0].Subject, "Uw Belwise-account") ||
			!strings.Contains(msgs[0].Text, testSiteURL+"/nl/auth#invite=") || !strings.Contains(msgs[0].Text, "Joost") {
			t.Fatalf("invitation: %+v", msgs)
		}
		token := tokenFrom(t, msgs, "joost@example.nl", "invite")

		// Until then the account has no password to sign in with.
		expectStatus(t, e.call("POST", "/api/auth/sign-in", map[string]string{"email": "joost@example.nl", "password": "een goed wachtwoord"}, nil), 401)
		expectError(t, e.call("POST", "/api/auth/accept-invite", map[string]string{"token": token, "password": "kort"}, nil), 400, "password_too_short", "")
		rec = e.call("POST", "/api/auth/accept-invite", map[string]string{"token": token, "password": "een goed wachtwoord"}, nil)
		me := decode[struct{ User person }](t, rec, 200)
		buyer := cookieFrom(t, rec)
		if me.User.Email != "joost@example.nl" {
			t.Fatalf("accepted as %+v", me.User)
		}
		expectError(t, e.call("POST", "/api/auth/accept-invite", map[string]string{"token": token, "password": "een goed wachtwoord"}, nil), 400, "invalid_token", "")
		expectStatus(t, e.call("POST", "/api/auth/sign-in", map[string]string{"email": "joost@example.nl", "password": "een goed wachtwoord"}, nil), 200)

		// The Dutch dashboard: the order in euros, the agent in Dutch.
		dash := decode[struct {
			Stats struct {
				TotalPurchases int
				TotalInvested  []struct {
					Currency    string
					AmountCents int64
				}
			}
			Orders []struct {
				ID, Status, Currency string
				AmountCents          int64
				Agent                struct{ Name, Title, Description string }
			}
		}](t, e.call("GET", "/api/dashboard?lang=nl", nil, buyer), 200)
		nl := demo.Catalogue[0] // the agents list by English name: Appointment Setter first
		if len(dash.Orders) != 1 || dash.Orders[0].ID != o.ID || dash.Orders[0].Currency != "EUR" || dash.Orders[0].Agent.Name != nl.NameNl ||
			dash.Orders[0].Agent.Title != nl.TitleNl || dash.Stats.TotalPurchases != 1 || len(dash.Stats.TotalInvested) != 1 ||
			dash.Stats.TotalInvested[0].Currency != "EUR" || dash.Stats.TotalInvested[0].AmountCents != 249900 {
			t.Fatalf("Dutch dashboard: %+v", dash)
		}

		// An account that can sign in is not invited again: it hears that
		// its order is being set up, in its own language.
		rec = e.call("POST", "/api/console/quotes/"+q.ID+"/orders", map[string]any{"agentId": agent, "amountCents": 100}, staff)
		again := decode[struct {
			Order   consoleOrder
			Invited bool
		}](t, rec, 201)
		if again.Invited || again.Order.Buyer.ID != o.Buyer.ID || again.Order.Currency != "EUR" {
			t.Fatalf("second order: %s", rec.Body)
		}
		msgs = e.flushMail()
		if len(msgs) != 1 || linkToken.MatchString(msgs[0].Text) || !strings.HasPrefix(msgs[0].Subject, "We richten uw agent in") {
			t.Fatalf("second order's email: %+v", msgs)
		}

		// An existing account that was never invited (a buyer who signed up
		// on the site) gets an order without an invitation too.
		e.signUpVerified("Kim", "kim@example.com", "kims password")
		expectStatus(t, e.call("POST", "/api/quotes", with(map[string]any{"email": "kim@example.com", "locale": "en"}), nil), 201)
		e.flushMail()
		kim := decode[listPage[quoteSummary]](t, e.call("GET", "/api/console/quotes?q=KIM@", nil, staff), 200).Items[0]
		rec = e.call("POST", "/api/console/quotes/"+kim.ID+"/orders", map[string]any{"agentId": agent, "amountCents": 5000}, staff)
		if decode[struct{ Invited bool }](t, rec, 201).Invited {
			t.Fatal("an account that can sign in was invited")
		}
		msgs = e.flushMail()
		if len(msgs) != 1 || msgs[0].To != "kim@example.com" || linkToken.MatchString(msgs[0].Text) || !strings.HasPrefix(msgs[0].Subject, "We’re setting up your agent") {
			t.Fatalf("Kim's email: %+v", msgs)
		}

		// Bad input names its field.
		for _, tc := range []struct {
			body        map[string]any
			code, field string
		}{
			{map[string]any{"agentId": uuid.NewString(), "amountCents": 1}, "unknown_agent", "agentId"},
			{map[string]any{"agentId": "nope", "amountCents": 1}, "unknown_agent", "agentId"},
			{map[string]any{"agentId": agent, "amountCents": -1}, "invalid_amount", "amountCents"},
			{map[string]any{"agentId": agent, "amountCents": 1, "currency": "EURO"}, "invalid_currency", "currency"},
		} {
			expectError(t, e.call("POST", "/api/console/quotes/"+q.ID+"/orders", tc.body, staff), 400, tc.code, tc.field)
		}
		expectError(t, e.call("POST", "/api/console/quotes/"+uuid.NewString()+"/orders", map[string]any{"agentId": agent, "amountCents": 1}, staff), 404, "not_found", "")
	})
}

// A status change needs the version the staff member saw: a stale one is a
// 409 and changes nothing. Each change is in the order's history and emails
// the buyer once, in the buyer's language.
func TestOrderStatusChange(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		ctx := t.Context()
		if _, err := demo.Seed(ctx, db, demo.Accounts{Buyer: demo.User{Email: "demo@example.com", PasswordHash: "x", Locale: "en"}}, time.Now()); err != nil {
			t.Fatal(err)
		}
		staff := e.staffCookie("Sam Staff", "sam@example.com")
		agent := demo.Catalogue[3] // Order Line / Bestellijn
		orderFor := func(email, locale string) consoleOrder {
			t.Helper()
			expectStatus(t, e.call("POST", "/api/quotes", with(map[string]any{"fullName": "Ria " + locale, "email": email, "locale": locale}), nil), 201)
			e.flushMail()
			q := decode[listPage[quoteSummary]](t, e.call("GET", "/api/console/quotes?q="+url.QueryEscape(email), nil, staff), 200).Items[0]
			rec := e.call("POST", "/api/console/quotes/"+q.ID+"/orders", map[string]any{"agentId": agent.ID, "amountCents": 149950, "currency": "EUR"}, staff)
			e.flushMail() // the invitation
			return decode[struct{ Order consoleOrder }](t, rec, 201).Order
		}
		dutch, english := orderFor("ria@example.nl", "nl"), orderFor("ria@example.com", "en")

		patch := func(o consoleOrder, status string, version int) *httptest.ResponseRecorder {
			return e.call("PATCH", "/api/console/orders/"+o.ID, map[string]any{"status": status, "version": version}, staff)
		}
		got := decode[struct{ Order consoleOrder }](t, patch(dutch, "completed", 1), 200).Order
		if got.Status != "completed" || got.Version != 2 || !got.UpdatedAt.After(dutch.UpdatedAt) {
			t.Fatalf("after the change: %+v", got)
		}
		// The agent in both languages, for the console's English and Dutch pages, in every answer.
		for _, o := range []consoleOrder{dutch, got, decode[listPage[consoleOrder]](t, e.call("GET", "/api/console/orders?q=ria%40example.nl", nil, staff), 200).Items[0],
			decode[struct{ Order consoleOrder }](t, e.call("GET", "/api/console/orders/"+dutch.ID, nil, staff), 200).Order} {
			if a := o.Agent; a.ID != agent.ID || a.Name != agent.NameEn || a.Title != agent.TitleEn || a.NameNl != agent.NameNl || a.TitleNl != agent.TitleNl {
				t.Fatalf("agent %+v, want %s / %s", a, agent.NameEn, agent.NameNl)
			}
		}
		// Someone else, who still saw version 1, is refused.
		expectError(t, patch(dutch, "cancelled", 1), 409, "version_conflict", "")
		// The same status again changes nothing.
		if same := decode[struct{ Order consoleOrder }](t, patch(dutch, "completed", 2), 200).Order; same.Version != 2 {
			t.Fatalf("no-op change bumped the version: %+v", same)
		}
		msgs := e.flushMail()
		if len(msgs) != 1 || msgs[0].To != "ria@example.nl" || msgs[0].Subject != "Uw agent is live: "+agent.NameNl ||
			!strings.Contains(msgs[0].Text, "Beste") && !strings.Contains(msgs[0].Text, "Hoi") ||
			!strings.Contains(msgs[0].Text, testSiteURL+"/nl/dashboard/orders/"+dutch.ID) {
			t.Fatalf("the Dutch buyer's email: %+v", msgs)
		}

		expectStatus(t, patch(english, "refunded", 1), 200)
		msgs = e.flushMail()
		if len(msgs) != 1 || msgs[0].To != "ria@example.com" || msgs[0].Subject != "Order #"+english.Number+" has been refunded" ||
			!strings.Contains(msgs[0].Text, "€1,499.50") {
			t.Fatalf("the English buyer's email: %+v", msgs)
		}

		// The audit trail: created by the staff member, then the change.
		d := decode[struct {
			Order   consoleOrder
			History []change
		}](t, e.call("GET", "/api/console/orders/"+dutch.ID, nil, staff), 200)
		h := d.History
		if d.Order.Version != 2 || len(h) != 2 || h[0].From != nil || *h[0].To != "pending" || h[0].Actor.Email != "sam@example.com" ||
			*h[1].From != "pending" || *h[1].To != "completed" || h[1].Actor.Email != "sam@example.com" {
			t.Fatalf("order history: %+v", d)
		}

		expectError(t, patch(dutch, "shipped", 2), 400, "invalid_status", "status")
		expectError(t, e.call("PATCH", "/api/console/orders/"+dutch.ID, map[string]any{"status": "pending"}, staff), 400, "required", "version")
		expectError(t, e.call("PATCH", "/api/console/orders/"+uuid.NewString(), map[string]any{"status": "pending", "version": 1}, staff), 404, "not_found", "")
		expectError(t, e.call("GET", "/api/console/orders/nope", nil, staff), 404, "not_found", "")
		if n := len(e.flushMail()); n != 0 {
			t.Fatalf("%d emails for refused changes", n)
		}

		// Filters: by status, by buyer, by the buyer's email.
		for query, want := range map[string]int{"status=completed&q=ria": 1, "buyer=" + english.Buyer.ID: 1, "q=ria@example": 2, "status=refunded&q=.nl": 0} {
			if got := decode[listPage[consoleOrder]](t, e.call("GET", "/api/console/orders?"+query, nil, staff), 200); len(got.Items) != want {
				t.Errorf("orders?%s: %d, want %d", query, len(got.Items), want)
			}
		}
		expectError(t, e.call("GET", "/api/console/orders?status=bogus", nil, staff), 400, "invalid_status", "status")
	})
}

// Notes and the quote's own status, with the same optimistic concurrency.
func TestConsoleQuoteStatusAndNotes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		staff := e.staffCookie("Sam Staff", "sam@example.com")
		id := created(t, e.call("POST", "/api/quotes", validQuote(), nil)).ID
		path := "/api/console/quotes/" + id

		d := decode[struct{ Quote quoteDetail }](t, e.call("PATCH", path, map[string]any{"status": "contacted", "version": 1}, staff), 200).Quote
		if d.Status != "contacted" || d.Version != 2 || len(d.History) != 2 || d.Description == "" || d.TimeZone != "Europe/Amsterdam" {
			t.Fatalf("after PATCH: %+v", d)
		}
		expectError(t, e.call("PATCH", path, map[string]any{"status": "lost", "version": 1}, staff), 409, "version_conflict", "")
		expectError(t, e.call("PATCH", path, map[string]any{"status": "maybe", "version": 2}, staff), 400, "invalid_status", "status")

		n := decode[struct {
			Note struct {
				ID, Body string
				Author   person
			}
		}](t, e.call("POST", path+"/notes", map[string]string{"body": "  Called back.\r\nDemo on Thursday.  "}, staff), 201).Note
		if n.Body != "Called back.\nDemo on Thursday." || n.Author.Email != "sam@example.com" || n.Author.FullName != "Sam Staff" {
			t.Fatalf("note %+v", n)
		}
		expectError(t, e.call("POST", path+"/notes", map[string]string{"body": " \n "}, staff), 400, "required", "body")
		expectError(t, e.call("POST", path+"/notes", map[string]string{"body": strings.Repeat("é", 5001)}, staff), 400, "too_long", "body")
		expectError(t, e.call("POST", "/api/console/quotes/"+uuid.NewString()+"/notes", map[string]string{"body": "x"}, staff), 404, "not_found", "")
		d = decode[struct{ Quote quoteDetail }](t, e.call("GET", path, nil, staff), 200).Quote
		if len(d.Notes) != 1 || d.Notes[0].ID != n.ID || d.Version != 2 {
			t.Fatalf("detail: %+v", d)
		}
		expectError(t, e.call("GET", "/api/console/quotes/"+uuid.NewString(), nil, staff), 404, "not_found", "")
	})
}

// Turning a request into an order marks it won and bumps its version, so a
// status form opened before the order (another tab, another colleague)
// gets 409 and can never quietly turn the won request back.
func TestQuoteStatusStaleAfterOrder(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		if _, err := demo.Seed(t.Context(), db, demo.Accounts{Buyer: demo.User{Email: "demo@example.com", PasswordHash: "x", Locale: "en"}}, time.Now()); err != nil {
			t.Fatal(err)
		}
		staff := e.staffCookie("Sam Staff", "sam@example.com")
		id := created(t, e.call("POST", "/api/quotes", validQuote(), nil)).ID
		path := "/api/console/quotes/" + id
		detail := func() quoteDetail {
			t.Helper()
			return decode[struct{ Quote quoteDetail }](t, e.call("GET", path, nil, staff), 200).Quote
		}
		// The stale form: loaded while the request was new.
		before := detail()
		if before.Status != "new" || before.Version != 1 {
			t.Fatalf("before the order: %+v", before)
		}
		expectStatus(t, e.call("POST", path+"/orders", map[string]any{"agentId": e.agentID(), "amountCents": 100000, "currency": "EUR"}, staff), 201)
		won := detail()
		if won.Status != "won" || won.Version <= before.Version {
			t.Fatalf("after the order: status %q version %d, want won with a version above %d", won.Status, won.Version, before.Version)
		}
		for _, status := range []string{"new", "lost", "won"} {
			expectError(t, e.call("PATCH", path, map[string]any{"status": status, "version": before.Version}, staff), 409, "version_conflict", "")
		}
		if d := detail(); d.Status != "won" || d.Version != won.Version || len(d.History) != len(won.History) {
			t.Fatalf("a stale PATCH changed the request: %+v", d)
		}
		// With the version it now has, the form saves as usual.
		d := decode[struct{ Quote quoteDetail }](t, e.call("PATCH", path, map[string]any{"status": "won", "version": won.Version}, staff), 200).Quote
		if d.Status != "won" || d.Version != won.Version {
			t.Fatalf("saving the stored status: %+v", d)
		}
	})
}

// Pages through the API: every request exactly once, newest first, also
// where several share one submission time; a cursor that is not one is a 400.
func TestConsolePages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		staff := e.staffCookie("Sam Staff", "sam@example.com")
		at := time.Now().UTC().Add(-time.Hour)
		var quotes []store.QuoteRequest
		for i := range 11 {
			quotes = append(quotes, store.QuoteRequest{ID: uuid.NewString(), FullName: fmt.Sprintf("Tie %d", i), Email: "tie@example.com",
				Description: "d", Language: "english", SubmittedAt: at.Add(-time.Duration(i/4) * time.Second)})
		}
		if err := db.ImportQuotes(t.Context(), quotes); err != nil {
			t.Fatal(err)
		}
		var seen []string
		next := ""
		for pages := 0; ; pages++ {
			p := decode[listPage[quoteSummary]](t, e.call("GET", "/api/console/quotes?limit=3&cursor="+url.QueryEscape(next), nil, staff), 200)
			for _, q := range p.Items {
				seen = append(seen, q.ID)
			}
			if p.NextCursor == nil {
				break
			}
			if pages > 10 || len(p.Items) != 3 {
				t.Fatalf("page %d: %+v", pages, p)
			}
			next = *p.NextCursor
		}
		want := slices.Clone(quotes)
		slices.SortFunc(want, func(a, b store.QuoteRequest) int {
			if c := b.SubmittedAt.Compare(a.SubmittedAt); c != 0 {
				return c
			}
			return strings.Compare(b.ID, a.ID)
		})
		var wantIDs []string
		for _, q := range want {
			wantIDs = append(wantIDs, q.ID)
		}
		if !slices.Equal(seen, wantIDs) {
			t.Fatalf("pages gave\n%v\nwant\n%v", seen, wantIDs)
		}
		if p := decode[listPage[quoteSummary]](t, e.call("GET", "/api/console/quotes", nil, staff), 200); len(p.Items) != 11 || p.NextCursor != nil {
			t.Fatalf("default page: %d items, next %v", len(p.Items), p.NextCursor)
		}

		expectError(t, e.call("GET", "/api/console/quotes?cursor=bogus", nil, staff), 400, "invalid_cursor", "cursor")
		for _, l := range []string{"0", "-1", "ten"} {
			expectError(t, e.call("GET", "/api/console/quotes?limit="+l, nil, staff), 400, "invalid_limit", "limit")
		}
		expectError(t, e.call("GET", "/api/console/quotes?status=open", nil, staff), 400, "invalid_status", "status")

		buyers := decode[listPage[struct {
			ID, Email, Role, Locale string
			Verified                bool
			OrderCount              int
		}]](t, e.call("GET", "/api/console/buyers?q=SAM@&limit=1", nil, staff), 200)
		if len(buyers.Items) != 1 || buyers.Items[0].Role != "staff" || !buyers.Items[0].Verified || buyers.NextCursor != nil {
			t.Fatalf("buyers: %+v", buyers)
		}
	})
}

// The catalogue: staff create and edit bilingual agents; a stale edit is a
// 409; the buyer dashboard shows each agent in the page's language, and the
// English text where the Dutch is missing.
func TestConsoleAgents(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		staff := e.staffCookie("Sam Staff", "sam@example.com")
		full := map[string]any{"nameEn": " Night Line ", "nameNl": "Nachtlijn", "titleEn": "After-hours line", "titleNl": "Nachtdienst",
			"descriptionEn": "Takes calls at night.", "descriptionNl": "Neemt 's nachts op.", "deliveryDays": 9, "priceCents": 99900, "currency": "EUR"}
		type agent struct {
			ID, NameEn, NameNl, TitleEn, TitleNl, DescriptionEn, DescriptionNl, Currency string
			DeliveryDays, Version                                                        int
			PriceCents                                                                   int64
		}
		a := decode[struct{ Agent agent }](t, e.call("POST", "/api/console/agents", full, staff), 201).Agent
		if a.NameEn != "Night Line" || a.NameNl != "Nachtlijn" || a.Version != 1 || a.PriceCents != 99900 || a.Currency != "EUR" || a.DeliveryDays != 9 {
			t.Fatalf("created %+v", a)
		}
		for _, tc := range []struct {
			change      map[string]any
			code, field string
		}{
			{map[string]any{"nameNl": " "}, "required", "nameNl"},
			{map[string]any{"titleEn": strings.Repeat("x", 101)}, "too_long", "titleEn"},
			{map[string]any{"descriptionNl": strings.Repeat("x", 2001)}, "too_long", "descriptionNl"},
			{map[string]any{"deliveryDays": 366}, "invalid_delivery_days", "deliveryDays"},
			{map[string]any{"priceCents": -5}, "invalid_amount", "priceCents"},
			{map[string]any{"currency": "ABC"}, "invalid_currency", "currency"},
		} {
			body := map[string]any{}
			for k, v := range full {
				body[k] = v
			}
			for k, v := range tc.change {
				body[k] = v
			}
			expectError(t, e.call("POST", "/api/console/agents", body, staff), 400, tc.code, tc.field)
			tc.change["version"] = 1
			expectError(t, e.call("PATCH", "/api/console/agents/"+a.ID, tc.change, staff), 400, tc.code, tc.field)
		}

		// Nothing is saved while one field is wrong.
		expectError(t, e.call("PATCH", "/api/console/agents/"+a.ID, map[string]any{"priceCents": 89900, "nameNl": "", "version": 1}, staff), 400, "required", "nameNl")
		a = decode[struct{ Agent agent }](t, e.call("PATCH", "/api/console/agents/"+a.ID, map[string]any{"priceCents": 89900, "id": a.ID, "version": 1}, staff), 200).Agent
		if a.PriceCents != 89900 || a.Version != 2 || a.NameNl != "Nachtlijn" {
			t.Fatalf("edited %+v", a)
		}
		expectError(t, e.call("PATCH", "/api/console/agents/"+a.ID, map[string]any{"priceCents": 1, "version": 1}, staff), 409, "version_conflict", "")
		expectError(t, e.call("PATCH", "/api/console/agents/"+a.ID, map[string]any{"priceCents": 1}, staff), 400, "required", "version")
		expectError(t, e.call("PATCH", "/api/console/agents/"+uuid.NewString(), map[string]any{"version": 1}, staff), 404, "not_found", "")
		list := decode[struct{ Items []agent }](t, e.call("GET", "/api/console/agents", nil, staff), 200)
		if len(list.Items) != 1 || list.Items[0] != a {
			t.Fatalf("agents %+v", list)
		}
		hist, err := db.History(t.Context(), store.EntityAgent, a.ID, "")
		if err != nil || len(hist) != 2 || hist[1].Field != "price_cents" || hist[1].Actor == nil || hist[1].Actor.Email != "sam@example.com" {
			t.Fatalf("agent history %+v, %v", hist, err)
		}
	})
}

// The buyer dashboard in the page's language, with each order's currency
// and a total per currency.
func TestDashboardLanguageAndCurrencies(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		ctx := t.Context()
		buyer := e.signUpVerified("Lotte", "lotte@example.com", "lottes password")
		u, _ := db.UserByEmail(ctx, "lotte@example.com")
		half, err := db.CreateAgent(ctx, store.Agent{NameEn: "Half", TitleEn: "Half translated", TitleNl: "Half vertaald", DescriptionEn: "Only English."}, "", time.Now())
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC()
		if err := db.CreateOrders(ctx, []store.NewOrder{
			{BuyerID: u.ID, AgentID: half.ID, Status: "completed", AmountCents: 100000, Currency: "EUR", CreatedAt: now.Add(-2 * time.Hour)},
			{BuyerID: u.ID, AgentID: half.ID, Status: "refunded", AmountCents: 50000, Currency: "EUR", CreatedAt: now.Add(-time.Hour)},
			{BuyerID: u.ID, AgentID: half.ID, Status: "pending", AmountCents: 30000, Currency: "USD", CreatedAt: now},
		}); err != nil {
			t.Fatal(err)
		}
		type dashboard struct {
			Stats struct {
				Active, SettingUp, TotalPurchases int
				TotalInvested                     []struct {
					Currency    string
					AmountCents int64
				}
			}
			Orders []struct {
				Currency string
				Agent    struct{ Name, Title, Description string }
			}
		}
		rec := e.call("GET", "/api/dashboard?lang=nl", nil, buyer)
		// The single-currency total the dashboard read before issue 10 is gone.
		if strings.Contains(rec.Body.String(), "totalInvestedCents") {
			t.Fatalf("deprecated totalInvestedCents still sent: %s", rec.Body)
		}
		nl := decode[dashboard](t, rec, 200)
		en := decode[dashboard](t, e.call("GET", "/api/dashboard", nil, buyer), 200)
		if a := nl.Orders[0].Agent; a.Name != "Half" || a.Title != "Half vertaald" || a.Description != "Only English." {
			t.Fatalf("Dutch agent with English fallback: %+v", a)
		}
		if a := en.Orders[0].Agent; a.Title != "Half translated" {
			t.Fatalf("English agent: %+v", a)
		}
		// The refunded order is listed but counts toward no figure (issue 18).
		st := nl.Stats
		if len(nl.Orders) != 3 || st.TotalPurchases != 2 || st.Active != 1 || st.SettingUp != 1 || len(st.TotalInvested) != 2 ||
			st.TotalInvested[0].Currency != "EUR" || st.TotalInvested[0].AmountCents != 100000 ||
			st.TotalInvested[1].Currency != "USD" || st.TotalInvested[1].AmountCents != 30000 {
			t.Fatalf("stats %+v", st)
		}
		if nl.Orders[0].Currency != "USD" || nl.Orders[2].Currency != "EUR" {
			t.Fatalf("orders' currencies: %+v", nl.Orders)
		}
		var one struct {
			Order struct{ Agent struct{ Title string } }
		}
		if err := json.Unmarshal(e.call("GET", "/api/orders/"+func() string {
			o, _ := db.OrdersByBuyer(ctx, u.ID)
			return o[0].ID
		}()+"?lang=nl", nil, buyer).Body.Bytes(), &one); err != nil || one.Order.Agent.Title != "Half vertaald" {
			t.Fatalf("one order in Dutch: %+v, %v", one, err)
		}
	})
}
