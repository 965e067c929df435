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
func ByEmail(r Rule, email string) Check {
	sum := sha256.Sum256([]byte(email))
	return Check{r, hex.EncodeToString(sum[:12])}
}

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
		count, resetAt, err := l.db.Hit(ctx, c.rule.Name+":"+c.subject, c.rule.Window, now)
		if err != nil {
			return 0, err
		}
		if count > c.rule.Limit*l.scale {
			wait = max(wait, resetAt.Sub(now), time.Second)
		}
	}
	return wait, nil
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
