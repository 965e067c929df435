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
func (s *Service) RegisterMail(w *mail.Mailer) {
	w.Register(KindVerify, s.renderVerify)
	w.Register(KindReset, s.renderReset)
	w.Register(KindAccountExists, s.renderAccountExists)
	w.Register(KindInvite, s.renderInvite)
}

// errNoAccount is why a resend or reset email for an address without a
// (suitable) account is not sent.
var errNoAccount = fmt.Errorf("%w: no account for this address", mail.ErrNotSent)

func (s *Service) mailUser(ctx context.Context, m store.OutboxMessage) (store.User, mailPayload, error) {
	var p mailPayload
	if err := json.Unmarshal(m.Payload, &p); err != nil {
		return store.User{}, p, fmt.Errorf("%w: bad payload", mail.ErrPermanent)
	}
	var u store.User
	var err error
	if p.UserID != "" {
		u, err = s.db.UserByID(ctx, p.UserID)
		if errors.Is(err, store.ErrNotFound) {
			return store.User{}, p, fmt.Errorf("%w: the account no longer exists", mail.ErrPermanent)
		}
	} else {
		u, err = s.db.UserByEmail(ctx, m.Recipient)
		if errors.Is(err, store.ErrNotFound) {
			return store.User{}, p, errNoAccount
		}
	}
	return u, p, err
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
func (s *Service) mintToken(ctx context.Context, t store.Token, valid time.Duration) (string, error) {
	token, hash := newToken()
	t.Hash, t.CreatedAt = hash, s.now().UTC()
	t.ExpiresAt = t.CreatedAt.Add(valid)
	if err := s.db.CreateToken(ctx, t); err != nil {
		return "", err
	}
	return token, nil
}

// renderVerify sends the link that applies one sign-up's password and name:
// the sign-up the row was queued for, or for "send the link again" the
// account's one pending sign-up. When several people have signed up with the
// address, nobody can tell which of them asked for the link, so it opens
// "choose a password" instead (a reset link, which verifies the address),
// so a resent link never applies a stranger's password. Each email greets
// the name typed in its own sign-up, which tells the owner whose it is.
func (s *Service) renderVerify(ctx context.Context, m store.OutboxMessage) (mail.Message, error) {
	u, p, err := s.mailUser(ctx, m)
	if err != nil {
		return mail.Message{}, err
	}
	if u.EmailVerifiedAt != nil {
		if p.UserID == "" {
			return mail.Message{}, fmt.Errorf("%w: already verified", mail.ErrNotSent)
		}
		return mail.Message{}, fmt.Errorf("%w: already verified", mail.ErrPermanent)
	}
	var signup store.Signup
	switch {
	case p.SignupID != "":
		signup, err = s.db.SignupByID(ctx, p.SignupID)
		if errors.Is(err, store.ErrNotFound) {
			return mail.Message{}, fmt.Errorf("%w: the sign-up was verified through another link or expired", mail.ErrPermanent)
		}
	default:
		var pending []store.Signup
		pending, err = s.db.PendingSignups(ctx, u.ID, 2)
		if len(pending) == 1 {
			signup = pending[0]
		}
	}
	if err != nil {
		return mail.Message{}, err
	}
	data := verifyData{Name: signup.FullName, ValidHours: int(verifyValid.Hours())}
	if signup.ID != "" {
		token, err := s.mintToken(ctx, store.Token{UserID: u.ID, Purpose: store.PurposeVerify, SignupID: signup.ID}, verifyValid)
		if err != nil {
			return mail.Message{}, err
		}
		data.Link = s.link(m.Locale, "verify="+token)
	} else {
		token, err := s.mintToken(ctx, store.Token{UserID: u.ID, Purpose: store.PurposeReset}, verifyValid)
		if err != nil {
			return mail.Message{}, err
		}
		data.Link = s.link(m.Locale, "reset="+token)
	}
	return verifyEmail(m.Locale, data), nil
}

func (s *Service) renderReset(ctx context.Context, m store.OutboxMessage) (mail.Message, error) {
	u, _, err := s.mailUser(ctx, m)
	if err != nil {
		return mail.Message{}, err
	}
	token, err := s.mintToken(ctx, store.Token{UserID: u.ID, Purpose: store.PurposeReset}, resetValid)
	if err != nil {
		return mail.Message{}, err
	}
	return resetEmail(m.Locale, resetData{Name: u.FullName, Link: s.link(m.Locale, "reset="+token), ValidMinutes: int(resetValid.Minutes())}), nil
}

func (s *Service) renderAccountExists(ctx context.Context, m store.OutboxMessage) (mail.Message, error) {
	u, _, err := s.mailUser(ctx, m)
	if err != nil {
		return mail.Message{}, err
	}
	return accountExistsEmail(m.Locale, accountExistsData{Name: u.FullName, SignInLink: s.link(m.Locale, ""), ResetLink: s.link(m.Locale, "forgot")}), nil
}
