package store_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
	"github.com/google/uuid"
)

// allPages walks a list through its cursors and returns every row's id in
// the order the pages gave them.
func allPages[T any](t *testing.T, limit int, list func(store.Page) ([]T, string, error), id func(T) string) []string {
	t.Helper()
	var ids []string
	p := store.Page{Limit: limit}
	for range 1000 {
		rows, next, err := list(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) > limit {
			t.Fatalf("a page of %d rows, limit %d", len(rows), limit)
		}
		for _, r := range rows {
			ids = append(ids, id(r))
		}
		if next == "" {
			return ids
		}
		if len(rows) != limit {
			t.Fatalf("a short page (%d rows) with a next cursor", len(rows))
		}
		p.Cursor = next
	}
	t.Fatal("the pages never end")
	return nil
}

func TestQuoteInboxPagesAndSearch(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		statuses := []string{"new", "contacted", "proposal_sent", "won", "lost"}
		var quotes []store.QuoteRequest
		for i := range 23 {
			// Groups of three share one submission time, so pages must
			// break ties by id.
			quotes = append(quotes, store.QuoteRequest{
				ID: uuid.NewString(), FullName: fmt.Sprintf("Person %02d", i), Email: fmt.Sprintf("p%02d@example.com", i),
				CompanyName: fmt.Sprintf("Company %02d", i), Description: "d", Language: "english",
				Status: statuses[i%5], Source: []string{"form", "voice", "personalized"}[i%3],
				SubmittedAt: t0.Add(-time.Duration(i/3) * time.Hour),
			})
		}
		quotes = append(quotes,
			store.QuoteRequest{ID: uuid.NewString(), FullName: "ZOË de Vries", Email: "Zoe@Example.NL", CompanyName: "Bakkerij 't Hoekje",
				Description: "d", Language: "dutch", Locale: "nl", SubmittedAt: t0.Add(-time.Minute)},
			store.QuoteRequest{ID: uuid.NewString(), FullName: "Percy 100% Sure", Email: "percy_s@example.com",
				Description: "d", Language: "english", SubmittedAt: t0.Add(-2 * time.Minute)},
		)
		if err := db.ImportQuotes(ctx, quotes); err != nil {
			t.Fatal(err)
		}
		// Importing again adds nothing.
		if err := db.ImportQuotes(ctx, quotes[:3]); err != nil {
			t.Fatal(err)
		}

		// The whole list in its expected order: newest first, ties by id, descending.
		want := slices.Clone(quotes)
		slices.SortFunc(want, func(a, b store.QuoteRequest) int {
			if c := b.SubmittedAt.Compare(a.SubmittedAt); c != 0 {
				return c
			}
			return strings.Compare(b.ID, a.ID)
		})
		ids := func(qs []store.QuoteRequest) []string {
			var out []string
			for _, q := range qs {
				out = append(out, q.ID)
			}
			return out
		}
		quoteID := func(q store.QuoteRequest) string { return q.ID }
		for _, limit := range []int{1, 4, 5, 25, 100} {
			got := allPages(t, limit, func(p store.Page) ([]store.QuoteRequest, string, error) {
				return db.Quotes(ctx, store.QuoteFilter{Page: p})
			}, quoteID)
			if !slices.Equal(got, ids(want)) {
				t.Fatalf("limit %d: pages gave\n%v\nwant\n%v", limit, got, ids(want))
			}
		}

		// A status filter pages the same way.
		var contacted []store.QuoteRequest
		for _, q := range want {
			if q.Status == "contacted" {
				contacted = append(contacted, q)
			}
		}
		got := allPages(t, 2, func(p store.Page) ([]store.QuoteRequest, string, error) {
			return db.Quotes(ctx, store.QuoteFilter{Status: "contacted", Page: p})
		}, quoteID)
		if len(contacted) < 4 || !slices.Equal(got, ids(contacted)) {
			t.Fatalf("contacted: %v, want %v", got, ids(contacted))
		}

		// Search: name, email or company, any case (also outside ASCII);
		// LIKE's wildcards are plain characters; combined with a status.
		for _, tc := range []struct {
			q, status string
			want      []string
		}{
			{"zoë", "", []string{"ZOË de Vries"}},
			{"ZOE@EXAMPLE", "", []string{"ZOË de Vries"}},
			{"'t hoek", "", []string{"ZOË de Vries"}},
			{"100%", "", []string{"Percy 100% Sure"}},
			{"_s@", "", []string{"Percy 100% Sure"}},
			{"%", "", []string{"Percy 100% Sure"}},
			{"company 0", "won", []string{"Person 03", "Person 08"}},
			{"p1", "lost", []string{"Person 14", "Person 19"}},
			{"de vries\nzoe", "", nil}, // a match never spans two fields
			{"nobody", "", nil},
		} {
			rows, next, err := db.Quotes(ctx, store.QuoteFilter{Query: tc.q, Status: tc.status})
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, q := range rows {
				names = append(names, q.FullName)
			}
			if !slices.Equal(names, tc.want) || next != "" {
				t.Errorf("search %q (%s) = %v (next %q), want %v", tc.q, tc.status, names, next, tc.want)
			}
		}
		// Searching pages like the rest: every "person" exactly once.
		got = allPages(t, 3, func(p store.Page) ([]store.QuoteRequest, string, error) {
			return db.Quotes(ctx, store.QuoteFilter{Query: "PERSON", Page: p})
		}, quoteID)
		if len(got) != 23 || len(slices.Compact(slices.Sorted(slices.Values(got)))) != 23 {
			t.Fatalf("searching 'person' gave %d rows", len(got))
		}

		// A request arriving between two pages does not shift the next page.
		first, next, err := db.Quotes(ctx, store.QuoteFilter{Page: store.Page{Limit: 5}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.CreateQuoteRequest(ctx, store.QuoteRequest{FullName: "Late", Email: "late@example.com", Description: "d", Language: "english"}, nil, t0.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		second, _, err := db.Quotes(ctx, store.QuoteFilter{Page: store.Page{Limit: 5, Cursor: next}})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(ids(append(first, second...)), ids(want[:10])) {
			t.Fatal("a new request shifted the next page")
		}

		for _, bad := range []string{"nope", "bm9wZQ", "MjAyNS0wMS0wMVQwMDowMDowMFp8bm90LWEtdXVpZA"} {
			_, _, err := db.Quotes(ctx, store.QuoteFilter{Page: store.Page{Cursor: bad}})
			wantErr(t, "cursor "+bad, err, store.ErrBadCursor)
		}
	})
}

func TestQuoteStatusNotesAndHistory(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		staff := mkUser(t, db, "")
		id, err := db.CreateQuoteRequest(ctx, store.QuoteRequest{FullName: "A", Email: "a@example.com", Description: "d", Language: "english", Source: "voice"}, nil, t0)
		if err != nil {
			t.Fatal(err)
		}
		q, err := db.SetQuoteStatus(ctx, id, "contacted", 1, staff.ID, t0.Add(time.Minute))
		if err != nil || q.Status != "contacted" || q.Version != 2 || q.Source != "voice" {
			t.Fatalf("SetQuoteStatus = %+v, %v", q, err)
		}
		_, err = db.SetQuoteStatus(ctx, id, "lost", 1, staff.ID, t0)
		wantErr(t, "stale version", err, store.ErrStale)
		if q, err := db.SetQuoteStatus(ctx, id, "contacted", 2, staff.ID, t0); err != nil || q.Version != 2 {
			t.Fatalf("setting the same status = %+v, %v; want no change", q, err)
		}
		if _, err := db.SetQuoteStatus(ctx, id, "klingon", 2, staff.ID, t0); err == nil {
			t.Fatal("the schema accepted an unknown status")
		}
		_, err = db.SetQuoteStatus(ctx, uuid.NewString(), "won", 1, staff.ID, t0)
		wantErr(t, "unknown quote", err, store.ErrNotFound)

		hist, err := db.History(ctx, store.EntityQuote, id, store.FieldStatus)
		if err != nil {
			t.Fatal(err)
		}
		if len(hist) != 2 || hist[0].From != nil || *hist[0].To != "new" || hist[0].Actor != nil ||
			*hist[1].From != "new" || *hist[1].To != "contacted" || hist[1].Actor.ID != staff.ID || hist[1].Actor.Email != staff.Email {
			t.Fatalf("history = %+v", hist)
		}
		sameTime(t, "history[1].At", hist[1].At, t0.Add(time.Minute))

		n1, err := db.AddQuoteNote(ctx, id, staff.ID, "Called back.\nWants a demo.", t0.Add(2*time.Minute))
		if err != nil || n1.Author == nil || n1.Author.FullName != "Test User" || n1.Body != "Called back.\nWants a demo." {
			t.Fatalf("AddQuoteNote = %+v, %v", n1, err)
		}
		if _, err := db.AddQuoteNote(ctx, id, staff.ID, "Second.", t0.Add(3*time.Minute)); err != nil {
			t.Fatal(err)
		}
		_, err = db.AddQuoteNote(ctx, uuid.NewString(), staff.ID, "x", t0)
		wantErr(t, "note on an unknown quote", err, store.ErrNotFound)
		notes, err := db.QuoteNotes(ctx, id)
		if err != nil || len(notes) != 2 || notes[0].ID != n1.ID || notes[1].Body != "Second." {
			t.Fatalf("QuoteNotes = %+v, %v", notes, err)
		}
		// Notes and history outlive their author's account.
		if _, err := db.SQL().ExecContext(ctx, db.Rebind(`DELETE FROM users WHERE id = ?`), staff.ID); err != nil {
			t.Fatal(err)
		}
		notes, _ = db.QuoteNotes(ctx, id)
		hist, _ = db.History(ctx, store.EntityQuote, id, "")
		if len(notes) != 2 || notes[0].Author != nil || len(hist) != 2 || hist[1].Actor != nil {
			t.Fatalf("after the author left: notes %+v, history %+v", notes, hist)
		}
	})
}

