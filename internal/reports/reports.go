// Package reports keeps buyers and staff informed without signing in: the
// weekly digest (Monday 08:00 in the buyer's time zone), the monthly report
// per order (on the dashboard, and by email on the first of the month) and
// staff's alert when an agent's calls start failing (issue 21).
//
// Every email goes through the job queue as a mail job with a unique key
// that is never reused ("digest:week:<user>:<2026-W48>",
// "report:month:<order>:<2026-11>"), so however often the periodic job or
// `site digests send` runs, each digest and report is sent once.
package reports

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/linksign"
	"github.com/belwise/site/internal/store"
)

// DefaultTimeZone is a buyer's time zone until one is known.
const DefaultTimeZone = calls.DefaultTimeZone

// Options configures a Service.
type Options struct {
	DB      *store.DB
	SiteURL string
	// StaffAlerts is where the failing-agent alert goes (STAFF_ALERTS);
	// "" sends it to every staff account.
	StaffAlerts string
	Notify      func() // wakes the job worker after enqueueing
	Logger      *slog.Logger
	Now         func() time.Time
}

type Service struct {
	db          *store.DB
	siteURL     string
	staffAlerts string
	notify      func()
	log         *slog.Logger
	now         func() time.Time
}

func New(o Options) *Service {
	s := &Service{db: o.DB, siteURL: strings.TrimRight(o.SiteURL, "/"), staffAlerts: strings.TrimSpace(o.StaffAlerts),
		notify: o.Notify, log: o.Logger, now: o.Now}
	if s.notify == nil {
		s.notify = func() {}
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

// buyerPrefs are the digest settings of o's buyer. A buyer whose time
// zone is still unknown gets the one the browser sent with the quote o
// was made from, which is stored from then on.
func (s *Service) buyerPrefs(ctx context.Context, o store.Order) (store.DigestPrefs, error) {
	p, err := s.db.DigestPrefs(ctx, o.BuyerID)
	if err != nil || p.TimeZone != "" || o.QuoteID == "" {
		return p, err
	}
	q, err := s.db.QuoteRequest(ctx, o.QuoteID)
	if errors.Is(err, store.ErrNotFound) {
		return p, nil
	}
	if err != nil {
		return p, err
	}
	if _, err := calls.Location(q.TimeZone); q.TimeZone == "" || err != nil {
		return p, nil
	}
	if err := s.db.SetTimeZone(ctx, o.BuyerID, q.TimeZone, true); err != nil {
		return p, err
	}
	return s.db.DigestPrefs(ctx, o.BuyerID)
}

// location is a stored time zone, the default when unknown or unreadable.
func location(tz string) *time.Location {
	if tz != "" {
		if loc, err := calls.Location(tz); err == nil {
			return loc
		}
	}
	loc, _ := time.LoadLocation(DefaultTimeZone)
	return loc
}

// weekBefore is the Monday 00:00 (in loc) that starts the last full week
// before now, and the Monday 08:00 when its digest is due.
func weekBefore(now time.Time, loc *time.Location) (start, due time.Time) {
	t := now.In(loc)
	back := (int(t.Weekday()) + 6) % 7 // days since Monday
	thisMonday := time.Date(t.Year(), t.Month(), t.Day()-back, 0, 0, 0, 0, loc)
	return thisMonday.AddDate(0, 0, -7), thisMonday.Add(8 * time.Hour)
}

// monthBefore is the first day 00:00 (in loc) of the month before now's,
// and the first of now's month at 08:00 when its report is due.
func monthBefore(now time.Time, loc *time.Location) (start, due time.Time) {
	t := now.In(loc)
	first := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, loc)
	return first.AddDate(0, -1, 0), first.Add(8 * time.Hour)
}

// weekKey names the ISO week that starts at start: "2026-W48".
func weekKey(start time.Time) string {
	y, w := start.ISOWeek()
	return fmt.Sprintf("%d-W%02d", y, w)
}

// offPurpose is what the digest's one-click link may do, and nothing else:
// turn the weekly digest of its user off.
const offPurpose = "weekly-digest-off"

// offKey is the site key the digest's links are signed with.
func (s *Service) offKey(ctx context.Context) ([]byte, error) {
	return s.db.SiteKey(ctx, "digest-off", s.now())
}

// offSignature signs the link that turns user's weekly digest off.
func (s *Service) offSignature(ctx context.Context, userID string) (string, error) {
	key, err := s.offKey(ctx)
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(linksign.Sign(key, offPurpose, userID)), nil
}

// OffURL is the one-click link that turns user's weekly digest off.
func (s *Service) OffURL(ctx context.Context, userID string) (string, error) {
	sig, err := s.offSignature(ctx, userID)
	if err != nil {
		return "", err
	}
	return s.siteURL + "/api/digests/off?u=" + userID + "&s=" + sig, nil
}

var errBadLink = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidToken, Message: "This link is not valid."}

