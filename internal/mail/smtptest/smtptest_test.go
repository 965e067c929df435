package smtptest

import (
	"net/smtp"
	"strings"
	"testing"
	"time"
)

func TestSinkWithNetSMTP(t *testing.T) {
	sink := Start(t)
	body := "Subject: =?UTF-8?q?Caf=C3=A9?=\r\n" +
		"Content-Type: text/plain; charset=UTF-8\r\n" +
		"\r\n" +
		"Hello\r\n" +
		".leading dot\r\n" +
		"https://example.test/verify?t=1\r\n"
	if err := smtp.SendMail(sink.Addr(), nil, "from@example.test", []string{"a@example.test", "b@example.test"}, []byte(body)); err != nil {
		t.Fatal(err)
	}
	m := sink.WaitFor(t, 1, 5*time.Second)[0]
	if m.From != "from@example.test" || strings.Join(m.To, ",") != "a@example.test,b@example.test" {
		t.Errorf("envelope %q → %v", m.From, m.To)
	}
	p, err := m.Parse()
	if err != nil {
		t.Fatal(err)
	}
	if p.Subject != "Café" || !strings.Contains(p.Text, "\n.leading dot\n") {
		t.Errorf("parsed %q:\n%s", p.Subject, p.Text)
	}
	if l := m.Links(); len(l) != 1 || l[0] != "https://example.test/verify?t=1" {
		t.Errorf("links %v", l)
	}
	if !strings.HasPrefix(sink.URL(), "smtp://127.0.0.1:") {
		t.Errorf("URL %q", sink.URL())
	}
}

func TestSinkDown(t *testing.T) {
	sink := Start(t)
	sink.SetDown(true)
	err := smtp.SendMail(sink.Addr(), nil, "f@example.test", []string{"a@example.test"}, []byte("Subject: x\r\n\r\nx\r\n"))
	if err == nil || !strings.Contains(err.Error(), "421") {
		t.Fatalf("err = %v, want a 421", err)
	}
	sink.SetDown(false)
	if err := smtp.SendMail(sink.Addr(), nil, "f@example.test", []string{"a@example.test"}, []byte("Subject: x\r\n\r\nx\r\n")); err != nil {
		t.Fatal(err)
	}
	if n := len(sink.Messages()); n != 1 {
		t.Errorf("%d messages", n)
	}
	sink.Close()
	sink.Close() // idempotent; t.Cleanup calls it again
}

func TestSinkAuth(t *testing.T) {
	sink := Start(t)
	sink.SetAuth("user", "p@ss word")
	if !strings.Contains(sink.URL(), "user:p%40ss%20word@127.0.0.1:") {
		t.Errorf("URL %q", sink.URL())
	}
	msg := []byte("Subject: x\r\n\r\nx\r\n")
	if err := smtp.SendMail(sink.Addr(), nil, "f@example.test", []string{"a@example.test"}, msg); err == nil {
		t.Error("unauthenticated send accepted")
	}
	auth := smtp.PlainAuth("", "user", "p@ss word", "127.0.0.1")
	if err := smtp.SendMail(sink.Addr(), auth, "f@example.test", []string{"a@example.test"}, msg); err != nil {
		t.Fatal(err)
	}
}
