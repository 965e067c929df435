// Package quote takes quote requests from the /quote form: it validates
// them, stores each one and, in the same transaction, queues an email to
// the agency's inbox and a confirmation to the requester. Delivery is the
// outbox's job, so an SMTP outage delays the emails but never loses a
// request. It knows nothing about HTTP; the web package maps its errors to
// statuses.
package quote

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	netmail "net/mail"
	"strings"
	"time"
	_ "time/tzdata" // visitors' time zones must resolve on hosts without zoneinfo

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/ratelimit"
	"github.com/belwise/site/internal/store"
	"github.com/google/uuid"
)

// Outbox kinds for the quote emails.
const (
	KindInbox        = "quote.inbox"
	KindConfirmation = "quote.confirmation"
)

// submitIP is the per-address budget. The counters live in the database, so
// it holds across server instances.
var submitIP = ratelimit.Rule{Name: "quote:ip", Limit: 5, Window: 10 * time.Minute}

// confirmEmail limits the confirmations sent to one requester's address
// (compared in lower case), as sign-up limits its emails per address, so
// the form cannot be used to flood someone else's inbox from many client
// addresses. Past it a request is still stored and the agency still gets
// its email; only the confirmation is left out.
var confirmEmail = ratelimit.Rule{Name: "quote:confirmation_email", Limit: 3, Window: time.Hour}

// repeatWindow is how long the same request (fingerprint) counts as a
// repeat of the first: Send pressed twice before the page's script took
// over, a form the browser resent, a retried post. The repeat is answered
// as a success with the first request's id; nothing is stored, sent or
// counted against the rate limit.
const repeatWindow = 15 * time.Minute

