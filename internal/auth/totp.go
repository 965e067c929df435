package auth

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/base64"
	"errors"
	"image/png"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/hotp"
	"github.com/pquerna/otp/totp"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/store"
)

// The second step: RFC 6238 codes of 6 digits for 30-second steps with
// HMAC-SHA1, as every authenticator app reads an otpauth:// key, or one of
// ten single-use recovery codes. pquerna/otp does the code maths.
const (
	totpIssuer = "Belwise"
	totpPeriod = 30
	// TOTPSkew is how many steps before and after the current one a code
	// may come from: a phone's clock a little off, or a code typed as it
	// turned over.
	TOTPSkew = 1
	// RecoveryCodeCount recovery codes are issued with a factor.
	RecoveryCodeCount = 10
	recoveryLen       = 10 // characters, shown as two groups of five
	// recoveryAlphabet leaves out 0, 1, I and O, which read alike.
	recoveryAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
	qrSize           = 240
)

var hotpOpts = hotp.ValidateOpts{Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

var (
	ErrCodeRequired = &Error{Kind: Invalid, Code: apierr.CodeCodeRequired, Field: "code", Message: "Please enter the code."}
	ErrInvalidCode  = &Error{Kind: Invalid, Code: apierr.CodeInvalidCode, Field: "code", Message: "This code is not right."}
	ErrCodeUsed     = &Error{Kind: Invalid, Code: apierr.CodeCodeUsed, Field: "code", Message: "This code was used already. Please wait for the next one."}
	errRecovery     = &Error{Kind: Invalid, Code: apierr.CodeInvalidCode, Field: "recoveryCode", Message: "This recovery code is not right or was used already."}
)

// TOTPSetup is a key offered to a staff member without a factor: as text
// for typing in, as the otpauth:// URL and as a QR code of it (a PNG data
// URL).
type TOTPSetup struct {
	Secret string `json:"secret"`
	URL    string `json:"otpauthUrl"`
	QR     string `json:"qr"`
}

// newTOTPSetup makes a fresh 160-bit key for email.
func newTOTPSetup(email string) (TOTPSetup, error) {
	secret := make([]byte, 20)
	rand.Read(secret)
	return totpSetup(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(secret), email)
}

// totpSetup describes the key secret (base32) of email's account.
func totpSetup(secret, email string) (TOTPSetup, error) {
	raw, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(secret)
	if err != nil {
		return TOTPSetup{}, err
	}
	key, err := totp.Generate(totp.GenerateOpts{Issuer: totpIssuer, AccountName: email, Period: totpPeriod,
		Secret: raw, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		return TOTPSetup{}, err
	}
	img, err := key.Image(qrSize, qrSize)
	if err != nil {
		return TOTPSetup{}, err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return TOTPSetup{}, err
	}
	return TOTPSetup{Secret: key.Secret(), URL: key.URL(), QR: "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())}, nil
}

// codeStep returns the time step, within TOTPSkew steps of now, whose code
// from secret is code, trying the current step first. It does what
// totp.ValidateCustom does with Skew: TOTPSkew, step by step, because
// refusing a replayed code needs to know which step matched.
func codeStep(secret, code string, now time.Time) (int64, bool) {
	current := now.Unix() / totpPeriod
	offsets := []int64{0}
	for i := int64(1); i <= TOTPSkew; i++ {
		offsets = append(offsets, -i, i)
	}
	for _, off := range offsets {
		want, err := hotp.GenerateCodeCustom(secret, uint64(current+off), hotpOpts)
		if err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return current + off, true
		}
	}
	return 0, false
}

// normalizeCode takes the digits of a code as people type or paste it
// ("123 456"); ok is false when it is not six digits.
func normalizeCode(s string) (string, bool) {
	s = strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '\u00a0' {
			return -1
		}
		return r
	}, strings.TrimSpace(s))
	if len(s) != 6 {
		return "", false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return "", false
		}
	}
	return s, true
}

