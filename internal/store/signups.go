package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/google/uuid"
)

// Signup is one sign-up's pending credentials. An unverified account has no
// password and no name of its own: whoever types its address into the
// sign-up form adds a Signup, and only a verification link minted for that
// Signup (Token.SignupID) makes its password and name the account's. So a
// stranger who signs up first with someone else's address never decides the
// password the owner's link activates.
type Signup struct {
	ID, UserID                     string
	PasswordHash, FullName, Locale string
	CreatedAt                      time.Time
}

type NewSignup struct{ Email, PasswordHash, FullName, Locale string }

// SignupMaxAge is how long a pending sign-up is kept. An unverified account
// goes with its last sign-up, so a later sign-up starts fresh.
const SignupMaxAge = 7 * 24 * time.Hour

// RecordSignUp stores a sign-up for ns.Email, creating the unverified
// account if the address has none. For an address whose account is already
// verified nothing is stored and signupID is "": the caller tells the owner
// instead. The email is stored exactly as given; callers normalise it.
func (db *DB) RecordSignUp(ctx context.Context, ns NewSignup, now time.Time) (u User, signupID string, err error) {
	locale := ns.Locale
	if locale == "" {
		locale = "en"
	}
	now = now.UTC().Truncate(time.Microsecond)
	err = db.WithTx(ctx, func(tx *sql.Tx) error {
		// ON CONFLICT DO NOTHING waits for a concurrent sign-up of the same
		// address to commit and then finds its row below, so two racing
		// sign-ups share one account.
		id := uuid.NewString()
		res, err := db.exec(ctx, tx, `INSERT INTO users (id, email, password_hash, locale, email_verified_at, created_at)
			VALUES (?, ?, '', ?, NULL, ?) ON CONFLICT (email) DO NOTHING`, id, ns.Email, locale, db.ts(now))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 1 {
			if _, err := db.exec(ctx, tx, `INSERT INTO profiles (id, full_name) VALUES (?, '')`, id); err != nil {
				return err
			}
		}
		u, err = scanUser(db.queryRow(ctx, tx, userSelect+` WHERE u.email = ?`, ns.Email))
		if err != nil || u.EmailVerifiedAt != nil {
			return err
		}
		signupID = uuid.NewString()
		_, err = db.exec(ctx, tx, `INSERT INTO signups (id, user_id, password_hash, full_name, locale, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
			signupID, u.ID, ns.PasswordHash, ns.FullName, locale, db.ts(now))
		return err
	})
	if err != nil {
		return User{}, "", classify(err)
	}
	return u, signupID, nil
}

const signupColumns = `id, user_id, password_hash, full_name, locale, created_at`

func scanSignup(row interface{ Scan(...any) error }) (Signup, error) {
	var s Signup
	var created dbTime
	if err := row.Scan(&s.ID, &s.UserID, &s.PasswordHash, &s.FullName, &s.Locale, &created); err != nil {
		return Signup{}, classify(err)
	}
	s.CreatedAt = created.Time
	return s, nil
}

// SignupByID reports ErrNotFound once the sign-up was applied, superseded by
// a verification or expired.
func (db *DB) SignupByID(ctx context.Context, id string) (Signup, error) {
	id, ok := normID(id)
	if !ok {
		return Signup{}, ErrNotFound
	}
	return scanSignup(db.queryRow(ctx, db.db, `SELECT `+signupColumns+` FROM signups WHERE id = ?`, id))
}

// PendingSignups returns up to limit of the account's pending sign-ups,
// newest first.
func (db *DB) PendingSignups(ctx context.Context, userID string, limit int) ([]Signup, error) {
	uid, ok := normID(userID)
	if !ok {
		return nil, nil
	}
	rows, err := db.query(ctx, db.db, `SELECT `+signupColumns+` FROM signups WHERE user_id = ?
		ORDER BY created_at DESC, id LIMIT ?`, uid, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Signup
	for rows.Next() {
		s, err := scanSignup(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, classify(rows.Err())
}

// deleteStaleAccounts drops pending sign-ups older than SignupMaxAge, then
// unverified accounts that are as old and have no sign-up left. An account
// with orders is a business record and is never removed here, nor is a
// staff account the agency made (see auth.AddStaff).
func (db *DB) deleteStaleAccounts(ctx context.Context, now time.Time) error {
	cutoff := db.ts(now.Add(-SignupMaxAge))
	if _, err := db.exec(ctx, db.db, `DELETE FROM signups WHERE created_at <= ?`, cutoff); err != nil {
		return err
	}
	_, err := db.exec(ctx, db.db, `DELETE FROM users
		WHERE email_verified_at IS NULL AND created_at <= ? AND role = 'buyer'
		  AND NOT EXISTS (SELECT 1 FROM signups s WHERE s.user_id = users.id)
		  AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.buyer_id = users.id)`, cutoff)
	return err
}
