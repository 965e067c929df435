package auth

import (
	"context"
	"time"

	rl "github.com/belwise/site/internal/ratelimit"

	"github.com/belwise/site/internal/apierr"
)

// Limits per action: one budget per client address and a tighter one per
// email address, which keeps one person from flooding someone's inbox.
//
// Sign-in counts failures only (see SignIn). A client address gets 10
// wrong passwords per account and 30 in all per 15 minutes; an account gets
// 100 an hour from all addresses together, which slows guessing spread over
// many addresses. An address that signed in to the account (or verified or
// reset it) in the last 30 days is exempt from the last two, so a stranger's
// failures from elsewhere never lock the owner out of their own address, and
// a password reset brings the owner back in from wherever they reset it.
var (
	signInPair    = rl.Rule{Name: "sign_in:ip_account", Limit: 10, Window: 15 * time.Minute}
	signInIP      = rl.Rule{Name: "sign_in:ip", Limit: 30, Window: 15 * time.Minute}
	signInAccount = rl.Rule{Name: "sign_in:account", Limit: 100, Window: time.Hour}
	// knownAddress marks an address that reached the account; Limit is unused.
	knownAddress = rl.Rule{Name: "sign_in:known", Limit: 1, Window: 30 * 24 * time.Hour}
	signUpIP     = rl.Rule{Name: "sign_up:ip", Limit: 10, Window: time.Hour}
	signUpEmail  = rl.Rule{Name: "sign_up:email", Limit: 5, Window: time.Hour}
	resendIP     = rl.Rule{Name: "resend:ip", Limit: 10, Window: time.Hour}
	resendEmail  = rl.Rule{Name: "resend:email", Limit: 3, Window: time.Hour}
	forgotIP     = rl.Rule{Name: "forgot:ip", Limit: 10, Window: time.Hour}
	forgotEmail  = rl.Rule{Name: "forgot:email", Limit: 3, Window: time.Hour}
	tokenIP      = rl.Rule{Name: "token:ip", Limit: 30, Window: 15 * time.Minute}
)

var (
	byIP         = rl.ByIP
	byEmail      = rl.ByEmail
	byIPAndEmail = rl.ByIPAndEmail
)

// limit turns a spent budget into the visitor-facing 429.
func (s *Service) limit(ctx context.Context, checks ...rl.Check) error {
	wait, err := s.limiter.Allow(ctx, checks...)
	if err != nil {
		return storeErr("rate limit", err)
	}
	return limited(wait)
}

func limited(wait time.Duration) error {
	if wait > 0 {
		return &Error{Kind: RateLimited, Code: apierr.CodeRateLimited,
			Message: "Too many attempts. Please wait a little and try again.", RetryAfter: wait}
	}
	return nil
}

// signInChecks are the failure budgets a sign-in attempt from ip on email
// counts against: the address-and-account pair always, the address and the
// account unless the address is known to the account.
func (s *Service) signInChecks(ctx context.Context, ip, email string) ([]rl.Check, error) {
	known, err := s.limiter.Marked(ctx, byIPAndEmail(knownAddress, ip, email))
	if err != nil {
		return nil, storeErr("rate limit", err)
	}
	checks := []rl.Check{byIPAndEmail(signInPair, ip, email)}
	if !known {
		checks = append(checks, byIP(signInIP, ip), byEmail(signInAccount, email))
	}
	return checks, nil
}

// reachedAccount records that ip got into the account email with the
// password or an emailed link: the address's failures on it are forgotten,
// and it is exempt from the address and account budgets for 30 days. A
// failure here only costs the exemption, so it is logged, not returned.
func (s *Service) reachedAccount(ctx context.Context, ip, email string) {
	err := s.limiter.Clear(ctx, byIPAndEmail(signInPair, ip, email))
	if err == nil {
		err = s.limiter.Mark(ctx, byIPAndEmail(knownAddress, ip, email))
	}
	if err != nil {
		s.log.Warn("recording a known sign-in address", "err", err)
	}
}