// CheckOff checks a one-click link's signature and answers the user's
// email language.
func (s *Service) CheckOff(ctx context.Context, userID, sig string) (store.User, error) {
	key, err := s.offKey(ctx)
	if err != nil {
		return store.User{}, apierr.Wrap("site key", err)
	}
	mac, err := hex.DecodeString(sig)
	if userID == "" || err != nil || !linksign.Valid(key, mac, offPurpose, userID) {
		return store.User{}, errBadLink
	}
	u, err := s.db.UserByID(ctx, userID)
	if errors.Is(err, store.ErrNotFound) {
		return store.User{}, errBadLink
	}
	if err != nil {
		return store.User{}, apierr.Wrap("user", err)
	}
	return u, nil
}

// TurnOff turns the weekly digest off for a signed link's user (idempotent).
func (s *Service) TurnOff(ctx context.Context, userID, sig string) (store.User, error) {
	u, err := s.CheckOff(ctx, userID, sig)
	if err != nil {
		return u, err
	}
	if _, err := s.db.SetWeeklyDigest(ctx, u.ID, false); err != nil {
		return u, apierr.Wrap("weekly digest off", err)
	}
	s.log.Info("weekly digest turned off by its email link", "user", u.ID)
	return u, nil
}

// Prefs are a buyer's digest settings, for the profile page.
type Prefs struct {
	WeeklyDigest bool   `json:"weeklyDigest" doc:"Whether the weekly digest is sent (Monday 08:00 in timeZone)."`
	TimeZone     string `json:"timeZone" doc:"The IANA time zone digests and reports use; Europe/Amsterdam until one is set."`
}

var errTZ = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidField, Field: "timeZone",
	Message: "timeZone must be an IANA time zone such as Europe/Amsterdam."}

// Prefs reads the user's settings.
func (s *Service) Prefs(ctx context.Context, userID string) (Prefs, error) {
	p, err := s.db.DigestPrefs(ctx, userID)
	if err != nil {
		return Prefs{}, apierr.Wrap("digest prefs", err)
	}
	tz := p.TimeZone
	if tz == "" {
		tz = DefaultTimeZone
	}
	return Prefs{WeeklyDigest: p.Weekly, TimeZone: tz}, nil
}

// SetPrefs changes what is given: the digest on or off, and the time zone
// (checked; knownOnly sets it only while none is stored, as the browser's
// guess does).
func (s *Service) SetPrefs(ctx context.Context, userID string, weekly *bool, tz string, knownOnly bool) (Prefs, error) {
	if tz != "" {
		if _, err := calls.Location(tz); err != nil {
			return Prefs{}, errTZ
		}
		if err := s.db.SetTimeZone(ctx, userID, tz, knownOnly); err != nil {
			return Prefs{}, apierr.Wrap("time zone", err)
		}
	}
	if weekly != nil {
		if _, err := s.db.SetWeeklyDigest(ctx, userID, *weekly); err != nil {
			return Prefs{}, apierr.Wrap("weekly digest", err)
		}
	}
	return s.Prefs(ctx, userID)
}
