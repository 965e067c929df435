package quote_test

import (
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/quote"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// TestConfirmationsLimitedPerRecipient: five requests within an hour, from
// five client addresses, all naming one requester's address (in different
// cases) are all stored and all reach the agency's inbox, but only three
// confirmations go to that address; an hour later it gets one again.
func TestConfirmationsLimitedPerRecipient(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		clk := &clock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}
		var logs strings.Builder
		svc, err := quote.New(quote.Options{DB: db, Inbox: inbox, Now: clk.Now, RateLimitScale: 1,
			Logger: slog.New(slog.NewTextHandler(&logs, nil))})
		if err != nil {
			t.Fatal(err)
		}
		emails := []string{"victim@example.com", "Victim@Example.com", "VICTIM@example.com", "victim@EXAMPLE.COM", "victim@example.com"}
		submit := func(i int, email string) {
			t.Helper()
			in := person(i)
			in.Email = email
			if _, err := svc.Submit(ctx, in, "", fmt.Sprintf("192.0.2.%d", 10+i)); err != nil {
				t.Fatalf("request %d: %v", i, err)
			}
			clk.Advance(5 * time.Minute)
		}
		for i, email := range emails {
			submit(i, email)
		}
		// Another address is not affected.
		submit(9, "someone.else@example.com")

		count := func() (inboxes, confirmations map[string]int) {
			t.Helper()
			jobs, err := db.ClaimJobs(ctx, clk.Now(), time.Minute, 100)
			if err != nil {
				t.Fatal(err)
			}
			inboxes, confirmations = map[string]int{}, map[string]int{}
			for _, j := range jobs {
				m, err := store.MailOf(j)
				if err != nil {
					t.Fatal(err)
				}
				switch m.Kind {
				case quote.KindInbox:
					inboxes[m.Recipient]++
				case quote.KindConfirmation:
					confirmations[strings.ToLower(m.Recipient)]++
				}
				if err := db.MarkJobDone(ctx, m.ID, clk.Now()); err != nil {
					t.Fatal(err)
				}
			}
			return inboxes, confirmations
		}
		if n, _ := db.QuoteCount(ctx); n != 6 {
			t.Fatalf("stored %d requests, want 6", n)
		}
		inboxes, confirmations := count()
		if inboxes[inbox] != 6 {
			t.Errorf("%d inbox emails, want 6", inboxes[inbox])
		}
		if confirmations["victim@example.com"] != 3 || confirmations["someone.else@example.com"] != 1 {
			t.Errorf("confirmations %v, want 3 to victim@example.com and 1 to someone.else@example.com", confirmations)
		}
		if got := strings.Count(logs.String(), "quote confirmation not sent"); got != 2 {
			t.Errorf("%d skipped confirmations logged, want 2:\n%s", got, logs.String())
		}
		if strings.Contains(strings.ToLower(logs.String()), "victim@") {
			t.Errorf("the log names the address:\n%s", logs.String())
		}

		// The window has passed: the address gets its confirmation again.
		clk.Advance(time.Hour)
		submit(20, "victim@example.com")
		inboxes, confirmations = count()
		if inboxes[inbox] != 1 || confirmations["victim@example.com"] != 1 {
			t.Errorf("an hour later: inbox %v, confirmations %v; want one each", inboxes, confirmations)
		}
	})
}
