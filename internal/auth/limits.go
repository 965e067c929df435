package auth

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/netip"
	"time"
)

// Rule is one fixed-window limit. The counters live in the database, so
// every server instance enforces the same budget.
type Rule struct {
	Name   string
	Limit  int
	Window time.Duration
}

// Limits per action: one budget per client address and a tighter one per
// email address, which stops a spread-out attack on one account and keeps
// one person from flooding someone's inbox.
var (
	signInIP    = Rule{"sign_in:ip", 30, 15 * time.Minute}
	signInEmail = Rule{"sign_in:email", 10, 15 * time.Minute}
	signUpIP    = Rule{"sign_up:ip", 10, time.Hour}
	signUpEmail = Rule{"sign_up:email", 5, time.Hour}
	resendIP    = Rule{"resend:ip", 10, time.Hour}
	resendEmail = Rule{"resend:email", 3, time.Hour}
	forgotIP    = Rule{"forgot:ip", 10, time.Hour}
	forgotEmail = Rule{"forgot:email", 3, time.Hour}
	tokenIP     = Rule{"token:ip", 30, 15 * time.Minute}
)

// limit counts one attempt against each (rule, subject) pair and returns a
// RateLimited error when any budget is spent. Every pair is counted even
// after one is over, so hammering one limit cannot keep the others fresh.
func (s *Service) limit(ctx context.Context, checks ...limitCheck) error {
	now := s.now()
	var wait time.Duration
	for _, c := range checks {
		count, resetAt, err := s.db.Hit(ctx, c.rule.Name+":"+c.subject, c.rule.Window, now)
		if err != nil {
			return storeErr("rate limit", err)
		}
		if count > c.rule.Limit*s.scale {
			wait = max(wait, resetAt.Sub(now))
		}
	}
	if wait > 0 {
		return &Error{Kind: RateLimited, Code: "rate_limited",
			Message: "Too many attempts. Please wait a little and try again.", RetryAfter: max(wait, time.Second)}
	}
	return nil
}

type limitCheck struct {
	rule    Rule
	subject string
}

func byIP(r Rule, ip string) limitCheck { return limitCheck{r, ipSubject(ip)} }

// byEmail keys the counter by a hash, so the table holds no addresses.
func byEmail(r Rule, email string) limitCheck {
	sum := sha256.Sum256([]byte(email))
	return limitCheck{r, hex.EncodeToString(sum[:12])}
}

// ipSubject groups IPv6 clients by /64, the block one subscriber usually
// holds, so rotating addresses within it does not reset the limit.
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
