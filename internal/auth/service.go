// Package auth holds accounts: sign-up with email verification, sign-in,
// sessions, password reset and the rate limits around them. It knows
// nothing about HTTP; the web package maps its errors to statuses.
package auth

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/belwise/site/internal/ratelimit"
	"github.com/belwise/site/internal/store"
)

// Options configures a Service.
type Options struct {
	DB      *store.DB
	SiteURL string // origin for links in emails
	// Notify wakes the outbox worker after an email is queued.
	Notify func()
	// RateLimitScale multiplies every limit (1 in production).
	RateLimitScale int
	Logger         *slog.Logger
	Now            func() time.Time
}

// Service carries out the account flows.
type Service struct {
	db      *store.DB
	siteURL string
	notify  func()
	limiter *ratelimit.Limiter
	log     *slog.Logger
	now     func() time.Time
}

func New(o Options) *Service {
	s := &Service{db: o.DB, siteURL: o.SiteURL, notify: o.Notify, log: o.Logger, now: o.Now}
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
	return s
}

// User is the account as the app sees it.
type User struct {
	ID       string `json:"id"`
	Email    string `json:"email"`
	FullName string `json:"fullName"`
}

func publicUser(u store.User) User { return User{ID: u.ID, Email: u.Email, FullName: u.FullName} }

// SignUpInput is what the sign-up form sends.
type SignUpInput struct {
	FullName, Email, Password, Locale string
}

// SignUp creates an unverified account and queues its verification email.
// An address that already has an account gets the same answer, so the form
// cannot be used to find out who is a customer; its owner gets an email
// instead (a new verification link, or a note that the account exists).
func (s *Service) SignUp(ctx context.Context, in SignUpInput, ip string) error {
	name, err := normalizeName(in.FullName)
	if err != nil {
		return err
	}
	email, err := normalizeEmail(in.Email)
	if err != nil {
		return err
	}
	if err := checkPassword(in.Password); err != nil {
		return err
	}
	locale := normalizeLocale(in.Locale)
	if err := s.limit(ctx, byIP(signUpIP, ip), byEmail(signUpEmail, email)); err != nil {
		return err
	}
	// Hash before looking the address up, so both paths take as long.
	hash, err := HashPassword(ctx, in.Password)
	if err != nil {
		return err
	}
	u, err := s.db.CreateUser(ctx, store.NewUser{Email: email, PasswordHash: hash, FullName: name, Locale: locale}, s.now().UTC())
	switch {
	case err == nil:
		s.log.Info("account created", "user", u.ID)
		return s.queue(ctx, KindVerify, u.ID, email, locale)
	case errors.Is(err, store.ErrConflict):
		existing, err := s.db.UserByEmail(ctx, email)
		if err != nil {
			return storeErr("sign-up lookup", err)
		}
		if existing.EmailVerifiedAt == nil {
			return s.queue(ctx, KindVerify, existing.ID, email, locale)
		}
		return s.queue(ctx, KindAccountExists, existing.ID, email, locale)
	default:
		return storeErr("create user", err)
	}
}

// SignIn checks the credentials and opens a session. An unknown address
// and a wrong password give the same error after the same amount of work.
func (s *Service) SignIn(ctx context.Context, emailIn, password, ip string) (User, NewSession, error) {
	email, err := normalizeEmail(emailIn)
	if err != nil {
		return User{}, NewSession{}, err
	}
	if password == "" {
		return User{}, NewSession{}, invalid("password_required", "Please enter a password.")
	}
	if err := s.limit(ctx, byIP(signInIP, ip), byEmail(signInEmail, email)); err != nil {
		return User{}, NewSession{}, err
	}
	u, err := s.db.UserByEmail(ctx, email)
	hash := u.PasswordHash
	switch {
	case errors.Is(err, store.ErrNotFound):
		hash = dummyHash()
	case err != nil:
		return User{}, NewSession{}, storeErr("sign-in lookup", err)
	}
	ok, err := CheckPassword(ctx, hash, password)
	if err != nil {
		return User{}, NewSession{}, err
	}
	if !ok || u.ID == "" {
		return User{}, NewSession{}, ErrInvalidCredentials
	}
	if u.EmailVerifiedAt == nil {
		return User{}, NewSession{}, ErrNotVerified
	}
	sess, err := s.startSession(ctx, u.ID)
	if err != nil {
		return User{}, NewSession{}, err
	}
	return publicUser(u), sess, nil
}

