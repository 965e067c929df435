// Package smtptest runs a tiny in-process SMTP server for tests. It speaks
// just enough SMTP for a real client (go-mail, net/smtp): greeting,
// EHLO/HELO (no STARTTLS), optional AUTH PLAIN, MAIL, RCPT, DATA, RSET, NOOP
// and QUIT, and it records every message it accepts. SetDown simulates an
// outage.
//
//	sink := smtptest.Start(t)
//	sender, _ := mail.NewSender(sink.URL(), "Belwise <no-reply@belwise.test>", "", nil)
//	…
//	msg := sink.WaitFor(t, 1, 5*time.Second)[0]
//	link := msg.Links()[0]
package smtptest

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// Message is one message the sink accepted.
type Message struct {
	From string    // MAIL FROM address
	To   []string  // RCPT TO addresses
	Raw  []byte    // the DATA, dot-unstuffed, CRLF line endings
	At   time.Time // when the sink accepted it (the end of DATA)
}

// Sink is a running SMTP server on 127.0.0.1.
type Sink struct {
	ln net.Listener

	mu       sync.Mutex
	msgs     []Message
	changed  chan struct{} // closed and replaced whenever msgs grows
	down     bool
	user     string
	pass     string
	conns    map[net.Conn]struct{}
	closed   bool
	handlers sync.WaitGroup
}

// Start listens on 127.0.0.1:0 and serves until Close, which t.Cleanup calls.
func Start(t testing.TB) *Sink {
	t.Helper()
	s, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatalf("smtptest: listen: %v", err)
	}
	t.Cleanup(s.Close)
	return s
}

// Listen starts a sink on addr outside a test (benchmarks); the caller
// closes it.
func Listen(addr string) (*Sink, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	s := &Sink{ln: ln, changed: make(chan struct{}), conns: make(map[net.Conn]struct{})}
	s.handlers.Add(1)
	go s.serve()
	return s, nil
}

// Addr is the host:port the sink listens on.
func (s *Sink) Addr() string { return s.ln.Addr().String() }

// URL is an SMTP_URL for the sink: smtp://127.0.0.1:port, or with the
// credentials set by SetAuth.
func (s *Sink) URL() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.user == "" {
		return "smtp://" + s.Addr()
	}
	return "smtp://" + urlUserinfo(s.user, s.pass) + "@" + s.Addr()
}

// SetAuth makes the sink advertise AUTH PLAIN and require these credentials
// before MAIL. Empty user turns authentication off again.
func (s *Sink) SetAuth(user, pass string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.user, s.pass = user, pass
}

// SetDown simulates an outage: while down, new connections are greeted with
// 421 and closed, and commands on open connections get 421.
func (s *Sink) SetDown(down bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.down = down
}

func (s *Sink) isDown() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.down
}

// Messages returns a copy of the messages accepted so far, oldest first.
func (s *Sink) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.msgs...)
}

// WaitFor waits until at least n messages have arrived and returns them,
// failing the test after timeout.
func (s *Sink) WaitFor(t testing.TB, n int, timeout time.Duration) []Message {
	t.Helper()
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		msgs, changed := append([]Message(nil), s.msgs...), s.changed
		s.mu.Unlock()
		if len(msgs) >= n {
			return msgs
		}
		select {
		case <-changed:
		case <-deadline.C:
			t.Fatalf("smtptest: got %d message(s) within %v, want %d", len(msgs), timeout, n)
			return nil
		}
	}
}

// Close stops the sink and drops open connections. It is safe to call twice.
func (s *Sink) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	for c := range s.conns {
		c.Close()
	}
	s.mu.Unlock()
	s.ln.Close()
	s.handlers.Wait()
}

func (s *Sink) serve() {
	defer s.handlers.Done()
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			c.Close()
			return
		}
		s.conns[c] = struct{}{}
		s.handlers.Add(1)
		s.mu.Unlock()
		go func() {
			defer s.handlers.Done()
			defer func() {
				s.mu.Lock()
				delete(s.conns, c)
				s.mu.Unlock()
				c.Close()
			}()
			s.handle(c)
		}()
	}
}

const maxLine = 64 << 10
const maxData = 32 << 20