func TestOrdersConsole(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		putAgents(t, db, testAgents)
		staff := mkUser(t, db, "")
		ann := mkUser(t, db, "ann@example.com")
		bob := mkUser(t, db, "bob@example.com")
		if _, err := db.SQL().ExecContext(ctx, db.Rebind(`UPDATE profiles SET full_name = ? WHERE id = ?`), "Bob Ørsted", bob.ID); err != nil {
			t.Fatal(err)
		}
		var orders []store.NewOrder
		for i := range 12 {
			buyer := ann.ID
			if i%3 == 0 {
				buyer = bob.ID
			}
			orders = append(orders, store.NewOrder{BuyerID: buyer, AgentID: testAgents[i%2].ID, Status: []string{"pending", "completed"}[i%2],
				AmountCents: int64(100 * i), Currency: []string{"EUR", "USD"}[i%2], ActorID: staff.ID, CreatedAt: t0.Add(-time.Duration(i/4) * time.Hour)})
		}
		if err := db.CreateOrders(ctx, orders); err != nil {
			t.Fatal(err)
		}
		orderID := func(o store.Order) string { return o.ID }
		list := func(f store.OrderFilter) func(store.Page) ([]store.Order, string, error) {
			return func(p store.Page) ([]store.Order, string, error) { f.Page = p; return db.Orders(ctx, f) }
		}
		all := allPages(t, 5, list(store.OrderFilter{}), orderID)
		whole, _, err := db.Orders(ctx, store.OrderFilter{Page: store.Page{Limit: 100}})
		if err != nil {
			t.Fatal(err)
		}
		if len(all) != 12 || !slices.Equal(all, func() []string {
			var ids []string
			for _, o := range whole {
				ids = append(ids, o.ID)
			}
			return ids
		}()) {
			t.Fatalf("pages %v", all)
		}
		for i := 1; i < len(whole); i++ {
			a, b := whole[i-1], whole[i]
			if b.CreatedAt.After(a.CreatedAt) || b.CreatedAt.Equal(a.CreatedAt) && b.ID > a.ID {
				t.Fatalf("not newest first, ties by id: %v", all)
			}
		}
		if o := whole[0]; o.Buyer.Email == "" || o.BuyerLocale != "nl" || o.Version != 1 || !o.UpdatedAt.Equal(o.CreatedAt) || o.Agent.NameEn == "" {
			t.Fatalf("order %+v", o)
		}
		for _, tc := range []struct {
			f    store.OrderFilter
			want int
		}{
			{store.OrderFilter{Status: "completed"}, 6},
			{store.OrderFilter{BuyerID: bob.ID}, 4},
			{store.OrderFilter{BuyerID: bob.ID, Status: "pending"}, 2},
			{store.OrderFilter{BuyerID: "not-a-uuid"}, 0},
			{store.OrderFilter{Query: "ANN@"}, 8},
			{store.OrderFilter{Query: "ørsted"}, 4},
			{store.OrderFilter{Query: "nobody"}, 0},
		} {
			got := allPages(t, 3, list(tc.f), orderID)
			if len(got) != tc.want {
				t.Errorf("%+v: %d orders, want %d", tc.f, len(got), tc.want)
			}
		}

		o := whole[0]
		mail := []store.NewMail{{Kind: "orders.status", Recipient: o.Buyer.Email}}
		got, changed, err := db.SetOrderStatus(ctx, o.ID, "refunded", o.Version, staff.ID, t0.Add(time.Hour), mail)
		if err != nil || !changed || got.Status != "refunded" || got.Version != 2 || !got.UpdatedAt.Equal(us(t0.Add(time.Hour))) {
			t.Fatalf("SetOrderStatus = %+v, %v, %v", got, changed, err)
		}
		_, _, err = db.SetOrderStatus(ctx, o.ID, "cancelled", 1, staff.ID, t0, mail)
		wantErr(t, "stale", err, store.ErrStale)
		if _, changed, err := db.SetOrderStatus(ctx, o.ID, "refunded", 2, staff.ID, t0, mail); err != nil || changed {
			t.Fatalf("same status: changed %v, %v", changed, err)
		}
		_, _, err = db.SetOrderStatus(ctx, uuid.NewString(), "refunded", 1, staff.ID, t0, mail)
		wantErr(t, "unknown order", err, store.ErrNotFound)
		if pending, _, _, err := db.MailCounts(ctx); err != nil || pending != 1 {
			t.Fatalf("queued %d mails, want 1 (the one real change)", pending)
		}
		hist, err := db.History(ctx, store.EntityOrder, o.ID, store.FieldStatus)
		if err != nil || len(hist) != 2 || *hist[0].To != o.Status || *hist[1].From != o.Status || *hist[1].To != "refunded" || hist[1].Actor.ID != staff.ID {
			t.Fatalf("history %+v, %v", hist, err)
		}
	})
}