// fingerprint is what a repeat is recognised by: what the visitor wrote,
// after validation's normalising (the address in any case), the account
// and where the request comes from.
func fingerprint(q store.QuoteRequest) string {
	h := sha256.New()
	for _, v := range []string{q.FullName, strings.ToLower(q.Email), q.CompanyName, q.BusinessType, q.Phone,
		q.Language, q.Description, q.Locale, q.UserID, q.Source} {
		fmt.Fprintf(h, "%d:%s\n", len(v), v)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Options configures a Service.
type Options struct {
	DB *store.DB
	// Inbox is the agency's address (QUOTE_INBOX), e.g. quotes@belwise.nl
	// or "Belwise quotes <quotes@belwise.nl>".
	Inbox string
	// Notify wakes the outbox worker after the emails are queued.
	Notify func()
	// RateLimitScale multiplies the rate limit (1 in production).
	RateLimitScale int
	Logger         *slog.Logger
	Now            func() time.Time
}

// Service takes quote requests and renders their emails.
type Service struct {
	db        *store.DB
	inbox     string // recipient of the agency email, as configured
	inboxAddr string // the bare address: shown to requesters and their Reply-To
	notify    func()
	limiter   *ratelimit.Limiter
	log       *slog.Logger
	now       func() time.Time
}

// New checks the inbox address; without a usable one every agency email
// would fail, so that is a configuration error.
func New(o Options) (*Service, error) {
	inbox := strings.TrimSpace(o.Inbox)
	addr, err := netmail.ParseAddress(inbox)
	if err != nil {
		return nil, fmt.Errorf("QUOTE_INBOX=%q: must be an email address such as quotes@belwise.nl", o.Inbox)
	}
	s := &Service{db: o.DB, inbox: inbox, inboxAddr: addr.Address, notify: o.Notify, log: o.Logger, now: o.Now}
	if s.notify == nil {
		s.notify = func() {}
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	s.limiter = ratelimit.New(o.DB, o.RateLimitScale, s.now)
	return s, nil
}

// Input is what the quote form sends.
type Input struct {
	FullName, CompanyName, BusinessType string
	Email, Phone, Description           string
	Language                            string // "english" | "dutch"; "" → from Locale
	Locale                              string // page language "en" | "nl"; anything else is "en"
	TimeZone                            string // IANA name from the browser; optional, ignored when unknown
	// Source is where the request comes from: SourceForm (also for ""),
	// SourcePersonalized (the personalized try-out's link to the form) or
	// SourceVoice (the voice assistant's tool call).
	Source string
	// Website is a honeypot: the form hides it, so only bots fill it in.
	Website string
}

// Where a request comes from.
const (
	SourceForm         = "form"
	SourceVoice        = "voice"
	SourcePersonalized = "personalized"
)

// Submit validates in, stores it and queues both emails, returning the new
// request's id. userID is "" for an anonymous visitor; ip is the client
// address the rate limit counts against. A filled-in honeypot gets a
// made-up id and nothing is stored or sent, so a bot cannot tell.
func (s *Service) Submit(ctx context.Context, in Input, userID, ip string) (string, error) {
	if in.Website != "" {
		s.log.Info("quote request dropped: honeypot field filled in")
		return uuid.NewString(), nil
	}
	q, err := validate(in)
	if err != nil {
		return "", err
	}
	q.UserID = userID
	q.Fingerprint = fingerprint(q)
	since := s.now().UTC().Add(-repeatWindow)
	if id, found, err := s.db.SameQuote(ctx, q.Fingerprint, since); err != nil {
		return "", storeErr("look for a repeat", err)
	} else if found {
		s.log.Info("quote request repeated: answered with the first", "quote", id)
		return id, nil
	}
	if err := s.limit(ctx, ip); err != nil {
		return "", err
	}
	q.ID = uuid.NewString()
	payload, _ := json.Marshal(mailPayload{QuoteID: q.ID})
	mails := []store.NewMail{{Kind: KindInbox, Recipient: s.inbox, Locale: "en", Payload: payload}}
	// The confirmation's count is held before the request is stored and
	// given back when nothing is, so only confirmations queued count.
	held, wait, err := s.limiter.Reserve(ctx, ratelimit.ByEmail(confirmEmail, strings.ToLower(q.Email)))
	if err != nil {
		return "", storeErr("rate limit", err)
	}
	if wait == 0 {
		mails = append(mails, store.NewMail{Kind: KindConfirmation, Recipient: q.Email, Locale: q.Locale, Payload: payload})
	}
	id, created, err := s.db.CreateQuoteRequestOnce(ctx, q, since, mails, s.now().UTC())
	if err != nil || !created {
		if rerr := s.limiter.Refund(ctx, held); rerr != nil {
			s.log.Warn("quote confirmation count not given back", "err", rerr)
		}
	}
	if err != nil {
		return "", storeErr("store quote request", err)
	}
	if !created {
		s.log.Info("quote request repeated: answered with the first", "quote", id)
		return id, nil
	}
	if wait > 0 {
		s.log.Info("quote confirmation not sent: the requester's address had its confirmations for the hour", "quote", id)
	}
	s.log.Info("quote request received", "quote", id, "signed_in", userID != "")
	s.notify()
	return id, nil
}

// limit turns a spent budget into the visitor-facing 429.
func (s *Service) limit(ctx context.Context, ip string) error {
	wait, err := s.limiter.Allow(ctx, ratelimit.ByIP(submitIP, ip))
	if err != nil {
		return storeErr("rate limit", err)
	}
	if wait > 0 {
		return &Error{Kind: RateLimited, Code: apierr.CodeRateLimited,
			Message: "Too many quote requests. Please wait a little and try again.", RetryAfter: wait}
	}
	return nil
}

// The quote package speaks the shared error shape.
type (
	Kind  = apierr.Kind
	Error = apierr.Error
)

const (
	Invalid     = apierr.Invalid
	RateLimited = apierr.RateLimited
	Unavailable = apierr.Unavailable
)

// storeErr turns an unreachable database into the visitor-facing 503.
func storeErr(op string, err error) error { return apierr.Wrap(op, err) }
