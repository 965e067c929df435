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
)

// NewSession is a session to hand to the browser as a cookie.
type NewSession struct {
	Token     string
	ExpiresAt time.Time
}

func (s *Service) startSession(ctx context.Context, userID string) (NewSession, error) {
	token, hash := newToken()
	now := s.now().UTC()
	exp := now.Add(IdleTimeout)
	err := s.db.CreateSession(ctx, store.Session{TokenHash: hash, UserID: userID, CreatedAt: now, LastSeenAt: now, ExpiresAt: exp})
	if err != nil {
		return NewSession{}, storeErr("create session", err)
	}
	return NewSession{Token: token, ExpiresAt: exp}, nil
}

// Authenticate resolves a session cookie to its user. When the session was
// extended it also returns the renewed cookie to send back; otherwise the
// zero NewSession. A missing, unknown or expired token is
// ErrUnauthenticated.
func (s *Service) Authenticate(ctx context.Context, token string) (User, NewSession, error) {
	if !plausibleToken(token) {
		return User{}, NewSession{}, ErrUnauthenticated
	}
	hash := hashToken(token)
	now := s.now().UTC()
	sess, u, err := s.db.SessionUser(ctx, hash, now)
	if errors.Is(err, store.ErrNotFound) {
		return User{}, NewSession{}, ErrUnauthenticated
	}
	if err != nil {
		return User{}, NewSession{}, storeErr("session lookup", err)
	}
	if now.Sub(sess.LastSeenAt) < touchEvery {
		return publicUser(u), NewSession{}, nil
	}
	exp := now.Add(IdleTimeout)
	if limit := sess.CreatedAt.Add(MaxLifetime); limit.Before(exp) {
		exp = limit
	}
	if err := s.db.TouchSession(ctx, hash, now, exp); err != nil {
		// The visitor is still signed in; the expiry just did not move.
		s.log.Warn("extending session", "err", err)
		return publicUser(u), NewSession{}, nil
	}
	return publicUser(u), NewSession{Token: token, ExpiresAt: exp}, nil
}
