package quote_test

import (
	"strings"
	"testing"

	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/mail/smtptest"
	"github.com/belwise/site/internal/quote"
	"github.com/belwise/site/internal/store/storetest"
)

// TestInboxSubjectShowsTheNameAsTyped: a requester whose name is an RFC
// 2047 encoded-word must not make the agency's inbox show a Subject of
// their choosing: the name arrives as typed, with the encoded-word broken.
func TestInboxSubjectShowsTheNameAsTyped(t *testing.T) {
	db := storetest.SQLite(t)
	ctx := t.Context()
	sink := smtptest.Start(t)
	w, m := mail.NewWorker(db, newSender(t, sink), nil, jobs.Options{})
	svc, err := quote.New(quote.Options{DB: db, Inbox: inbox})
	if err != nil {
		t.Fatal(err)
	}
	svc.RegisterMail(m)
	in := person(1)
	in.FullName = "=?utf-8?q?Belwise_Security_Team?="
	if _, err := svc.Submit(ctx, in, "", "192.0.2.1"); err != nil {
		t.Fatal(err)
	}
	if sent, err := w.RunOnce(ctx); sent != 2 || err != nil {
		t.Fatalf("sent %d, err %v", sent, err)
	}
	for _, m := range sink.Messages() {
		if m.To[0] != inbox {
			continue
		}
		p, err := m.Parse() // decodes encoded-words in the Subject, as mail clients do
		if err != nil {
			t.Fatal(err)
		}
		if p.Subject != "New Quote Request from = ?utf-8?q?Belwise_Security_Team?=" || strings.Contains(p.Subject, "Belwise Security Team") {
			t.Fatalf("inbox Subject reads %q", p.Subject)
		}
		return
	}
	t.Fatal("no inbox email")
}