// normalizeRecovery takes a recovery code as typed: case, spaces and
// hyphens do not matter. ok is false when it cannot be one.
func normalizeRecovery(s string) (string, bool) {
	s = strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '\u00a0' {
			return -1
		}
		return r
	}, strings.ToUpper(strings.TrimSpace(s)))
	if len(s) != recoveryLen {
		return "", false
	}
	for _, c := range s {
		if !strings.ContainsRune(recoveryAlphabet, c) {
			return "", false
		}
	}
	return s, true
}

// recoveryHash is what is stored of a recovery code: the SHA-256 of the
// user's id and the normalised code. The codes are random (50 bits), so a
// fast hash is enough, as for tokens.
func recoveryHash(userID, normalized string) []byte {
	sum := sha256.Sum256([]byte(userID + ":" + normalized))
	return sum[:]
}

// newRecoveryCodes returns RecoveryCodeCount fresh codes as shown
// ("ABCDE-FGHJK") and their hashes.
func newRecoveryCodes(userID string) ([]string, [][]byte) {
	codes := make([]string, RecoveryCodeCount)
	hashes := make([][]byte, RecoveryCodeCount)
	for i := range codes {
		b := make([]byte, recoveryLen)
		rand.Read(b)
		for j := range b {
			b[j] = recoveryAlphabet[int(b[j])%len(recoveryAlphabet)] // 256 is a multiple of 32: no bias
		}
		codes[i] = string(b[:5]) + "-" + string(b[5:])
		hashes[i] = recoveryHash(userID, string(b))
	}
	return codes, hashes
}

// pendingSession returns the staff member's session of token that waits
// for its second step; ErrUnauthenticated for any other.
func (s *Service) pendingSession(ctx context.Context, token string) (store.Session, store.User, error) {
	if !plausibleToken(token) {
		return store.Session{}, store.User{}, ErrUnauthenticated
	}
	sess, u, err := s.db.SessionUser(ctx, hashToken(token), s.now().UTC())
	if errors.Is(err, store.ErrNotFound) {
		return store.Session{}, store.User{}, ErrUnauthenticated
	}
	if err != nil {
		return store.Session{}, store.User{}, storeErr("session lookup", err)
	}
	if u.Role != RoleStaff || sess.SecondStepAt != nil {
		return store.Session{}, store.User{}, ErrUnauthenticated
	}
	return sess, u, nil
}

// SecondStep tells a pending session which step it waits for: StepTOTP,
// or StepTOTPSetup with the key to confirm (one is offered to the session
// when it has none, e.g. it was opened before its owner was made staff).
func (s *Service) SecondStep(ctx context.Context, token string) (string, *TOTPSetup, error) {
	sess, u, err := s.pendingSession(ctx, token)
	if err != nil {
		return "", nil, err
	}
	_, err = s.db.TOTPFactor(ctx, u.ID)
	switch {
	case err == nil:
		return StepTOTP, nil, nil
	case !errors.Is(err, store.ErrNotFound):
		return "", nil, storeErr("second step lookup", err)
	}
	secret := sess.TOTPSetupSecret
	if secret == "" {
		// Offered once: a request racing this one gets the same key.
		fresh, err := newTOTPSetup(u.Email)
		if err != nil {
			return "", nil, err
		}
		if secret, err = s.db.OfferSetupSecret(ctx, sess.TokenHash, fresh.Secret); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return "", nil, ErrUnauthenticated
			}
			return "", nil, storeErr("offer a key", err)
		}
	}
	setup, err := totpSetup(secret, u.Email)
	if err != nil {
		return "", nil, err
	}
	return StepTOTPSetup, &setup, nil
}

// SecondStepInput is what the second step's form sends: a code from the
// authenticator app, or a recovery code (in either field).
type SecondStepInput struct {
	Code, RecoveryCode string
}

// Passed is a completed sign-in: the full session that replaces the
// pending one, and with a factor just set up its recovery codes, shown
// this once.
type Passed struct {
	User          User
	Session       NewSession
	RecoveryCodes []string
}