// handle speaks SMTP on one connection.
func (s *Sink) handle(c net.Conn) {
	_ = c.SetDeadline(time.Now().Add(time.Minute))
	r := bufio.NewReaderSize(c, 4096)
	w := bufio.NewWriter(c)
	reply := func(lines ...string) bool {
		for _, l := range lines {
			w.WriteString(l + "\r\n")
		}
		return w.Flush() == nil
	}
	if s.isDown() {
		reply("421 4.3.2 smtptest: service not available")
		return
	}
	if !reply("220 smtptest ESMTP ready") {
		return
	}

	var (
		helo   bool
		authed bool
		from   string
		to     []string
		inMail bool
	)
	reset := func() { from, to, inMail = "", nil, false }

	for {
		line, err := readLine(r)
		if err != nil {
			return
		}
		if s.isDown() {
			reply("421 4.3.2 smtptest: service not available")
			return
		}
		verb, arg, _ := strings.Cut(line, " ")
		verb = strings.ToUpper(verb)
		s.mu.Lock()
		user, pass := s.user, s.pass
		s.mu.Unlock()

		switch verb {
		case "EHLO":
			helo = true
			reset()
			ext := []string{"250-smtptest greets " + arg, "250-8BITMIME", "250-SMTPUTF8"}
			if user != "" {
				ext = append(ext, "250-AUTH PLAIN")
			}
			ext = append(ext, "250 SIZE 33554432")
			reply(ext...)
		case "HELO":
			helo = true
			reset()
			reply("250 smtptest")
		case "AUTH":
			mech, initial, _ := strings.Cut(arg, " ")
			switch {
			case user == "":
				reply("503 5.5.1 AUTH not offered")
				continue
			case authed:
				reply("503 5.5.1 already authenticated")
				continue
			case !strings.EqualFold(mech, "PLAIN"):
				reply("504 5.5.4 unrecognized authentication type")
				continue
			}
			if initial == "" || initial == "=" {
				if !reply("334 ") {
					return
				}
				if initial, err = readLine(r); err != nil {
					return
				}
			}
			if checkPlain(initial, user, pass) {
				authed = true
				reply("235 2.7.0 authentication successful")
			} else {
				reply("535 5.7.8 authentication credentials invalid")
			}
		case "MAIL":
			switch {
			case !helo:
				reply("503 5.5.1 say EHLO first")
			case user != "" && !authed:
				reply("530 5.7.0 authentication required")
			case inMail:
				reply("503 5.5.1 nested MAIL command")
			default:
				addr, ok := pathArg(arg, "FROM:")
				if !ok {
					reply("501 5.5.4 syntax: MAIL FROM:<address>")
					continue
				}
				from, inMail = addr, true
				reply("250 2.1.0 ok")
			}
		case "RCPT":
			if !inMail {
				reply("503 5.5.1 need MAIL first")
				continue
			}
			addr, ok := pathArg(arg, "TO:")
			if !ok || addr == "" {
				reply("501 5.5.4 syntax: RCPT TO:<address>")
				continue
			}
			to = append(to, addr)
			reply("250 2.1.5 ok")
		case "DATA":
			if !inMail || len(to) == 0 {
				reply("503 5.5.1 need MAIL and RCPT first")
				continue
			}
			if !reply("354 end data with <CR><LF>.<CR><LF>") {
				return
			}
			raw, err := readData(r)
			if err != nil {
				if errors.Is(err, errTooBig) {
					reply("552 5.3.4 message too big")
					reset()
					continue
				}
				return
			}
			if s.isDown() {
				reply("421 4.3.2 smtptest: service not available")
				return
			}
			s.add(Message{From: from, To: to, Raw: raw})
			reset()
			reply("250 2.0.0 ok: queued")
		case "RSET":
			reset()
			reply("250 2.0.0 ok")
		case "NOOP":
			reply("250 2.0.0 ok")
		case "QUIT":
			reply("221 2.0.0 bye")
			return
		default:
			reply("502 5.5.2 command not implemented")
		}
	}
}

func (s *Sink) add(m Message) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if m.At.IsZero() {
		m.At = time.Now()
	}
	s.msgs = append(s.msgs, m)
	close(s.changed)
	s.changed = make(chan struct{})
}

var errTooBig = errors.New("smtptest: message too big")

func readLine(r *bufio.Reader) (string, error) {
	var b []byte
	for {
		chunk, isPrefix, err := r.ReadLine()
		if err != nil {
			return "", err
		}
		b = append(b, chunk...)
		if len(b) > maxLine {
			return "", errors.New("smtptest: line too long")
		}
		if !isPrefix {
			return strings.TrimRight(string(b), "\r"), nil
		}
	}
}