func TestAccountsList(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		putAgents(t, db, testAgents)
		var users []store.User
		for i := range 7 {
			u, err := db.CreateUser(ctx, store.NewUser{Email: fmt.Sprintf("u%d@example.com", i), FullName: fmt.Sprintf("Ümit %d", i),
				Locale: "en", Role: []string{"buyer", "staff"}[i%2]}, t0.Add(-time.Duration(i/2)*time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			users = append(users, u)
		}
		if err := db.CreateOrders(ctx, []store.NewOrder{
			{BuyerID: users[2].ID, AgentID: testAgents[0].ID, Status: "pending", CreatedAt: t0},
			{BuyerID: users[2].ID, AgentID: testAgents[0].ID, Status: "pending", CreatedAt: t0},
		}); err != nil {
			t.Fatal(err)
		}
		accountID := func(a store.Account) string { return a.ID }
		got := allPages(t, 2, func(p store.Page) ([]store.Account, string, error) {
			return db.Accounts(ctx, store.AccountFilter{Page: p})
		}, accountID)
		if len(got) != 7 || len(slices.Compact(slices.Sorted(slices.Values(got)))) != 7 {
			t.Fatalf("accounts %v", got)
		}
		page, _, err := db.Accounts(ctx, store.AccountFilter{Query: "ümit 2"})
		if err != nil || len(page) != 1 || page[0].ID != users[2].ID || page[0].OrderCount != 2 || page[0].Role != "buyer" {
			t.Fatalf("search: %+v, %v", page, err)
		}
		if page, _, _ := db.Accounts(ctx, store.AccountFilter{Query: "U3@EXAMPLE"}); len(page) != 1 || page[0].Role != "staff" || page[0].OrderCount != 0 {
			t.Fatalf("search by email: %+v", page)
		}
	})
}

