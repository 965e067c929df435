package mail

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/belwise/site/internal/mail/smtptest"
)

// logBuffer collects log output safely across goroutines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func newLogger() (*slog.Logger, *logBuffer) {
	b := new(logBuffer)
	return slog.New(slog.NewTextHandler(b, &slog.HandlerOptions{Level: slog.LevelDebug})), b
}

func TestFileSender(t *testing.T) {
	dir := t.TempDir()
	log, logs := newLogger()
	s, err := NewSender("", "", dir, log)
	if err != nil {
		t.Fatal(err)
	}
	link := "https://belwise.test/verify?token=tok123&lang=nl"
	m := testEmail("nl", testData{Name: "Zoë", Link: link, ValidHours: 24})
	m.To = "zoe@example.nl"
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	m2 := m
	m2.To = "second@example.nl"
	if err := s.Send(context.Background(), m2); err != nil {
		t.Fatal(err)
	}

	mailDir := filepath.Join(dir, "mail")
	info, err := os.Stat(mailDir)
	if err != nil {
		t.Fatal(err)
	}
	if perm := info.Mode().Perm(); perm&^0o750 != 0 {
		t.Errorf("mail dir mode %v, want at most 0750", perm)
	}
	files, err := filepath.Glob(filepath.Join(mailDir, "*.eml"))
	if err != nil || len(files) != 2 {
		t.Fatalf("files = %v, %v; want 2 .eml files", files, err)
	}
	if filepath.Base(files[0]) >= filepath.Base(files[1]) {
		t.Errorf("file names do not sort by time: %v", files)
	}
	raw, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	p, err := smtptest.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	if p.Subject != m.Subject {
		t.Errorf("subject = %q, want %q", p.Subject, m.Subject)
	}
	if !strings.Contains(p.Text, link) || !strings.Contains(p.Text, "Beste Zoë,") {
		t.Errorf("text part:\n%s", p.Text)
	}
	if !strings.Contains(p.HTML, `lang="nl"`) || !strings.Contains(p.HTML, "Zoë") {
		t.Errorf("html part:\n%s", p.HTML)
	}
	if got := p.Header.Get("From"); !strings.Contains(got, "no-reply@localhost") {
		t.Errorf("From = %q", got)
	}
	if got := p.Header.Get("To"); !strings.Contains(got, "zoe@example.nl") {
		t.Errorf("To = %q", got)
	}
	for _, h := range []string{"Message-ID", "Date"} {
		if p.Header.Get(h) == "" {
			t.Errorf("no %s header", h)
		}
	}
	if _, err := p.Header.Date(); err != nil {
		t.Errorf("Date: %v", err)
	}
	if ct := p.Header.Get("Content-Type"); !strings.HasPrefix(ct, "multipart/alternative") {
		t.Errorf("Content-Type = %q", ct)
	}

	out := logs.String()
	for _, want := range []string{"zoe@example.nl", files[0], "tok123", "subject="} {
		if !strings.Contains(out, want) {
			t.Errorf("log lacks %q:\n%s", want, out)
		}
	}
	if leftovers, _ := filepath.Glob(filepath.Join(mailDir, ".tmp-*")); len(leftovers) > 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}

