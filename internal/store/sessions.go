package store

import (
	"context"
	"database/sql"
	"time"
)

type Session struct {
	TokenHash                        []byte // sha256 of the cookie token; primary key
	UserID                           string
	CreatedAt, LastSeenAt, ExpiresAt time.Time
	// SecondStepAt is when the session passed the second step (staff
	// only); nil when it has not. A staff member's session without it is
	// pending: see auth.Service.Authenticate.
	SecondStepAt *time.Time
	// TOTPSetupSecret is the key offered to this pending session of a staff
	// member who has no factor yet; "" otherwise.
	TOTPSetupSecret string
	// DeviceID names the session to its owner (the profile page's list of
	// devices): random, and neither the token nor its hash.
	DeviceID string
	// Browser and System: what it was opened from ("Chrome", "Android"),
	// each "" when not recognised.
	Browser, System string
}

func (db *DB) CreateSession(ctx context.Context, s Session) error {
	uid, ok := normID(s.UserID)
	if !ok {
		return ErrNotFound
	}
	_, err := db.exec(ctx, db.db,
		`INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at, second_step_at, totp_setup_secret, device_id, browser, os) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		s.TokenHash, uid, db.ts(s.CreatedAt), db.ts(s.LastSeenAt), db.ts(s.ExpiresAt), db.tsPtr(s.SecondStepAt), nullString(s.TOTPSetupSecret), nullString(s.DeviceID), s.Browser, s.System)
	return err
}

func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// SessionUser treats an expired session exactly like a missing one, so the
// result never depends on whether DeleteExpired has run yet.
func (db *DB) SessionUser(ctx context.Context, tokenHash []byte, now time.Time) (Session, User, error) {
	row := db.queryRow(ctx, db.db, `SELECT `+userColumns+`, s.created_at, s.last_seen_at, s.expires_at, s.second_step_at, COALESCE(s.totp_setup_secret, ''), COALESCE(s.device_id, ''), s.browser, s.os
		FROM sessions s
		JOIN users u ON u.id = s.user_id
		LEFT JOIN profiles p ON p.id = u.id
		WHERE s.token_hash = ? AND s.expires_at > ?`, tokenHash, db.ts(now))
	var created, seen, expires, secondStep dbTime
	var setupSecret, deviceID, browser, system string
	u, err := scanUser(row, &created, &seen, &expires, &secondStep, &setupSecret, &deviceID, &browser, &system)
	if err != nil {
		return Session{}, User{}, err
	}
	s := Session{
		TokenHash:       append([]byte(nil), tokenHash...),
		UserID:          u.ID,
		CreatedAt:       created.Time,
		LastSeenAt:      seen.Time,
		ExpiresAt:       expires.Time,
		SecondStepAt:    secondStep.Ptr(),
		TOTPSetupSecret: setupSecret,
		DeviceID:        deviceID,
		Browser:         browser,
		System:          system,
	}
	return s, u, nil
}

// DeleteSession ends one session; ending one that is gone is no error.
func (db *DB) DeleteSession(ctx context.Context, tokenHash []byte) error {
	_, err := db.exec(ctx, db.db, `DELETE FROM sessions WHERE token_hash = ?`, tokenHash)
	return err
}

// OfferSetupSecret offers secret to a session still pending its second step
// unless it holds one already, and returns the one it holds; ErrNotFound
// when the session is gone or past that step.
func (db *DB) OfferSetupSecret(ctx context.Context, tokenHash []byte, secret string) (string, error) {
	if _, err := db.exec(ctx, db.db,
		`UPDATE sessions SET totp_setup_secret = ? WHERE token_hash = ? AND second_step_at IS NULL AND totp_setup_secret IS NULL`,
		secret, tokenHash); err != nil {
		return "", err
	}
	var held sql.NullString
	err := db.queryRow(ctx, db.db, `SELECT totp_setup_secret FROM sessions WHERE token_hash = ? AND second_step_at IS NULL`, tokenHash).Scan(&held)
	if err != nil {
		return "", classify(err)
	}
	if !held.Valid {
		return "", ErrNotFound
	}
	return held.String, nil
}

// TouchSession slides the expiry; ErrNotFound when the session is gone.
func (db *DB) TouchSession(ctx context.Context, tokenHash []byte, lastSeen, expiresAt time.Time) error {
	return mustAffect(db.exec(ctx, db.db,
		`UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE token_hash = ?`,
		db.ts(lastSeen), db.ts(expiresAt), tokenHash))
}

// SignOutEverywhere ends every session of the user and retires every
// outstanding email link, so nothing but the password or a new email gets
// back in. It reports how many sessions ended.
func (db *DB) SignOutEverywhere(ctx context.Context, userID string, now time.Time) (int64, error) {
	uid, ok := normID(userID)
	if !ok {
		return 0, nil
	}
	var n int64
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		res, err := db.exec(ctx, tx, `DELETE FROM sessions WHERE user_id = ?`, uid)
		if err != nil {
			return err
		}
		if n, err = res.RowsAffected(); err != nil {
			return err
		}
		return db.retireTokens(ctx, tx, uid, "", now)
	})
	return n, classify(err)
}

// UserSessions lists the user's sessions that have not expired, the most
// recently seen first (the profile page's signed-in devices). TokenHash is
// left empty except on the session whose hash is current, so a caller can
// tell which one is asking without handing any hash further.
func (db *DB) UserSessions(ctx context.Context, userID string, current []byte, now time.Time) ([]Session, error) {
	uid, ok := normID(userID)
	if !ok {
		return nil, nil
	}
	if current == nil {
		current = []byte{} // compares false, where NULL would not scan
	}
	rows, err := db.query(ctx, db.db, `SELECT token_hash = ?, created_at, last_seen_at, expires_at, second_step_at, COALESCE(device_id, ''), browser, os
		FROM sessions WHERE user_id = ? AND expires_at > ? ORDER BY last_seen_at DESC, created_at DESC`, current, uid, db.ts(now))
	if err != nil {
		return nil, classify(err)
	}
	defer rows.Close()
	var out []Session
	for rows.Next() {
		var isCurrent bool
		var created, seen, expires, secondStep dbTime
		s := Session{UserID: uid}
		if err := rows.Scan(&isCurrent, &created, &seen, &expires, &secondStep, &s.DeviceID, &s.Browser, &s.System); err != nil {
			return nil, classify(err)
		}
		s.CreatedAt, s.LastSeenAt, s.ExpiresAt, s.SecondStepAt = created.Time, seen.Time, expires.Time, secondStep.Ptr()
		if isCurrent {
			s.TokenHash = append([]byte(nil), current...)
		}
		out = append(out, s)
	}
	return out, classify(rows.Err())
}

// DeleteUserSession ends the user's session named deviceID; ErrNotFound
// when the user has no such session (another user's is not theirs to end).
func (db *DB) DeleteUserSession(ctx context.Context, userID, deviceID string) error {
	uid, ok := normID(userID)
	if !ok || deviceID == "" {
		return ErrNotFound
	}
	return mustAffect(db.exec(ctx, db.db, `DELETE FROM sessions WHERE user_id = ? AND device_id = ?`, uid, deviceID))
}

// ChangePassword sets the user's password hash and ends every other
// session of theirs (all but the one whose hash is keep), and retires every
// outstanding email link: whoever knew the old password, or holds an older
// reset link, is out. It reports how many sessions ended.
func (db *DB) ChangePassword(ctx context.Context, userID, newHash string, keep []byte, now time.Time) (int64, error) {
	uid, ok := normID(userID)
	if !ok {
		return 0, ErrNotFound
	}
	if keep == nil {
		keep = []byte{} // keeps none, where NULL would end none
	}
	var n int64
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := mustAffect(db.exec(ctx, tx, `UPDATE users SET password_hash = ? WHERE id = ?`, newHash, uid)); err != nil {
			return err
		}
		res, err := db.exec(ctx, tx, `DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?`, uid, keep)
		if err != nil {
			return err
		}
		if n, err = res.RowsAffected(); err != nil {
			return err
		}
		return db.retireTokens(ctx, tx, uid, "", now)
	})
	return n, classify(err)
}

// tokenGrace keeps used or expired email tokens around for a day so support
// can still see that a link was used or arrived too late.
const tokenGrace = 24 * time.Hour

// DeleteExpired is housekeeping; run it periodically from one place or many,
// it is idempotent. Besides expired sessions, tokens and rate-limit windows
// it removes pending sign-ups older than SignupMaxAge and the unverified
// accounts left without one.
func (db *DB) DeleteExpired(ctx context.Context, now time.Time) error {
	cutoff := db.ts(now.Add(-tokenGrace))
	if _, err := db.exec(ctx, db.db, `DELETE FROM sessions WHERE expires_at <= ?`, db.ts(now)); err != nil {
		return err
	}
	if _, err := db.exec(ctx, db.db,
		`DELETE FROM email_tokens WHERE expires_at <= ? OR (used_at IS NOT NULL AND used_at <= ?)`, cutoff, cutoff); err != nil {
		return err
	}
	if _, err := db.exec(ctx, db.db, `DELETE FROM rate_limits WHERE window_end <= ?`, db.ts(now)); err != nil {
		return err
	}
	return db.deleteStaleAccounts(ctx, now)
}
