package mail

import (
	"bytes"
	"context"
	"errors"
	"mime"
	netmail "net/mail"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/mail/smtptest"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// crashAfterSend is the outbox as a process sees it that dies between the
// SMTP send and recording it: the send happens, the mark never does.
type crashAfterSend struct{ *store.DB }

func (crashAfterSend) MarkJobDone(context.Context, int64, time.Time) error {
	return errors.New("process killed before marking the message sent")
}

// TestMessageIDSurvivesACrash: delivery is at least once, so a crash
// between sending and marking sends the row again after its lease. Both
// copies must carry the same Message-ID, derived from the row, so mail
// systems can drop the duplicate; another row gets another one.
func TestMessageIDSurvivesACrash(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		sink := smtptest.Start(t)
		sender, err := NewSender(sink.URL(), "Belwise <no-reply@belwise.test>", "", nil)
		if err != nil {
			t.Fatal(err)
		}
		clk := newClock()
		if err := db.EnqueueMail(ctx, clk.Now(),
			store.NewMail{Kind: "verify", Recipient: "ann@example.nl", Locale: "nl", Payload: []byte(verifyPayload)},
			store.NewMail{Kind: "verify", Recipient: "bob@example.nl", Locale: "en", Payload: []byte(verifyPayload)},
		); err != nil {
			t.Fatal(err)
		}

		crashing := newWorker(crashAfterSend{db}, sender, nil, jobs.Options{Now: clk.Now, Batch: 1})
		registerVerify(crashing)
		if sent, err := crashing.RunOnce(ctx); sent != 1 || err == nil {
			t.Fatalf("first attempt: sent %d, err %v (want the send and a failed mark)", sent, err)
		}

		// A new process, after the lease has run out.
		clk.Advance(3 * time.Minute)
		w := newWorker(db, sender, nil, jobs.Options{Now: clk.Now})
		registerVerify(w)
		if sent, err := w.RunOnce(ctx); sent != 2 || err != nil {
			t.Fatalf("after the restart: sent %d, err %v", sent, err)
		}
		msgs := sink.Messages()
		if len(msgs) != 3 {
			t.Fatalf("sink has %d messages, want ann's twice and bob's once", len(msgs))
		}
		ids := map[string][]string{}
		for _, m := range msgs {
			p, err := m.Parse()
			if err != nil {
				t.Fatal(err)
			}
			ids[m.To[0]] = append(ids[m.To[0]], p.Header.Get("Message-Id"))
		}
		ann, bob := ids["ann@example.nl"], ids["bob@example.nl"]
		if len(ann) != 2 || len(bob) != 1 {
			t.Fatalf("deliveries %v", ids)
		}
		if ann[0] != ann[1] {
			t.Errorf("the resend after the crash has another Message-ID: %s vs %s", ann[0], ann[1])
		}
		if ann[0] == bob[0] {
			t.Errorf("two rows share Message-ID %s", ann[0])
		}
		if !strings.HasPrefix(ann[0], "<outbox.") || !strings.HasSuffix(ann[0], "@belwise.test>") {
			t.Errorf("Message-ID %s: want the row's id in the sender's domain", ann[0])
		}
	})
}

func TestOutboxMessageIDDependsOnTheRow(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	m := store.OutboxMessage{ID: 7, Kind: "verify", Recipient: "a@example.com", CreatedAt: at, Attempts: 1}
	id := OutboxMessageID(m)
	retry := m
	retry.Attempts = 5
	if OutboxMessageID(retry) != id {
		t.Error("the Message-ID changes between attempts")
	}
	other := m
	other.CreatedAt = at.Add(time.Microsecond) // row 7 of another database
	if OutboxMessageID(other) == id {
		t.Error("rows with the same id in different databases share a Message-ID")
	}
	if got := messageID("bad id<>", "no-reply@belwise.test"); !strings.HasSuffix(got, "@belwise.test") || strings.ContainsAny(got, "<> ") {
		t.Errorf("an unsafe local part must give a random id, got %q", got)
	}
}

// TestHeaderTextBreaksEncodedWords: user-supplied text in the Subject (a
// requester's name in the quote inbox email, say) must reach the reader as
// typed, never as what an RFC 2047 encoded-word in it decodes to.
func TestHeaderTextBreaksEncodedWords(t *testing.T) {
	for in, want := range map[string]string{
		"Anna de Vries":                      "Anna de Vries",
		"=?utf-8?q?Belwise_Security?=":       "= ?utf-8?q?Belwise_Security?=",
		"x =?UTF-8?B?U2VjdXJpdHk=?= y":       "x = ?UTF-8?B?U2VjdXJpdHk= ?= y",
		"==??":                               "== ??",
		"a\r\nSubject: =?iso-8859-1?q?x?=\t": "a Subject: = ?iso-8859-1?q?x?=",
	} {
		got := HeaderText(in)
		if got != want {
			t.Errorf("HeaderText(%q) = %q, want %q", in, got, want)
		}
		if strings.Contains(got, "=?") {
			t.Errorf("HeaderText(%q) still holds an encoded-word opener", in)
		}
	}

	// On the wire: a decoder (as every mail client runs one) shows the text
	// as typed, both for an ASCII subject (sent as is) and for one with
	// other characters (which go-mail encodes itself).
	from := &netmail.Address{Name: "Belwise", Address: "no-reply@belwise.test"}
	dec := new(mime.WordDecoder)
	for _, name := range []string{"=?utf-8?q?Belwise_Security_Team?=", "Zoë =?utf-8?b?QmVsd2lzZSBTZWN1cml0eQ==?="} {
		m := Message{To: "quotes@belwise.test", Subject: "New Quote Request from " + name, Text: "x"}
		msg, err := build(from, m, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		var raw bytes.Buffer
		if _, err := msg.WriteTo(&raw); err != nil {
			t.Fatal(err)
		}
		p, err := smtptest.Parse(raw.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		shown, err := dec.DecodeHeader(p.Header.Get("Subject"))
		if err != nil {
			t.Fatal(err)
		}
		if shown != "New Quote Request from "+HeaderText(name) || strings.Contains(shown, "Belwise Security") {
			t.Errorf("subject shows as %q", shown)
		}
	}
}
