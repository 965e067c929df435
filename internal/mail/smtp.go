package mail

import (
	"context"
	"crypto/tls"
	"fmt"
	netmail "net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// SendTimeout bounds one SMTP delivery: connect, greeting, STARTTLS, AUTH,
// transfer and QUIT. The outbox lease must be longer.
const SendTimeout = 30 * time.Second

// smtpConfig is a parsed SMTP_URL.
type smtpConfig struct {
	host     string
	port     int
	implicit bool // smtps: TLS from the first byte
	user     string
	pass     string
}

// parseSMTPURL parses SMTP_URL. Its errors never contain the password.
func parseSMTPURL(raw string) (smtpConfig, error) {
	const form = "expected smtp://user:pass@host:port or smtps://user:pass@host:port"
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		// url.Error repeats the whole URL, password included: say less.
		return smtpConfig{}, fmt.Errorf("SMTP_URL is not a valid URL (%s; URL-encode special characters in the user name and password)", form)
	}
	var c smtpConfig
	switch strings.ToLower(u.Scheme) {
	case "smtp":
		c.port = 587
	case "smtps":
		c.port, c.implicit = 465, true
	default:
		return smtpConfig{}, fmt.Errorf("SMTP_URL has unsupported scheme %q (%s)", u.Scheme, form)
	}
	if u.Opaque != "" || u.Hostname() == "" {
		return smtpConfig{}, fmt.Errorf("SMTP_URL has no host (%s)", form)
	}
	c.host = u.Hostname()
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return smtpConfig{}, fmt.Errorf("SMTP_URL has invalid port %q (must be 1 to 65535)", p)
		}
		c.port = n
	}
	if u.User != nil {
		c.user = u.User.Username() // url.Parse has already percent-decoded both
		c.pass, _ = u.User.Password()
	}
	if c.user == "" && c.pass != "" {
		return smtpConfig{}, fmt.Errorf("SMTP_URL has a password but no user name (%s)", form)
	}
	return c, nil
}

// smtpSender delivers each message over a fresh SMTP connection.
type smtpSender struct {
	cfg  smtpConfig
	from *netmail.Address
}

func newSMTPSender(rawURL string, from *netmail.Address) (*smtpSender, error) {
	cfg, err := parseSMTPURL(rawURL)
	if err != nil {
		return nil, err
	}
	s := &smtpSender{cfg: cfg, from: from}
	if _, err := s.client(); err != nil { // surface bad options at startup
		return nil, fmt.Errorf("SMTP_URL: %w", err)
	}
	return s, nil
}

// client builds a go-mail client. A new one per message keeps Send safe for
// concurrent use: go-mail's client keeps per-connection state.
func (s *smtpSender) client() (*gomail.Client, error) {
	opts := []gomail.Option{
		gomail.WithPort(s.cfg.port),
		gomail.WithTimeout(SendTimeout),
		gomail.WithTLSConfig(&tls.Config{ServerName: s.cfg.host, MinVersion: tls.VersionTLS12}),
	}
	if s.cfg.implicit {
		opts = append(opts, gomail.WithSSL())
	} else {
		// Use STARTTLS when the server offers it; local sinks (Mailpit,
		// MailHog, the test sink) don't, and are spoken to in plain text.
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if s.cfg.user != "" {
		// Pick the best mechanism the server offers. PLAIN and LOGIN refuse
		// to send the password over an unencrypted connection unless the
		// server is on localhost.
		opts = append(opts,
			gomail.WithUsername(s.cfg.user),
			gomail.WithPassword(s.cfg.pass),
			gomail.WithOpportunisticSMTPAuth(
				gomail.SMTPAuthSCRAMSHA256, gomail.SMTPAuthSCRAMSHA1,
				gomail.SMTPAuthPlain, gomail.SMTPAuthLogin, gomail.SMTPAuthCramMD5,
			),
		)
	}
	return gomail.NewClient(s.cfg.host, opts...)
}

func (s *smtpSender) Send(ctx context.Context, m Message) error {
	msg, err := build(s.from, m, time.Now())
	if err != nil {
		return err
	}
	c, err := s.client()
	if err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, SendTimeout)
	defer cancel()
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		if msg.IsDelivered() {
			// The server accepted the message; only QUIT failed. Reporting
			// an error would make the outbox send it a second time.
			return nil
		}
		return fmt.Errorf("smtp %s:%d: %w", s.cfg.host, s.cfg.port, err)
	}
	return nil
}
