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

// KindInvite is the outbox kind of an invitation: an account the agency
// made (for the buyer of an order) sets its first password through it.
const KindInvite = "auth.invite"

// inviteValid is how long an invitation link works. Afterwards "forgot
// password" still gets the buyer in.
const inviteValid = 7 * 24 * time.Hour

// InviteMail is the outbox row that invites u, in u's language, to set a
// first password. Queue it in the transaction that made the account (see
// orders.CreateFromQuote); the link is minted when the email is sent.
func InviteMail(u store.User) store.NewMail {
	payload, _ := json.Marshal(mailPayload{UserID: u.ID})
	return store.NewMail{Kind: KindInvite, Recipient: u.Email, Locale: u.Locale, Payload: payload}
}

// NeedsInvite reports whether u cannot sign in yet and should be invited:
// an account without a password of its own (made by the agency, or a
// sign-up never verified). An account that can sign in is never invited
// again.
func NeedsInvite(u store.User) bool {
	return u.EmailVerifiedAt == nil && u.PasswordHash == ""
}

func (s *Service) renderInvite(ctx context.Context, m store.OutboxMessage) (mail.Message, error) {
	u, _, err := s.mailUser(ctx, m)
	if err != nil {
		return mail.Message{}, err
	}
	if !NeedsInvite(u) {
		return mail.Message{}, fmt.Errorf("%w: the account has a password by now", mail.ErrNotSent)
	}
	link, err := s.inviteLink(ctx, u.ID, m.Locale)
	if err != nil {
		return mail.Message{}, err
	}
	return inviteEmail(m.Locale, inviteData{Name: u.FullName, Link: link, ValidDays: int(inviteValid.Hours() / 24)}), nil
}

// inviteLink mints an invitation token for the user and returns its link
// in locale's language.
func (s *Service) inviteLink(ctx context.Context, userID, locale string) (string, error) {
	token, err := s.mintToken(ctx, store.Token{UserID: userID, Purpose: store.PurposeInvite}, inviteValid)
	if err != nil {
		return "", err
	}
	return s.link(locale, "invite="+token), nil
}

// AcceptInvite sets the first password from an invitation link, verifies
// the address (the link proved it), retires the account's other links and
// signs the buyer in.
func (s *Service) AcceptInvite(ctx context.Context, token, password, ip string) (User, NewSession, error) {
	return s.setPasswordByLink(ctx, token, password, ip, "accept invite", s.db.AcceptInvite)
}

// StaffAdded is what AddStaff did.
type StaffAdded struct {
	User    User
	Created bool   // a new account was made
	Link    string // a one-time link to set a password; "" when the account has one
}

// AddStaff makes the account with email a staff member, creating it (not
// yet verified, without a password) when there is none. An account that
// cannot sign in yet gets a one-time invitation link, valid for 7 days, to
// hand to its owner: nothing is emailed.
func (s *Service) AddStaff(ctx context.Context, emailIn string) (StaffAdded, error) {
	email, err := normalizeEmail(emailIn)
	if err != nil {
		return StaffAdded{}, err
	}
	var res StaffAdded
	u, err := s.db.UserByEmail(ctx, email)
	switch {
	case errors.Is(err, store.ErrNotFound):
		u, err = s.db.CreateUser(ctx, store.NewUser{Email: email, Locale: "en", Role: store.RoleStaff}, s.now().UTC())
		if err != nil {
			return StaffAdded{}, storeErr("create staff account", err)
		}
		res.Created = true
	case err != nil:
		return StaffAdded{}, storeErr("look up account", err)
	default:
		if err := s.db.SetUserRole(ctx, u.ID, store.RoleStaff); err != nil {
			return StaffAdded{}, storeErr("promote to staff", err)
		}
		u.Role = store.RoleStaff
	}
	if NeedsInvite(u) {
		if res.Link, err = s.inviteLink(ctx, u.ID, u.Locale); err != nil {
			return StaffAdded{}, storeErr("mint invitation", err)
		}
	}
	res.User = publicUser(u)
	s.log.Info("staff member added", "user", u.ID, "created", res.Created)
	return res, nil
}

// inviteData fills inviteEmail.
type inviteData struct {
	Name      string // may be empty
	Link      string
	ValidDays int
}

// inviteEmail welcomes a buyer whose account the agency made with their
// order, and asks them to choose a password.
func inviteEmail(locale string, d inviteData) mail.Message {
	lang, c := textFor(locale)
	return mail.Email{
		Lang: lang, Subject: c.InviteSubject, Preheader: c.InvitePreheader, Heading: c.InviteHeading,
		Greeting:   mail.Greeting(lang, d.Name),
		Paragraphs: []string{c.InviteIntro},
		Actions:    []mail.Action{{Intro: c.InviteActionIntro, Label: c.InviteButton, URL: d.Link, Primary: true}},
		Notes:      []string{fmt.Sprintf(c.InviteValid, plural(c.Days, d.ValidDays)), c.InviteIgnore},
		Footer:     c.InviteFooter,
	}.Render()
}
