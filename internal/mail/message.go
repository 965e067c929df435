// Package mail lays out Belwise's emails (one layout, English and Dutch),
// sends them over SMTP or, in development, writes them to files, and
// delivers them durably from the database outbox. What each email says
// belongs to its domain: account emails to package auth, quote emails to
// package quote.
package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	netmail "net/mail"
	"regexp"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Message is one rendered email. Every email Belwise sends has both a plain
// text and an HTML part.
type Message struct {
	To      string // "addr@example.com" or "Name <addr@example.com>"
	ReplyTo string // optional: where replies go instead of the From address
	Subject string
	Text    string
	HTML    string
	// MessageID is the part of the Message-ID before the '@' (the sender's
	// domain follows). The outbox sets one derived from the row, so a
	// message sent again after a crash carries the same Message-ID and mail
	// systems can drop the duplicate. Empty gives a random one.
	MessageID string
	// ListUnsubscribe is an https link that stops this kind of email
	// without signing in (a signed, single-purpose link): it is sent as
	// List-Unsubscribe with List-Unsubscribe-Post: List-Unsubscribe=One-Click
	// (RFC 8058), so a mail client's one click POSTs to it. Empty: none.
	ListUnsubscribe string
	// Attachments are sent as files beside the body (an invoice's PDF and
	// its UBL e-invoice, say).
	Attachments []Attachment
}

// Attachment is one file sent with a Message.
type Attachment struct {
	Name        string // the file name the recipient sees, e.g. "2026-0001.pdf"
	ContentType string // e.g. "application/pdf"
	Data        []byte
}

// Sender delivers a Message. Errors wrapping ErrPermanent mean that retrying
// cannot help (e.g. the recipient address is malformed).
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// devFrom is the sender used when mail is written to files.
const devFrom = "Belwise <no-reply@localhost>"

// NewSender returns the Sender the server should use.
//
// With smtpURL set (the SMTP_URL setting: smtp://user:pass@host:port with
// opportunistic STARTTLS, default port 587, or smtps://… with implicit TLS,
// default port 465) mail goes out over SMTP, and from (MAIL_FROM) is
// required. Without it every message is written as an .eml file into
// <dataDir>/mail/ and its links are logged, so development needs no mail
// server; from then defaults to "Belwise <no-reply@localhost>".
func NewSender(smtpURL, from, dataDir string, log *slog.Logger) (Sender, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if strings.TrimSpace(smtpURL) != "" {
		if strings.TrimSpace(from) == "" {
			return nil, errors.New("MAIL_FROM is required when SMTP_URL is set (for example: Belwise <no-reply@belwise.nl>)")
		}
		addr, err := parseFrom(from)
		if err != nil {
			return nil, err
		}
		return newSMTPSender(smtpURL, addr)
	}
	if strings.TrimSpace(from) == "" {
		from = devFrom
	}
	addr, err := parseFrom(from)
	if err != nil {
		return nil, err
	}
	return newFileSender(dataDir, addr, log)
}

func parseFrom(from string) (*netmail.Address, error) {
	addr, err := netmail.ParseAddress(strings.TrimSpace(from))
	if err != nil {
		return nil, fmt.Errorf("MAIL_FROM=%q: must be an address such as no-reply@belwise.nl or Belwise <no-reply@belwise.nl>", from)
	}
	return addr, nil
}

// build turns m into a go-mail message: multipart/alternative (text, then
// HTML), UTF-8, quoted-printable, with Date and Message-ID.
func build(from *netmail.Address, m Message, now time.Time) (*gomail.Msg, error) {
	if strings.TrimSpace(m.Text) == "" && strings.TrimSpace(m.HTML) == "" {
		return nil, fmt.Errorf("%w: message has no body", ErrPermanent)
	}
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	msg.FromMailAddress(from)
	if err := msg.To(strings.TrimSpace(m.To)); err != nil {
		return nil, fmt.Errorf("%w: invalid recipient address: %v", ErrPermanent, err)
	}
	if replyTo := strings.TrimSpace(m.ReplyTo); replyTo != "" {
		if err := msg.ReplyTo(replyTo); err != nil {
			return nil, fmt.Errorf("%w: invalid Reply-To address: %v", ErrPermanent, err)
		}
	}
	msg.Subject(HeaderText(m.Subject))
	msg.SetDateWithValue(now)
	msg.SetMessageIDWithValue(messageID(m.MessageID, from.Address))
	// RFC 3834: tells autoresponders (out-of-office replies) to stay quiet.
	msg.SetGenHeader(gomail.Header("Auto-Submitted"), "auto-generated")
	if u := strings.TrimSpace(m.ListUnsubscribe); u != "" {
		if strings.ContainsAny(u, "\r\n<>") {
			return nil, fmt.Errorf("%w: bad List-Unsubscribe link", ErrPermanent)
		}
		msg.SetGenHeader(gomail.Header("List-Unsubscribe"), "<"+u+">")
		msg.SetGenHeader(gomail.Header("List-Unsubscribe-Post"), "List-Unsubscribe=One-Click")
	}

	switch {
	case m.Text != "" && m.HTML != "":
		msg.SetBodyString(gomail.TypeTextPlain, m.Text)
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	case m.Text != "":
		msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	default:
		msg.SetBodyString(gomail.TypeTextHTML, m.HTML)
	}
	for _, a := range m.Attachments {
		if a.Name == "" || strings.ContainsAny(a.Name, "\r\n\"/\\") {
			return nil, fmt.Errorf("%w: bad attachment name %q", ErrPermanent, a.Name)
		}
		if err := msg.AttachReader(a.Name, bytes.NewReader(a.Data), gomail.WithFileContentType(gomail.ContentType(a.ContentType))); err != nil {
			return nil, fmt.Errorf("%w: attachment %s: %v", ErrPermanent, a.Name, err)
		}
	}
	return msg, nil
}

// messageID returns the Message-ID value: local@ the sender's domain, or a
// random unique one when local is empty or not a safe dot-atom.
func messageID(local, fromAddr string) string {
	domain := "localhost"
	if i := strings.LastIndexByte(fromAddr, '@'); i >= 0 && i < len(fromAddr)-1 {
		domain = fromAddr[i+1:]
	}
	if local == "" || !safeIDPart.MatchString(local) {
		local = time.Now().UTC().Format("20060102150405") + "." + randomHex(12)
	}
	return local + "@" + domain
}

var safeIDPart = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$`)

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // never fails (crypto/rand panics instead)
	return hex.EncodeToString(b)
}

// HeaderText makes text fit for a header such as the Subject when part of
// it comes from a visitor (a name, say): one line (each run of white
// space, line breaks included, becomes one space) and no RFC 2047
// encoded-word. Mail clients decode "=?charset?q?…?=" in a header, so a name
// written that way would show as whatever it encodes; breaking every "=?"
// apart ("= ?") leaves nothing to decode, and the text reads as typed.
func HeaderText(s string) string {
	return strings.ReplaceAll(strings.Join(strings.Fields(s), " "), "=?", "= ?")
}
