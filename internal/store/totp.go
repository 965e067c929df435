package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// TOTPFactor is a staff member's authenticator key (see migration 00009).
type TOTPFactor struct {
	UserID      string
	Secret      string // base32
	ConfirmedAt time.Time
	// LastStep is the time step of the last code accepted; -1 for none.
	LastStep int64
}

// TOTPFactor returns the user's confirmed key; ErrNotFound when they have
// none yet.
func (db *DB) TOTPFactor(ctx context.Context, userID string) (TOTPFactor, error) {
	uid, ok := normID(userID)
	if !ok {
		return TOTPFactor{}, ErrNotFound
	}
	f := TOTPFactor{UserID: uid}
	var confirmed dbTime
	var last sql.NullInt64
	err := db.queryRow(ctx, db.db, `SELECT secret, confirmed_at, last_step FROM totp_factors WHERE user_id = ?`, uid).
		Scan(&f.Secret, &confirmed, &last)
	if err != nil {
		return TOTPFactor{}, classify(err)
	}
	f.ConfirmedAt, f.LastStep = confirmed.Time, -1
	if last.Valid {
		f.LastStep = last.Int64
	}
	return f, nil
}

// SecondStep is a passed second step, as PassSecondStep records it: what
// the staff member used, and the session that replaces their pending one.
type SecondStep struct {
	UserID  string
	Pending []byte  // token hash of the pending session; it ends
	Next    Session // the full session that replaces it (SecondStepAt set)
	// A code: its time step, which must be later than the last one used
	// (-1 when a recovery code was used instead).
	Step int64
	// A recovery code: the hash of the one used.
	RecoveryHash []byte
	// Setup confirms a first factor: its key (Step is the confirming
	// code's) and the hashes of its ten recovery codes.
	Setup *FactorSetup
}

// FactorSetup is a first factor being confirmed.
type FactorSetup struct {
	Secret         string
	RecoveryHashes [][]byte
}

// ErrCodeUsed reports a code whose time step was already used (or an
// earlier one), or a recovery code already used or never issued.
var ErrCodeUsed = errors.New("store: code already used")

// PassSecondStep records a passed second step in one transaction: the code
// is spent (its time step recorded, or the recovery code marked used), a
// first factor is stored with its recovery codes, the pending session ends
// and the full one starts. ErrCodeUsed when the code was spent first,
// ErrConflict when a factor was set up meanwhile, ErrNotFound when the
// pending session is gone.
func (db *DB) PassSecondStep(ctx context.Context, s SecondStep) error {
	uid, ok := normID(s.UserID)
	if !ok {
		return ErrNotFound
	}
	now := s.Next.CreatedAt
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		if s.Setup != nil {
			if _, err := db.exec(ctx, tx, `INSERT INTO totp_factors (user_id, secret, confirmed_at, last_step) VALUES (?, ?, ?, ?)`,
				uid, s.Setup.Secret, db.ts(now), s.Step); err != nil {
				return err
			}
			if _, err := db.exec(ctx, tx, `DELETE FROM recovery_codes WHERE user_id = ?`, uid); err != nil {
				return err
			}
			for _, h := range s.Setup.RecoveryHashes {
				if _, err := db.exec(ctx, tx, `INSERT INTO recovery_codes (user_id, code_hash, created_at) VALUES (?, ?, ?)`,
					uid, h, db.ts(now)); err != nil {
					return err
				}
			}
		} else {
			var err error
			if s.RecoveryHash != nil {
				err = mustAffect(db.exec(ctx, tx, `UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL`,
					db.ts(now), uid, s.RecoveryHash))
			} else {
				err = mustAffect(db.exec(ctx, tx, `UPDATE totp_factors SET last_step = ? WHERE user_id = ? AND (last_step IS NULL OR last_step < ?)`,
					s.Step, uid, s.Step))
			}
			if errors.Is(err, ErrNotFound) {
				return ErrCodeUsed
			}
			if err != nil {
				return err
			}
		}
		if err := mustAffect(db.exec(ctx, tx, `DELETE FROM sessions WHERE token_hash = ? AND user_id = ? AND second_step_at IS NULL`,
			s.Pending, uid)); err != nil {
			return err
		}
		n := s.Next
		_, err := db.exec(ctx, tx,
			`INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at, second_step_at, device_id, browser, os) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			n.TokenHash, uid, db.ts(n.CreatedAt), db.ts(n.LastSeenAt), db.ts(n.ExpiresAt), db.tsPtr(n.SecondStepAt), nullString(n.DeviceID), n.Browser, n.System)
		return err
	})
	if errors.Is(err, ErrCodeUsed) {
		return ErrCodeUsed
	}
	return classify(err)
}

// UnusedRecoveryCodes counts the user's recovery codes not used yet.
func (db *DB) UnusedRecoveryCodes(ctx context.Context, userID string) (int, error) {
	uid, ok := normID(userID)
	if !ok {
		return 0, nil
	}
	var n int
	err := db.queryRow(ctx, db.db, `SELECT count(*) FROM recovery_codes WHERE user_id = ? AND used_at IS NULL`, uid).Scan(&n)
	return n, classify(err)
}

// seedTOTPTx gives the demo staff member their fixed key, confirmed, unless
// they have one.
func (db *DB) seedTOTPTx(ctx context.Context, tx *sql.Tx, userID, secret string, at time.Time) error {
	_, err := db.exec(ctx, tx, `INSERT INTO totp_factors (user_id, secret, confirmed_at) VALUES (?, ?, ?) ON CONFLICT (user_id) DO NOTHING`,
		userID, secret, db.ts(at))
	return err
}
