package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/store"
)

// Outbox kinds for account emails.
const (
	KindVerify        = "auth.verify"
	KindReset         = "auth.reset"
	KindAccountExists = "auth.account_exists"
)

const (
	verifyValid = 48 * time.Hour
	resetValid  = time.Hour
)

// RegisterMail teaches the outbox worker to render account emails.
func (s *Service) RegisterMail(w *mail.Worker) {
	w.Register(KindVerify, s.renderVerify)
	w.Register(KindReset, s.renderReset)
	w.Register(KindAccountExists, s.renderAccountExists)
}

func (s *Service) mailUser(ctx context.Context, m store.OutboxMessage) (store.User, error) {
	var p mailPayload
	if err := json.Unmarshal(m.Payload, &p); err != nil || p.UserID == "" {
		return store.User{}, fmt.Errorf("%w: bad payload", mail.ErrPermanent)
	}
	u, err := s.db.UserByID(ctx, p.UserID)
	if errors.Is(err, store.ErrNotFound) {
		return store.User{}, fmt.Errorf("%w: the account no longer exists", mail.ErrPermanent)
	}
	return u, err
}

// link builds an absolute link to /auth in the email's language. The token
// rides in the fragment, which browsers never send to the server, so it
// stays out of access logs and proxies.
func (s *Service) link(locale, fragment string) string {
	prefix := ""
	if locale == "nl" {
		prefix = "/nl"
	}
	if fragment != "" {
		fragment = "#" + fragment
	}
	return s.siteURL + prefix + "/auth" + fragment
}

// mintToken is called at send time, so each attempt's link is fresh and
// only its hash is ever stored.
func (s *Service) mintToken(ctx context.Context, userID, purpose string, valid time.Duration) (string, error) {
	token, hash := newToken()
	now := s.now().UTC()
	if err := s.db.CreateToken(ctx, store.Token{Hash: hash, UserID: userID, Purpose: purpose, CreatedAt: now, ExpiresAt: now.Add(valid)}); err != nil {
		return "", err
	}
	return token, nil
}

func (s *Service) renderVerify(ctx context.Context, m store.OutboxMessage) (mail.Message, error) {
	u, err := s.mailUser(ctx, m)
	if err != nil {
		return mail.Message{}, err
	}
	if u.EmailVerifiedAt != nil {
		return mail.Message{}, fmt.Errorf("%w: already verified", mail.ErrPermanent)
	}
	token, err := s.mintToken(ctx, u.ID, "verify", verifyValid)
	if err != nil {
		return mail.Message{}, err
	}
	return mail.VerifyEmail(m.Locale, mail.VerifyData{Name: u.FullName, Link: s.link(m.Locale, "verify="+token), ValidHours: int(verifyValid.Hours())}), nil
}

func (s *Service) renderReset(ctx context.Context, m store.OutboxMessage) (mail.Message, error) {
	u, err := s.mailUser(ctx, m)
	if err != nil {
		return mail.Message{}, err
	}
	token, err := s.mintToken(ctx, u.ID, "reset", resetValid)
	if err != nil {
		return mail.Message{}, err
	}
	return mail.ResetPassword(m.Locale, mail.ResetData{Name: u.FullName, Link: s.link(m.Locale, "reset="+token), ValidMinutes: int(resetValid.Minutes())}), nil
}

func (s *Service) renderAccountExists(ctx context.Context, m store.OutboxMessage) (mail.Message, error) {
	u, err := s.mailUser(ctx, m)
	if err != nil {
		return mail.Message{}, err
	}
	return mail.AccountExists(m.Locale, mail.AccountExistsData{Name: u.FullName, SignInLink: s.link(m.Locale, ""), ResetLink: s.link(m.Locale, "forgot")}), nil
}
