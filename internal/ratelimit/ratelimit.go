// Package ratelimit counts attempts in fixed windows stored in the
// database, so every server instance enforces the same budget.
package ratelimit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/netip"
	"time"

	"github.com/belwise/site/internal/store"
)

// Rule is one fixed-window limit.
type Rule struct {
	Name   string
	Limit  int
	Window time.Duration
}

// Check is one rule applied to one subject (an address, an email hash).
type Check struct {
	rule    Rule
	subject string
}

// ByIP limits per client address; IPv6 clients are grouped by /64, the
// block one subscriber usually holds, so rotating addresses within it does
// not reset the limit.
func ByIP(r Rule, ip string) Check { return Check{r, ipSubject(ip)} }

// ByEmail limits per email address, keyed by a hash so the table holds no
// addresses.
func ByEmail(r Rule, email string) Check { return Check{r, emailSubject(email)} }

// ByIPAndEmail limits one client address (IPv6 per /64) on one email
// address.
func ByIPAndEmail(r Rule, ip, email string) Check {
	return Check{r, ipSubject(ip) + "|" + emailSubject(email)}
}

func emailSubject(email string) string {
	sum := sha256.Sum256([]byte(email))
	return hex.EncodeToString(sum[:12])
}

func (c Check) key() string { return c.rule.Name + ":" + c.subject }

// Limiter applies rules, each multiplied by Scale.
type Limiter struct {
	db    *store.DB
	scale int
	now   func() time.Time
}

func New(db *store.DB, scale int, now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	return &Limiter{db: db, scale: max(scale, 1), now: now}
}

// Allow counts one attempt against every check and returns how long to
// wait when any budget is spent (0 when all are fine). Every check is
// counted even after one is over, so hammering one limit cannot keep the
// others fresh.
func (l *Limiter) Allow(ctx context.Context, checks ...Check) (wait time.Duration, err error) {
	now := l.now()
	for _, c := range checks {
		count, resetAt, err := l.db.Hit(ctx, c.key(), c.rule.Window, now)
		if err != nil {
			return 0, err
		}
		if count > c.rule.Limit*l.scale {
			wait = max(wait, resetAt.Sub(now), time.Second)
		}
	}
	return wait, nil
}

// Reservation holds the attempts Reserve counted, for Refund.
type Reservation struct{ hits []hit }

type hit struct {
	key     string
	resetAt time.Time
}

// Reserve is Allow for budgets that count failures only. It counts one
// attempt against every check before the attempt is made, so concurrent
// attempts cannot overrun a budget. When any budget is spent it takes every
// count back (a refused attempt is no failure) and returns the wait. When
// the attempt then succeeds, Refund takes its counts back too.
func (l *Limiter) Reserve(ctx context.Context, checks ...Check) (Reservation, time.Duration, error) {
	now := l.now()
	var r Reservation
	var wait time.Duration
	for _, c := range checks {
		count, resetAt, err := l.db.Hit(ctx, c.key(), c.rule.Window, now)
		if err != nil {
			l.Refund(ctx, r)
			return Reservation{}, 0, err
		}
		r.hits = append(r.hits, hit{c.key(), resetAt})
		if count > c.rule.Limit*l.scale {
			wait = max(wait, resetAt.Sub(now), time.Second)
		}
	}
	if wait > 0 {
		if err := l.Refund(ctx, r); err != nil {
			return Reservation{}, 0, err
		}
		return Reservation{}, wait, nil
	}
	return r, 0, nil
}

// Refund takes back the counts of a Reservation.
func (l *Limiter) Refund(ctx context.Context, r Reservation) error {
	for _, h := range r.hits {
		if err := l.db.Unhit(ctx, h.key, h.resetAt); err != nil {
			return err
		}
	}
	return nil
}

// Clear forgets what was counted against c.
func (l *Limiter) Clear(ctx context.Context, c Check) error { return l.db.ForgetHits(ctx, c.key()) }

// Mark records c's subject for its rule's Window from now, extending an
// earlier mark; Marked reports whether a mark is in force. Marks remember
// facts such as "this address signed in to this account" that exempt it
// from other checks.
func (l *Limiter) Mark(ctx context.Context, c Check) error {
	return l.db.Remember(ctx, c.key(), l.now().Add(c.rule.Window))
}

func (l *Limiter) Marked(ctx context.Context, c Check) (bool, error) {
	n, err := l.db.HitCount(ctx, c.key(), l.now())
	return n > 0, err
}

func ipSubject(ip string) string {
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return "unknown"
	}
	addr = addr.Unmap()
	if addr.Is6() {
		p, _ := addr.Prefix(64)
		return p.String()
	}
	return addr.String()
}