// readData reads DATA up to the lone "." line, undoing dot-stuffing.
func readData(r *bufio.Reader) ([]byte, error) {
	var buf bytes.Buffer
	tooBig := false
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return nil, err
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "." {
			break
		}
		line = strings.TrimPrefix(line, ".")
		if buf.Len()+len(line) > maxData {
			tooBig = true
			continue
		}
		buf.WriteString(line)
		buf.WriteString("\r\n")
	}
	if tooBig {
		return nil, errTooBig
	}
	return buf.Bytes(), nil
}

// pathArg extracts the address from "FROM:<a@b> SIZE=…" style arguments.
func pathArg(arg, prefix string) (string, bool) {
	arg = strings.TrimSpace(arg)
	if len(arg) < len(prefix) || !strings.EqualFold(arg[:len(prefix)], prefix) {
		return "", false
	}
	arg = strings.TrimSpace(arg[len(prefix):])
	if !strings.HasPrefix(arg, "<") {
		return "", false
	}
	end := strings.IndexByte(arg, '>')
	if end < 0 {
		return "", false
	}
	return arg[1:end], true
}

func checkPlain(b64, user, pass string) bool {
	dec, err := base64.StdEncoding.DecodeString(strings.TrimSpace(b64))
	if err != nil {
		return false
	}
	parts := strings.Split(string(dec), "\x00")
	return len(parts) == 3 && parts[1] == user && parts[2] == pass
}

func urlUserinfo(user, pass string) string {
	esc := func(s string) string {
		var b strings.Builder
		for _, c := range []byte(s) {
			if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-._~", c) >= 0 {
				b.WriteByte(c)
			} else {
				fmt.Fprintf(&b, "%%%02X", c)
			}
		}
		return b.String()
	}
	return esc(user) + ":" + esc(pass)
}

// Parsed is a message split into the parts tests look at.
type Parsed struct {
	Header  mail.Header
	Subject string // decoded
	Text    string // decoded text/plain part ("" if none)
	HTML    string // decoded text/html part ("" if none)
}

// Parse decodes a raw RFC 5322 message: a single text part or a (nested)
// multipart one, in quoted-printable, base64 or plain transfer encoding.
// It also reads .eml files written by the mail package's file sender.
func Parse(raw []byte) (Parsed, error) {
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return Parsed{}, fmt.Errorf("smtptest: read message: %w", err)
	}
	var p Parsed
	p.Header = m.Header
	dec := new(mime.WordDecoder)
	if p.Subject, err = dec.DecodeHeader(m.Header.Get("Subject")); err != nil {
		return Parsed{}, fmt.Errorf("smtptest: subject: %w", err)
	}
	err = walk(m.Header.Get("Content-Type"), m.Header.Get("Content-Transfer-Encoding"), m.Body, &p)
	return p, err
}

func walk(contentType, encoding string, body io.Reader, p *Parsed) error {
	if contentType == "" {
		contentType = "text/plain"
	}
	mediaType, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return fmt.Errorf("smtptest: content type %q: %w", contentType, err)
	}
	if strings.HasPrefix(mediaType, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			part, err := mr.NextRawPart() // raw: we decode transfer encodings ourselves
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return fmt.Errorf("smtptest: multipart: %w", err)
			}
			if err := walk(part.Header.Get("Content-Type"), part.Header.Get("Content-Transfer-Encoding"), part, p); err != nil {
				return err
			}
		}
	}
	switch strings.ToLower(strings.TrimSpace(encoding)) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body) // skips line breaks itself
	}
	b, err := io.ReadAll(body)
	if err != nil {
		return fmt.Errorf("smtptest: %s body: %w", mediaType, err)
	}
	text := strings.ReplaceAll(string(b), "\r\n", "\n")
	switch mediaType {
	case "text/plain":
		if p.Text == "" {
			p.Text = text
		}
	case "text/html":
		if p.HTML == "" {
			p.HTML = text
		}
	}
	return nil
}

// Parse decodes the message; see the package-level Parse.
func (m Message) Parse() (Parsed, error) { return Parse(m.Raw) }

var linkPattern = regexp.MustCompile(`https?://[^\s<>"']+`)

// Links returns the http(s) links in the message's text part, in order: the
// easy way for a test to follow a verification or reset link. It returns
// nil if the message does not parse.
func (m Message) Links() []string {
	p, err := m.Parse()
	if err != nil {
		return nil
	}
	return linkPattern.FindAllString(p.Text, -1)
}
