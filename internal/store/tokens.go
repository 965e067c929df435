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
	UserID, Purpose      string // Purpose "verify" | "reset"
	CreatedAt, ExpiresAt time.Time
}

const (
	PurposeVerify = "verify"
	PurposeReset  = "reset"
)

func (db *DB) CreateToken(ctx context.Context, t Token) error {
	uid, ok := normID(t.UserID)
	if !ok {
		return ErrNotFound
	}
	_, err := db.exec(ctx, db.db,
		`INSERT INTO email_tokens (hash, user_id, purpose, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
		t.Hash, uid, t.Purpose, db.ts(t.CreatedAt), db.ts(t.ExpiresAt))
	return err
}

// consumeToken marks the token used in the same statement that checks it, so
// two concurrent clicks on one link cannot both succeed.
func (db *DB) consumeToken(ctx context.Context, tx *sql.Tx, hash []byte, purpose string, now time.Time) (string, error) {
	var userID string
	err := db.queryRow(ctx, tx, `UPDATE email_tokens SET used_at = ?
		WHERE hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?
		RETURNING user_id`, db.ts(now), hash, purpose, db.ts(now)).Scan(&userID)
	return userID, classify(err)
}

// VerifyEmail keeps the first verification time if the address was already
// verified by other means.
func (db *DB) VerifyEmail(ctx context.Context, tokenHash []byte, now time.Time) (User, error) {
	var u User
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		uid, err := db.consumeToken(ctx, tx, tokenHash, PurposeVerify, now)
		if err != nil {
			return err
		}
		if _, err := db.exec(ctx, tx,
			`UPDATE users SET email_verified_at = ? WHERE id = ? AND email_verified_at IS NULL`, db.ts(now), uid); err != nil {
			return err
		}
		u, err = db.userByID(ctx, tx, uid)
		return err
	})
	return u, classify(err)
}

// ResetPassword also verifies the email (the reset link proved ownership),
// signs the user out everywhere, and burns the user's other reset links so an
// older leaked email cannot be used afterwards.
func (db *DB) ResetPassword(ctx context.Context, tokenHash []byte, newHash string, now time.Time) (User, error) {
	var u User
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		uid, err := db.consumeToken(ctx, tx, tokenHash, PurposeReset, now)
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
		if _, err := db.exec(ctx, tx,
			`UPDATE email_tokens SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL`,
			db.ts(now), uid, PurposeReset); err != nil {
			return err
		}
		u, err = db.userByID(ctx, tx, uid)
		return err
	})
	return u, classify(err)
}
