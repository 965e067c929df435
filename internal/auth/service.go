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

	"github.com/belwise/site/internal/apierr"
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

// Roles. Every account is a buyer; the agency makes some staff, who run
// the console.
const (
	RoleBuyer = store.RoleBuyer
	RoleStaff = store.RoleStaff
)

// User is the account as the app sees it.
type User struct {
	ID       string `json:"id"`
	Email    string `json:"email"`
	FullName string `json:"fullName"`
	Role     string `json:"role" enum:"buyer,staff"` // RoleBuyer or RoleStaff
}

func publicUser(u store.User) User {
	return User{ID: u.ID, Email: u.Email, FullName: u.FullName, Role: u.Role}
}

// SignUpInput is what the sign-up form sends.
type SignUpInput struct {
	FullName, Email, Password, Locale string
}

// SignUp records a sign-up and queues its verification email. The
// password and name take effect only through that email's link (see
// store.Signup), so signing up with someone else's address gains nothing.
// An address that already has an account gets the same answer, so the form
// cannot be used to find out who is a customer; its owner gets an email
// instead (a note that the account exists).
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
	hash, err := HashPassword(ctx, in.Password)
	if err != nil {
		return err
	}
	u, signupID, err := s.db.RecordSignUp(ctx, store.NewSignup{Email: email, PasswordHash: hash, FullName: name, Locale: locale}, s.now().UTC())
	if err != nil {
		return storeErr("sign up", err)
	}
	if signupID == "" {
		return s.queue(ctx, KindAccountExists, mailPayload{UserID: u.ID}, email, locale)
	}
	s.log.Info("sign-up recorded", "user", u.ID, "signup", signupID)
	return s.queue(ctx, KindVerify, mailPayload{UserID: u.ID, SignupID: signupID}, email, locale)
}

// SignIn checks the credentials and opens a session. An unknown address
// and a wrong password give the same error after the same amount of work.
//
// Only failures count against the limits (see limits.go): each attempt
// takes its place in the budgets first, so a burst cannot overrun them, and
// gives it back when the password was right.
func (s *Service) SignIn(ctx context.Context, emailIn, password, ip string) (User, NewSession, error) {
	email, err := normalizeEmail(emailIn)
	if err != nil {
		return User{}, NewSession{}, err
	}
	if password == "" {
		return User{}, NewSession{}, invalid(apierr.CodePasswordRequired, "Please enter a password.")
	}
	checks, err := s.signInChecks(ctx, ip, email)
	if err != nil {
		return User{}, NewSession{}, err
	}
	held, wait, err := s.limiter.Reserve(ctx, checks...)
	if err != nil {
		return User{}, NewSession{}, storeErr("rate limit", err)
	}
	if err := limited(wait); err != nil {
		return User{}, NewSession{}, err
	}
	u, err := s.checkCredentials(ctx, email, password)
	if errors.Is(err, ErrInvalidCredentials) {
		return User{}, NewSession{}, err // counted as a failure
	}
	if err := s.limiter.Refund(ctx, held); err != nil {
		s.log.Warn("refunding a sign-in attempt", "err", err)
	}
	if err != nil {
		return User{}, NewSession{}, err
	}
	if u.EmailVerifiedAt == nil {
		return User{}, NewSession{}, ErrNotVerified
	}
	sess, err := s.startSession(ctx, u)
	if err != nil {
		return User{}, NewSession{}, err
	}
	// A staff member reaches the account only with the second step (and
	// their address is exempt from budgets only then; see PassSecondStep).
	if sess.Step == "" {
		s.reachedAccount(ctx, ip, email)
	}
	return publicUser(u), sess, nil
}

// checkCredentials returns the account when password is its password, or
// for an unverified account the password of its newest pending sign-up (so
// its author hears the account needs verifying; nothing else opens).
// Otherwise ErrInvalidCredentials, after one argon2 check either way.
func (s *Service) checkCredentials(ctx context.Context, email, password string) (store.User, error) {
	u, err := s.db.UserByEmail(ctx, email)
	hash := u.PasswordHash
	switch {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		return store.User{}, storeErr("sign-in lookup", err)
	case u.EmailVerifiedAt == nil:
		pending, err := s.db.PendingSignups(ctx, u.ID, 1)
		if err != nil {
			return store.User{}, storeErr("sign-in lookup", err)
		}
		hash = ""
		if len(pending) == 1 {
			hash = pending[0].PasswordHash
		}
	}
	match := hash != ""
	if !match {
		hash = dummyHash()
	}
	ok, err := CheckPassword(ctx, hash, password)
	if err != nil {
		return store.User{}, err
	}
	if !ok || !match {
		return store.User{}, ErrInvalidCredentials
	}
	return u, nil
}

