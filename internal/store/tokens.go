package store

import (
	"context"
	"database/sql"
	"time"
)

// Token is a one-time email token (verification, password reset). Only its
// hash is stored, so a database leak does not hand out working links.
type Token struct {
	Hash                 []byte
	UserID, Purpose      string // Purpose "verify" | "reset" | "invite"
	CreatedAt, ExpiresAt time.Time
	// SignupID binds a verification link to the sign-up whose password and
	// name it applies. A verification link without one is refused.
	SignupID string
}

const (
	PurposeVerify = "verify"
	PurposeReset  = "reset"
	// PurposeInvite sets the first password of an account the agency
	// made for a buyer (or a staff member).
	PurposeInvite = "invite"
)

func (db *DB) CreateToken(ctx context.Context, t Token) error {
	uid, ok := normID(t.UserID)
	if !ok {
		return ErrNotFound
	}
	var signup any
	if t.SignupID != "" {
		sid, ok := normID(t.SignupID)
		if !ok {
			return ErrNotFound
		}
		signup = sid
	}
	_, err := db.exec(ctx, db.db,
		`INSERT INTO email_tokens (hash, user_id, purpose, created_at, expires_at, signup_id) VALUES (?, ?, ?, ?, ?, ?)`,
		t.Hash, uid, t.Purpose, db.ts(t.CreatedAt), db.ts(t.ExpiresAt), signup)
	return err
}

// consumeToken marks the token used in the same statement that checks it, so
// two concurrent clicks on one link cannot both succeed. It returns the
// token's user and sign-up ("" when it has none).
func (db *DB) consumeToken(ctx context.Context, tx *sql.Tx, hash []byte, purpose string, now time.Time) (userID, signupID string, err error) {
	var signup sql.NullString
	err = db.queryRow(ctx, tx, `UPDATE email_tokens SET used_at = ?
		WHERE hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?
		RETURNING user_id, signup_id`, db.ts(now), hash, purpose, db.ts(now)).Scan(&userID, &signup)
	return userID, signup.String, classify(err)
}

// TokenUsable reports, without using it, whether a link of purpose is
// still open: ErrNotFound when it is unknown, used or expired.
func (db *DB) TokenUsable(ctx context.Context, tokenHash []byte, purpose string, now time.Time) error {
	var one int
	return classify(db.queryRow(ctx, db.db, `SELECT 1 FROM email_tokens
		WHERE hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?`, tokenHash, purpose, db.ts(now)).Scan(&one))
}

// retireTokens marks every outstanding link of the user used: of one
// purpose, or of every purpose when purpose is "".
func (db *DB) retireTokens(ctx context.Context, tx *sql.Tx, userID, purpose string, now time.Time) error {
	q := `UPDATE email_tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL`
	args := []any{db.ts(now), userID}
	if purpose != "" {
		q += ` AND purpose = ?`
		args = append(args, purpose)
	}
	_, err := db.exec(ctx, tx, q, args...)
	return err
}

// VerifyEmail consumes a verification link and applies the sign-up it was
// minted for: that sign-up's password, name and language become the
// account's, and the address is verified. Every other verification link of
// the account is retired and every pending sign-up dropped, so no other
// sign-up's password can take effect later. A link whose sign-up is gone, or
// for an account that is already verified, is ErrNotFound.
func (db *DB) VerifyEmail(ctx context.Context, tokenHash []byte, now time.Time) (User, error) {
	var u User
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		uid, sid, err := db.consumeToken(ctx, tx, tokenHash, PurposeVerify, now)
		if err != nil {
			return err
		}
		if sid == "" {
			return ErrNotFound
		}
		s, err := scanSignup(db.queryRow(ctx, tx, `SELECT `+signupColumns+` FROM signups WHERE id = ? AND user_id = ?`, sid, uid))
		if err != nil {
			return err
		}
		if err := mustAffect(db.exec(ctx, tx,
			`UPDATE users SET password_hash = ?, locale = ?, email_verified_at = ? WHERE id = ? AND email_verified_at IS NULL`,
			s.PasswordHash, s.Locale, db.ts(now), uid)); err != nil {
			return err
		}
		if _, err := db.exec(ctx, tx, `INSERT INTO profiles (id, full_name) VALUES (?, ?)
			ON CONFLICT (id) DO UPDATE SET full_name = excluded.full_name`, uid, s.FullName); err != nil {
			return err
		}
		if err := db.retireTokens(ctx, tx, uid, PurposeVerify, now); err != nil {
			return err
		}
		if _, err := db.exec(ctx, tx, `DELETE FROM signups WHERE user_id = ?`, uid); err != nil {
			return err
		}
		// An unverified account cannot have sessions; this only makes sure.
		if _, err := db.exec(ctx, tx, `DELETE FROM sessions WHERE user_id = ?`, uid); err != nil {
			return err
		}
		u, err = db.userByID(ctx, tx, uid)
		return err
	})
	return u, classify(err)
}

// ResetPassword sets the password from a reset link. It also verifies the
// email (the link proved ownership) and drops any pending sign-ups, signs the
// user out everywhere, and retires every other outstanding link of every
// kind, so an older email cannot be used afterwards.
func (db *DB) ResetPassword(ctx context.Context, tokenHash []byte, newHash string, now time.Time) (User, error) {
	return db.setPasswordByLink(ctx, PurposeReset, tokenHash, newHash, now)
}

// AcceptInvite sets the first password from an invitation link, with the
// same effects as ResetPassword.
func (db *DB) AcceptInvite(ctx context.Context, tokenHash []byte, newHash string, now time.Time) (User, error) {
	return db.setPasswordByLink(ctx, PurposeInvite, tokenHash, newHash, now)
}

func (db *DB) setPasswordByLink(ctx context.Context, purpose string, tokenHash []byte, newHash string, now time.Time) (User, error) {
	var u User
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		uid, _, err := db.consumeToken(ctx, tx, tokenHash, purpose, now)
		if err != nil {
			return err
		}
		if _, err := db.exec(ctx, tx,
			`UPDATE users SET password_hash = ?, email_verified_at = COALESCE(email_verified_at, ?) WHERE id = ?`,
			newHash, db.ts(now), uid); err != nil {
			return err
		}
		if _, err := db.exec(ctx, tx, `DELETE FROM sessions WHERE user_id = ?`, uid); err != nil {
			return err
		}
		if err := db.retireTokens(ctx, tx, uid, "", now); err != nil {
			return err
		}
		if _, err := db.exec(ctx, tx, `DELETE FROM signups WHERE user_id = ?`, uid); err != nil {
			return err
		}
		u, err = db.userByID(ctx, tx, uid)
		return err
	})
	return u, classify(err)
}