func TestAcceptInvite(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		u, err := db.CreateUser(ctx, store.NewUser{Email: "new@example.com", FullName: "New", Locale: "nl"}, t0)
		if err != nil {
			t.Fatal(err)
		}
		for _, tk := range []store.Token{
			{Hash: hashOf("i1"), UserID: u.ID, Purpose: store.PurposeInvite, CreatedAt: t0, ExpiresAt: t0.Add(7 * 24 * time.Hour)},
			{Hash: hashOf("i2"), UserID: u.ID, Purpose: store.PurposeInvite, CreatedAt: t0, ExpiresAt: t0.Add(7 * 24 * time.Hour)},
			{Hash: hashOf("r1"), UserID: u.ID, Purpose: store.PurposeReset, CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)},
		} {
			if err := db.CreateToken(ctx, tk); err != nil {
				t.Fatal(err)
			}
		}
		_, err = db.AcceptInvite(ctx, hashOf("r1"), "h", t0)
		wantErr(t, "a reset link is not an invitation", err, store.ErrNotFound)
		_, err = db.AcceptInvite(ctx, hashOf("i1"), "h", t0.Add(8*24*time.Hour))
		wantErr(t, "an expired invitation", err, store.ErrNotFound)
		got, err := db.AcceptInvite(ctx, hashOf("i1"), "h-new", t0.Add(time.Hour))
		if err != nil || got.PasswordHash != "h-new" || got.EmailVerifiedAt == nil {
			t.Fatalf("AcceptInvite = %+v, %v", got, err)
		}
		// Used once, and every other link of the account is retired.
		for _, tk := range []string{"i1", "i2"} {
			_, err = db.AcceptInvite(ctx, hashOf(tk), "x", t0.Add(time.Hour))
			wantErr(t, "invitation "+tk+" again", err, store.ErrNotFound)
		}
		_, err = db.ResetPassword(ctx, hashOf("r1"), "x", t0.Add(time.Hour))
		wantErr(t, "the reset link after accepting", err, store.ErrNotFound)
	})
}