// SignOut revokes every session of the user, on every device (the spec's
// global sign-out), and every link still waiting in their mailbox: only the
// password or a new email gets back in.
func (s *Service) SignOut(ctx context.Context, userID string) error {
	n, err := s.db.SignOutEverywhere(ctx, userID, s.now().UTC())
	if err != nil {
		return storeErr("sign out", err)
	}
	s.log.Info("signed out everywhere", "user", userID, "sessions", n)
	return nil
}

// VerifyEmail consumes a verification link, applies the password and name
// of the sign-up it was sent for, and signs its owner in.
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
	sess, err := s.startSession(ctx, u)
	if err != nil {
		return User{}, NewSession{}, err
	}
	if sess.Step == "" {
		s.reachedAccount(ctx, ip, u.Email)
	}
	s.log.Info("email verified", "user", u.ID)
	return publicUser(u), sess, nil
}

// ResendVerification queues a new link for an unverified account.
// ForgotPassword queues a reset link. Both answer the same, and do the same
// work, whether or not the address has an account: they only queue the
// email, and the outbox worker looks the account up when it renders it (and
// sends nothing when there is none), so not even the response time tells.
func (s *Service) ResendVerification(ctx context.Context, emailIn, locale, ip string) error {
	email, err := normalizeEmail(emailIn)
	if err != nil {
		return err
	}
	if err := s.limit(ctx, byIP(resendIP, ip), byEmail(resendEmail, email)); err != nil {
		return err
	}
	return s.queue(ctx, KindVerify, mailPayload{}, email, normalizeLocale(locale))
}

func (s *Service) ForgotPassword(ctx context.Context, emailIn, locale, ip string) error {
	email, err := normalizeEmail(emailIn)
	if err != nil {
		return err
	}
	if err := s.limit(ctx, byIP(forgotIP, ip), byEmail(forgotEmail, email)); err != nil {
		return err
	}
	return s.queue(ctx, KindReset, mailPayload{}, email, normalizeLocale(locale))
}

// ResetPassword sets a new password from a reset link, signs out every
// other device (whoever knew the old password is locked out), retires every
// other link and opens a fresh session. The address it came from is known to
// the account from then on, so the new password works from there even while
// strangers have spent the account's sign-in budget.
func (s *Service) ResetPassword(ctx context.Context, token, password, ip string) (User, NewSession, error) {
	return s.setPasswordByLink(ctx, token, password, ip, "reset password", s.db.ResetPassword)
}

// CheckLink tells whether a reset ("reset") or invitation ("invite") link
// still works, without using it, so the page can say so when it opens.
// It is rate limited like the endpoints that use the links.
func (s *Service) CheckLink(ctx context.Context, token, purpose, ip string) error {
	if err := s.limit(ctx, byIP(tokenIP, ip)); err != nil {
		return err
	}
	if (purpose != store.PurposeReset && purpose != store.PurposeInvite) || !plausibleToken(token) {
		return ErrInvalidToken
	}
	err := s.db.TokenUsable(ctx, hashToken(token), purpose, s.now().UTC())
	if errors.Is(err, store.ErrNotFound) {
		return ErrInvalidToken
	}
	if err != nil {
		return storeErr("check link", err)
	}
	return nil
}

// setPasswordByLink is a reset or an invitation: it checks the password and
// the token, applies the link with apply, and signs the owner in.
func (s *Service) setPasswordByLink(ctx context.Context, token, password, ip, op string,
	apply func(ctx context.Context, tokenHash []byte, newHash string, now time.Time) (store.User, error)) (User, NewSession, error) {
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
	u, err := apply(ctx, hashToken(token), hash, s.now().UTC())
	if errors.Is(err, store.ErrNotFound) {
		return User{}, NewSession{}, ErrInvalidToken
	}
	if err != nil {
		return User{}, NewSession{}, storeErr(op, err)
	}
	// A staff member's link opens a pending session: the link proves the
	// mailbox, not the second step.
	sess, err := s.startSession(ctx, u)
	if err != nil {
		return User{}, NewSession{}, err
	}
	if sess.Step == "" {
		s.reachedAccount(ctx, ip, u.Email)
	}
	s.log.Info("password set by link", "op", op, "user", u.ID)
	return publicUser(u), sess, nil
}

// mailPayload is what an outbox row carries for account emails: ids only.
// The link's token is minted when the email is sent, so no usable token is
// ever stored. Without a UserID the account is looked up by the row's
// recipient at send time (resend and forgot-password).
type mailPayload struct {
	UserID string `json:"userId,omitempty"`
	// SignupID: the sign-up a verification email is for.
	SignupID string `json:"signupId,omitempty"`
}

func (s *Service) queue(ctx context.Context, kind string, p mailPayload, email, locale string) error {
	payload, _ := json.Marshal(p)
	if err := s.db.EnqueueMail(ctx, s.now().UTC(), store.NewMail{Kind: kind, Recipient: email, Locale: locale, Payload: payload}); err != nil {
		return storeErr("queue "+kind, err)
	}
	s.notify()
	return nil
}