// PassSecondStep checks the code for the pending session of token and,
// when it is right, ends that session and opens a complete one. Wrong
// codes count against the sign-in failure budgets exactly as wrong
// passwords do (see SignIn and limits.go), and the address reaches the
// account (its budgets relax) only now. A code is accepted once: a code of
// the time step last used, or an earlier one, is refused.
func (s *Service) PassSecondStep(ctx context.Context, token string, in SecondStepInput, ip string) (Passed, error) {
	sess, u, err := s.pendingSession(ctx, token)
	if err != nil {
		return Passed{}, err
	}
	code, recovery := strings.TrimSpace(in.Code), strings.TrimSpace(in.RecoveryCode)
	if code == "" && recovery == "" {
		return Passed{}, ErrCodeRequired
	}
	checks, err := s.signInChecks(ctx, ip, u.Email)
	if err != nil {
		return Passed{}, err
	}
	held, wait, err := s.limiter.Reserve(ctx, checks...)
	if err != nil {
		return Passed{}, storeErr("rate limit", err)
	}
	if err := limited(wait); err != nil {
		return Passed{}, err
	}
	passed, err := s.passSecondStep(ctx, sess, u, code, recovery)
	var ae *Error
	if errors.As(err, &ae) && ae.Kind == Invalid {
		return Passed{}, err // counted as a failure
	}
	if err := s.limiter.Refund(ctx, held); err != nil {
		s.log.Warn("refunding a second-step attempt", "err", err)
	}
	if err != nil {
		return Passed{}, err
	}
	s.reachedAccount(ctx, ip, u.Email)
	s.log.Info("second step passed", "user", u.ID, "setup", passed.RecoveryCodes != nil)
	return passed, nil
}

func (s *Service) passSecondStep(ctx context.Context, sess store.Session, u store.User, code, recovery string) (Passed, error) {
	now := s.now().UTC()
	token, hash := newToken()
	next := store.Session{TokenHash: hash, UserID: u.ID, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(IdleTimeout), SecondStepAt: &now,
		DeviceID: newDeviceID()}
	next.Browser, next.System = deviceFrom(ctx)
	step := store.SecondStep{UserID: u.ID, Pending: sess.TokenHash, Next: next, Step: -1}
	var shown []string

	factor, err := s.db.TOTPFactor(ctx, u.ID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		// Setting up: only a code from the offered key confirms it.
		c, ok := normalizeCode(code)
		if !ok || sess.TOTPSetupSecret == "" {
			return Passed{}, ErrInvalidCode
		}
		if step.Step, ok = codeStep(sess.TOTPSetupSecret, c, now); !ok {
			return Passed{}, ErrInvalidCode
		}
		var hashes [][]byte
		shown, hashes = newRecoveryCodes(u.ID)
		step.Setup = &store.FactorSetup{Secret: sess.TOTPSetupSecret, RecoveryHashes: hashes}
	case err != nil:
		return Passed{}, storeErr("second step lookup", err)
	case recovery != "":
		r, ok := normalizeRecovery(recovery)
		if !ok {
			return Passed{}, errRecovery
		}
		step.RecoveryHash = recoveryHash(u.ID, r)
	default:
		if c, ok := normalizeCode(code); ok {
			if step.Step, ok = codeStep(factor.Secret, c, now); !ok {
				return Passed{}, ErrInvalidCode
			}
			if step.Step <= factor.LastStep {
				return Passed{}, ErrCodeUsed
			}
		} else if r, ok := normalizeRecovery(code); ok {
			step.RecoveryHash = recoveryHash(u.ID, r)
		} else {
			return Passed{}, ErrInvalidCode
		}
	}

	err = s.db.PassSecondStep(ctx, step)
	switch {
	case errors.Is(err, store.ErrCodeUsed) && step.RecoveryHash != nil:
		if recovery != "" {
			return Passed{}, errRecovery
		}
		return Passed{}, ErrInvalidCode
	case errors.Is(err, store.ErrCodeUsed):
		return Passed{}, ErrCodeUsed
	case errors.Is(err, store.ErrConflict):
		// A factor was set up from another session meanwhile: its code,
		// not the offered key's, is asked for now.
		return Passed{}, ErrInvalidCode
	case errors.Is(err, store.ErrNotFound):
		return Passed{}, ErrUnauthenticated
	case err != nil:
		return Passed{}, storeErr("pass second step", err)
	}
	return Passed{User: publicUser(u), Session: NewSession{Token: token, ExpiresAt: next.ExpiresAt}, RecoveryCodes: shown}, nil
}
