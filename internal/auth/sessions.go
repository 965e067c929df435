package auth

import (
	"context"
	"errors"
	"time"

	"github.com/belwise/site/internal/store"
)

// Sessions slide: each visit pushes the expiry to IdleTimeout from now,
// but never past MaxLifetime after sign-in, so a stolen cookie does not
// live forever.
const (
	IdleTimeout = 14 * 24 * time.Hour
	MaxLifetime = 60 * 24 * time.Hour
	// touchEvery limits session writes to one per hour per session instead
	// of one per request.
	touchEvery = time.Hour
	// PendingTimeout is how long a staff member's session waits for its
	// second step; it is never extended.
	PendingTimeout = 15 * time.Minute
)

// The second step a staff member's new session waits for (NewSession.Step).
const (
	StepTOTP      = "totp"       // a code from their authenticator app, or a recovery code
	StepTOTPSetup = "totp-setup" // no factor yet: confirm the offered key with a code
)

// NewSession is a session to hand to the browser as a cookie.
type NewSession struct {
	Token     string
	ExpiresAt time.Time
	// Step is "" for a complete session. For a staff member signed in by
	// password (or an emailed link) alone it is the second step the
	// session waits for: it reaches nothing but the second-step endpoints.
	Step string
	// Setup is the key offered with StepTOTPSetup.
	Setup *TOTPSetup
}

// startSession opens a session for u. A buyer's is complete. A staff
// member's is pending (see Authenticate) and short-lived; when they have no
// factor yet it holds a fresh key for them to confirm (see TOTPSetup).
func (s *Service) startSession(ctx context.Context, u store.User) (NewSession, error) {
	token, hash := newToken()
	now := s.now().UTC()
	sess := store.Session{TokenHash: hash, UserID: u.ID, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(IdleTimeout),
		DeviceID: newDeviceID()}
	sess.Browser, sess.System = deviceFrom(ctx)
	out := NewSession{Token: token}
	if u.Role == RoleStaff {
		sess.ExpiresAt = now.Add(PendingTimeout)
		out.Step = StepTOTP
		_, err := s.db.TOTPFactor(ctx, u.ID)
		switch {
		case errors.Is(err, store.ErrNotFound):
			setup, err := newTOTPSetup(u.Email)
			if err != nil {
				return NewSession{}, err
			}
			sess.TOTPSetupSecret = setup.Secret
			out.Step, out.Setup = StepTOTPSetup, &setup
		case err != nil:
			return NewSession{}, storeErr("second step lookup", err)
		}
	}
	if err := s.db.CreateSession(ctx, sess); err != nil {
		return NewSession{}, storeErr("create session", err)
	}
	out.ExpiresAt = sess.ExpiresAt
	return out, nil
}

// Session is who a session cookie belongs to.
type Session struct {
	User User
	// Pending: a staff member's session that has not passed the second
	// step. It counts as signed out everywhere but the second-step
	// endpoints. A session is pending when its user is staff and it has no
	// second_step_at (store.Session.SecondStepAt); the stage is not stored
	// for buyers, so a buyer made staff must pass the step too.
	Pending bool
}

// Authenticate resolves a session cookie to its user. When the session was
// extended it also returns the renewed cookie to send back; otherwise the
// zero NewSession. A missing, unknown or expired token is
// ErrUnauthenticated. A pending session is never extended.
func (s *Service) Authenticate(ctx context.Context, token string) (Session, NewSession, error) {
	if !plausibleToken(token) {
		return Session{}, NewSession{}, ErrUnauthenticated
	}
	hash := hashToken(token)
	now := s.now().UTC()
	sess, u, err := s.db.SessionUser(ctx, hash, now)
	if errors.Is(err, store.ErrNotFound) {
		return Session{}, NewSession{}, ErrUnauthenticated
	}
	if err != nil {
		return Session{}, NewSession{}, storeErr("session lookup", err)
	}
	if u.Role == RoleStaff && sess.SecondStepAt == nil {
		return Session{User: publicUser(u), Pending: true}, NewSession{}, nil
	}
	if now.Sub(sess.LastSeenAt) < touchEvery {
		return Session{User: publicUser(u)}, NewSession{}, nil
	}
	exp := now.Add(IdleTimeout)
	if limit := sess.CreatedAt.Add(MaxLifetime); limit.Before(exp) {
		exp = limit
	}
	if err := s.db.TouchSession(ctx, hash, now, exp); err != nil {
		// The visitor is still signed in; the expiry just did not move.
		s.log.Warn("extending session", "err", err)
		return Session{User: publicUser(u)}, NewSession{}, nil
	}
	return Session{User: publicUser(u)}, NewSession{Token: token, ExpiresAt: exp}, nil
}

// EndSession ends the one session of token (a pending one's "cancel"; the
// complete sign-out is SignOut, on every device).
func (s *Service) EndSession(ctx context.Context, token string) error {
	if !plausibleToken(token) {
		return nil
	}
	if err := s.db.DeleteSession(ctx, hashToken(token)); err != nil {
		return storeErr("end session", err)
	}
	return nil
}
