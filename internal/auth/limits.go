package auth

import (
	"context"
	"time"

	rl "github.com/belwise/site/internal/ratelimit"
)

// Limits per action: one budget per client address and a tighter one per
// email address, which stops a spread-out attack on one account and keeps
// one person from flooding someone's inbox.
var (
	signInIP    = rl.Rule{Name: "sign_in:ip", Limit: 30, Window: 15 * time.Minute}
	signInEmail = rl.Rule{Name: "sign_in:email", Limit: 10, Window: 15 * time.Minute}
	signUpIP    = rl.Rule{Name: "sign_up:ip", Limit: 10, Window: time.Hour}
	signUpEmail = rl.Rule{Name: "sign_up:email", Limit: 5, Window: time.Hour}
	resendIP    = rl.Rule{Name: "resend:ip", Limit: 10, Window: time.Hour}
	resendEmail = rl.Rule{Name: "resend:email", Limit: 3, Window: time.Hour}
	forgotIP    = rl.Rule{Name: "forgot:ip", Limit: 10, Window: time.Hour}
	forgotEmail = rl.Rule{Name: "forgot:email", Limit: 3, Window: time.Hour}
	tokenIP     = rl.Rule{Name: "token:ip", Limit: 30, Window: 15 * time.Minute}
)

var (
	byIP    = rl.ByIP
	byEmail = rl.ByEmail
)

// limit turns a spent budget into the visitor-facing 429.
func (s *Service) limit(ctx context.Context, checks ...rl.Check) error {
	wait, err := s.limiter.Allow(ctx, checks...)
	if err != nil {
		return storeErr("rate limit", err)
	}
	if wait > 0 {
		return &Error{Kind: RateLimited, Code: "rate_limited",
			Message: "Too many attempts. Please wait a little and try again.", RetryAfter: wait}
	}
	return nil
}