func TestFileSenderBadRecipientIsPermanent(t *testing.T) {
	s, err := NewSender("", "", t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	err = s.Send(context.Background(), Message{To: "not an address", Subject: "x", Text: "x", HTML: "<p>x</p>"})
	if !errors.Is(err, ErrPermanent) {
		t.Errorf("err = %v, want ErrPermanent", err)
	}
}

func TestSMTPSender(t *testing.T) {
	sink := smtptest.Start(t)
	s, err := NewSender(sink.URL(), "Belwise <no-reply@belwise.test>", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	link := "https://belwise.test/wachtwoord?token=é&x=1"
	m := testEmail("nl", testData{Name: "René Daniëlle", Link: link, ValidHours: 1})
	m.To = "René <rene@example.nl>"
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	got := sink.WaitFor(t, 1, 5*time.Second)[0]
	if got.From != "no-reply@belwise.test" || len(got.To) != 1 || got.To[0] != "rene@example.nl" {
		t.Errorf("envelope from %q to %v", got.From, got.To)
	}
	p, err := got.Parse()
	if err != nil {
		t.Fatal(err)
	}
	if p.Subject != m.Subject {
		t.Errorf("subject = %q, want %q", p.Subject, m.Subject)
	}
	if !strings.Contains(p.Text, "Beste René,") || !strings.Contains(p.Text, "één keer") || !strings.Contains(p.Text, link) {
		t.Errorf("text part:\n%s", p.Text)
	}
	if !strings.Contains(p.HTML, "René Daniëlle") || !strings.Contains(p.HTML, `lang="nl"`) {
		t.Errorf("html part:\n%s", p.HTML)
	}
	if !strings.Contains(p.Header.Get("Message-ID"), "@belwise.test>") {
		t.Errorf("Message-ID = %q", p.Header.Get("Message-ID"))
	}
	if links := got.Links(); len(links) == 0 || links[0] != link {
		t.Errorf("Links() = %v", links)
	}
}

func TestSMTPSenderAuth(t *testing.T) {
	sink := smtptest.Start(t)
	sink.SetAuth("mailer@belwise.test", "p@ss:w/rd%")
	s, err := NewSender(sink.URL(), "no-reply@belwise.test", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	m := Message{To: "a@example.com", Subject: "Hi", Text: "Hello", HTML: "<p>Hello</p>"}
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	sink.WaitFor(t, 1, 5*time.Second)

	// Wrong password: refused, and the error does not echo it.
	wrong := "smtp://mailer%40belwise.test:sekrit@" + sink.Addr()
	s, err = NewSender(wrong, "no-reply@belwise.test", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	err = s.Send(context.Background(), m)
	if err == nil || strings.Contains(err.Error(), "sekrit") {
		t.Errorf("err = %v", err)
	}
}

func TestSMTPSenderOutage(t *testing.T) {
	sink := smtptest.Start(t)
	s, err := NewSender(sink.URL(), "no-reply@belwise.test", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	m := Message{To: "a@example.com", Subject: "Hi", Text: "Hello", HTML: "<p>Hello</p>"}
	sink.SetDown(true)
	if err := s.Send(context.Background(), m); err == nil {
		t.Fatal("send during outage succeeded")
	} else if errors.Is(err, ErrPermanent) {
		t.Errorf("outage reported as permanent: %v", err)
	}
	sink.SetDown(false)
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	if n := len(sink.Messages()); n != 1 {
		t.Errorf("sink has %d messages, want 1", n)
	}
}

func TestParseSMTPURL(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want smtpConfig
	}{
		{"smtp://mail.example.com", smtpConfig{host: "mail.example.com", port: 587}},
		{"smtp://u:p@mail.example.com:2525", smtpConfig{host: "mail.example.com", port: 2525, user: "u", pass: "p"}},
		{"smtps://mail.example.com", smtpConfig{host: "mail.example.com", port: 465, implicit: true}},
		{"SMTPS://apikey:s%2Fec%40ret@smtp.example.com:8465", smtpConfig{host: "smtp.example.com", port: 8465, implicit: true, user: "apikey", pass: "s/ec@ret"}},
		{"smtp://user%40example.com@[::1]:25", smtpConfig{host: "::1", port: 25, user: "user@example.com"}},
	} {
		got, err := parseSMTPURL(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("parseSMTPURL(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{
		"http://u:hunter2@mail.example.com",
		"mail.example.com:587",
		"smtp://u:hunter2@:25",
		"smtp://u:hunter2@mail.example.com:99999",
		"smtp://u:hunter2@mail.example.com:x",
		"smtp://u:hunter2%zz@mail.example.com",
		"smtp://:hunter2@mail.example.com",
		"smtp:hunter2",
	} {
		_, err := parseSMTPURL(bad)
		if err == nil {
			t.Errorf("parseSMTPURL(%q) succeeded", bad)
			continue
		}
		if !strings.Contains(err.Error(), "SMTP_URL") || strings.Contains(err.Error(), "hunter2") {
			t.Errorf("parseSMTPURL(%q): %v", bad, err)
		}
	}
}

func TestNewSenderErrors(t *testing.T) {
	if _, err := NewSender("smtp://mail.example.com", "", "", nil); err == nil || !strings.Contains(err.Error(), "MAIL_FROM") {
		t.Errorf("missing MAIL_FROM: %v", err)
	}
	if _, err := NewSender("smtp://mail.example.com", "not an address", "", nil); err == nil || !strings.Contains(err.Error(), "MAIL_FROM") {
		t.Errorf("bad MAIL_FROM: %v", err)
	}
	if _, err := NewSender("ftp://u:hunter2@x", "a@b.c", "", nil); err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("bad SMTP_URL: %v", err)
	}
	if _, err := NewSender("", "", "", nil); err == nil {
		t.Error("file sender without data dir succeeded")
	}
	if _, err := NewSender("smtps://mail.example.com", "Belwise <no-reply@belwise.nl>", "", nil); err != nil {
		t.Errorf("valid config: %v", err)
	}
}
