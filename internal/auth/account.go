package auth

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/store"
)

// The profile page: the account's name and email language, its password,
// and the devices signed in to it.

// Profile is what the profile page shows and edits.
type Profile struct {
	FullName string `json:"fullName"`
	Email    string `json:"email"`
	Locale   string `json:"locale" enum:"en,nl" doc:"The language of the emails."`
}

// ProfileInput is the profile form.
type ProfileInput struct {
	FullName, Locale string
}

var (
	errLocale        = &Error{Kind: Invalid, Code: apierr.CodeInvalidField, Field: "locale", Message: "Please choose English or Dutch."}
	errWrongPassword = &Error{Kind: Invalid, Code: apierr.CodeWrongPassword, Field: "currentPassword", Message: "This is not your current password."}
	// ErrNoSuchDevice: no session of the user's by that id (another user's
	// is not theirs to see).
	ErrNoSuchDevice = &Error{Kind: NotFound, Code: apierr.CodeNotFound, Message: "No such signed-in device."}
)

func (s *Service) user(ctx context.Context, userID string) (store.User, error) {
	u, err := s.db.UserByID(ctx, userID)
	if errors.Is(err, store.ErrNotFound) {
		return store.User{}, ErrUnauthenticated // deleted while signed in
	}
	if err != nil {
		return store.User{}, storeErr("user lookup", err)
	}
	return u, nil
}

// Profile is the user's profile.
func (s *Service) Profile(ctx context.Context, userID string) (Profile, error) {
	u, err := s.user(ctx, userID)
	return Profile{FullName: u.FullName, Email: u.Email, Locale: u.Locale}, err
}

// UpdateProfile sets the user's name and email language.
func (s *Service) UpdateProfile(ctx context.Context, userID string, in ProfileInput) (Profile, error) {
	name, err := normalizeName(in.FullName)
	if err != nil {
		return Profile{}, withField(err, "fullName")
	}
	if in.Locale != "en" && in.Locale != "nl" {
		return Profile{}, errLocale
	}
	if err := s.db.UpdateProfile(ctx, userID, name, in.Locale); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return Profile{}, ErrUnauthenticated
		}
		return Profile{}, storeErr("update profile", err)
	}
	return s.Profile(ctx, userID)
}

// ChangePasswordInput is the password form: the current password and the
// new one.
type ChangePasswordInput struct {
	Current, New string
}

// ChangePassword sets a new password for a signed-in user who knows the
// current one, and ends every other session of theirs (and any emailed
// link still outstanding); the session of token stays. A wrong current
// password counts against the same budgets as a wrong password at sign-in,
// so a stolen session cannot be used to guess it.
func (s *Service) ChangePassword(ctx context.Context, userID, token string, in ChangePasswordInput, ip string) error {
	if in.Current == "" {
		return withField(invalid(apierr.CodePasswordRequired, "Please enter your current password."), "currentPassword")
	}
	if err := checkPassword(in.New); err != nil {
		return withField(err, "newPassword")
	}
	u, err := s.user(ctx, userID)
	if err != nil {
		return err
	}
	checks, err := s.signInChecks(ctx, ip, u.Email)
	if err != nil {
		return err
	}
	held, wait, err := s.limiter.Reserve(ctx, checks...)
	if err != nil {
		return storeErr("rate limit", err)
	}
	if err := limited(wait); err != nil {
		return err
	}
	ok, err := CheckPassword(ctx, u.PasswordHash, in.Current)
	if err != nil {
		return err
	}
	if !ok {
		return errWrongPassword // counted as a failure
	}
	if err := s.limiter.Refund(ctx, held); err != nil {
		s.log.Warn("refunding a password check", "err", err)
	}
	hash, err := HashPassword(ctx, in.New)
	if err != nil {
		return err
	}
	var keep []byte
	if plausibleToken(token) {
		keep = hashToken(token)
	}
	n, err := s.db.ChangePassword(ctx, userID, hash, keep, s.now().UTC())
	if err != nil {
		return storeErr("change password", err)
	}
	s.log.Info("password changed", "user", userID, "other sessions ended", n)
	return nil
}

// Device is one signed-in session as its owner sees it.
type Device struct {
	ID         string    `json:"id" doc:"Names the session for signing it out; not a credential."`
	Browser    string    `json:"browser" doc:"The browser it signed in with, such as \"Chrome\"; empty when not recognised."`
	System     string    `json:"system" doc:"Its operating system or device, such as \"Android\" or \"iPhone\"; empty when not recognised."`
	CreatedAt  time.Time `json:"createdAt" doc:"When it signed in."`
	LastSeenAt time.Time `json:"lastSeenAt" doc:"When it was last used (to the hour)."`
	Current    bool      `json:"current" doc:"The session asking."`
}

// Devices lists the user's signed-in sessions: the one of token first,
// marked current, then the others, the most recently seen first.
func (s *Service) Devices(ctx context.Context, userID, token string) ([]Device, error) {
	var current []byte
	if plausibleToken(token) {
		current = hashToken(token)
	}
	list, err := s.db.UserSessions(ctx, userID, current, s.now().UTC())
	if err != nil {
		return nil, storeErr("list sessions", err)
	}
	out := make([]Device, 0, len(list))
	for _, ss := range list {
		if ss.DeviceID == "" {
			continue // cannot be named, so not listed
		}
		out = append(out, Device{ID: ss.DeviceID, Browser: ss.Browser, System: ss.System, CreatedAt: ss.CreatedAt, LastSeenAt: ss.LastSeenAt, Current: ss.TokenHash != nil})
	}
	slices.SortStableFunc(out, func(a, b Device) int {
		switch {
		case a.Current == b.Current:
			return 0
		case a.Current:
			return -1
		}
		return 1
	})
	return out, nil
}

// EndDevice signs out one of the user's sessions by its device id;
// ErrNoSuchDevice when they have none by that id.
func (s *Service) EndDevice(ctx context.Context, userID, deviceID string) error {
	if !plausibleDeviceID(deviceID) {
		return ErrNoSuchDevice
	}
	err := s.db.DeleteUserSession(ctx, userID, deviceID)
	if errors.Is(err, store.ErrNotFound) {
		return ErrNoSuchDevice
	}
	if err != nil {
		return storeErr("end session", err)
	}
	return nil
}

// withField names the field an input error is about.
func withField(err error, field string) error {
	var e *Error
	if errors.As(err, &e) && e.Field == "" {
		c := *e
		c.Field = field
		return &c
	}
	return err
}