// The console's lists read their indexes in page order: no sort step.
func TestConsoleListsUseIndexes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		quotes := make([]store.QuoteRequest, 3000)
		for i := range quotes {
			quotes[i] = store.QuoteRequest{ID: uuid.NewString(), FullName: fmt.Sprintf("Person %d", i), Email: fmt.Sprintf("p%d@example.com", i),
				Description: "d", Language: "english", Status: []string{"new", "contacted", "proposal_sent", "won", "lost"}[i%5],
				SubmittedAt: t0.Add(-time.Duration(i) * time.Minute)}
		}
		if err := db.ImportQuotes(ctx, quotes); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SQL().ExecContext(ctx, "ANALYZE"); err != nil {
			t.Fatal(err)
		}
		_, cursor, err := db.Quotes(ctx, store.QuoteFilter{Page: store.Page{Limit: 100}})
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			f     store.QuoteFilter
			index string
		}{
			{store.QuoteFilter{}, "quote_requests_inbox"},
			{store.QuoteFilter{Page: store.Page{Cursor: cursor}}, "quote_requests_inbox"},
			{store.QuoteFilter{Status: "won"}, "quote_requests_status_inbox"},
			{store.QuoteFilter{Status: "won", Page: store.Page{Cursor: cursor}}, "quote_requests_status_inbox"},
		} {
			plan, err := db.ExplainQuotes(ctx, tc.f, false)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%+v:\n%s", tc.f, plan)
			if !strings.Contains(plan, tc.index) || strings.Contains(plan, "TEMP B-TREE") || strings.Contains(plan, "Sort") {
				t.Errorf("%+v: the plan does not read %s in order:\n%s", tc.f, tc.index, plan)
			}
		}
	})
}