// SignOut revokes every session of the user, on every device: the spec's
// global sign-out.
func (s *Service) SignOut(ctx context.Context, userID string) error {
	n, err := s.db.DeleteUserSessions(ctx, userID)
	if err != nil {
		return storeErr("sign out", err)
	}
	s.log.Info("signed out everywhere", "user", userID, "sessions", n)
	return nil
}

// VerifyEmail consumes a verification link and signs its owner in.
func (s *Service) VerifyEmail(ctx context.Context, token, ip string) (User, NewSession, error) {
	if err := s.limit(ctx, byIP(tokenIP, ip)); err != nil {
		return User{}, NewSession{}, err
	}
	if !plausibleToken(token) {
		return User{}, NewSession{}, ErrInvalidToken
	}
	u, err := s.db.VerifyEmail(ctx, hashToken(token), s.now().UTC())
	if errors.Is(err, store.ErrNotFound) {
		return User{}, NewSession{}, ErrInvalidToken
	}
	if err != nil {
		return User{}, NewSession{}, storeErr("verify email", err)
	}
	sess, err := s.startSession(ctx, u.ID)
	if err != nil {
		return User{}, NewSession{}, err
	}
	s.log.Info("email verified", "user", u.ID)
	return publicUser(u), sess, nil
}

// ResendVerification queues a new link for an unverified account. It
// answers the same whether or not the address has an account.
func (s *Service) ResendVerification(ctx context.Context, emailIn, locale, ip string) error {
	email, err := normalizeEmail(emailIn)
	if err != nil {
		return err
	}
	if err := s.limit(ctx, byIP(resendIP, ip), byEmail(resendEmail, email)); err != nil {
		return err
	}
	u, err := s.db.UserByEmail(ctx, email)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil
	case err != nil:
		return storeErr("resend lookup", err)
	case u.EmailVerifiedAt != nil:
		return nil
	}
	return s.queue(ctx, KindVerify, u.ID, email, normalizeLocale(locale))
}

// ForgotPassword queues a reset link when the address has an account, and
// answers the same when it does not.
func (s *Service) ForgotPassword(ctx context.Context, emailIn, locale, ip string) error {
	email, err := normalizeEmail(emailIn)
	if err != nil {
		return err
	}
	if err := s.limit(ctx, byIP(forgotIP, ip), byEmail(forgotEmail, email)); err != nil {
		return err
	}
	u, err := s.db.UserByEmail(ctx, email)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return storeErr("forgot lookup", err)
	}
	return s.queue(ctx, KindReset, u.ID, email, normalizeLocale(locale))
}

// ResetPassword sets a new password from a reset link, signs out every
// other device (whoever knew the old password is locked out) and opens a
// fresh session.
func (s *Service) ResetPassword(ctx context.Context, token, password, ip string) (User, NewSession, error) {
	if err := s.limit(ctx, byIP(tokenIP, ip)); err != nil {
		return User{}, NewSession{}, err
	}
	if err := checkPassword(password); err != nil {
		return User{}, NewSession{}, err
	}
	if !plausibleToken(token) {
		return User{}, NewSession{}, ErrInvalidToken
	}
	hash, err := HashPassword(ctx, password)
	if err != nil {
		return User{}, NewSession{}, err
	}
	u, err := s.db.ResetPassword(ctx, hashToken(token), hash, s.now().UTC())
	if errors.Is(err, store.ErrNotFound) {
		return User{}, NewSession{}, ErrInvalidToken
	}
	if err != nil {
		return User{}, NewSession{}, storeErr("reset password", err)
	}
	sess, err := s.startSession(ctx, u.ID)
	if err != nil {
		return User{}, NewSession{}, err
	}
	s.log.Info("password reset", "user", u.ID)
	return publicUser(u), sess, nil
}

// mailPayload is what an outbox row carries for account emails: only the
// user id. The link's token is minted when the email is sent, so no usable
// token is ever stored.
type mailPayload struct {
	UserID string `json:"userId"`
}

func (s *Service) queue(ctx context.Context, kind, userID, email, locale string) error {
	payload, _ := json.Marshal(mailPayload{UserID: userID})
	if err := s.db.EnqueueMail(ctx, s.now().UTC(), store.NewMail{Kind: kind, Recipient: email, Locale: locale, Payload: payload}); err != nil {
		return storeErr("queue "+kind, err)
	}
	s.notify()
	return nil
}
