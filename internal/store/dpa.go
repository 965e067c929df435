package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// DPAAcceptance is a buyer account's acceptance of one version of the
// processor agreement (migration 00022).
type DPAAcceptance struct {
	UserID     string
	CompanyID  string // "" when the account had no company details then
	Version    int
	Name       string // who accepted, as named then (their email when they had no name)
	Email      string
	AcceptedAt time.Time
}

const dpaColumns = `a.user_id, a.company_id, a.version, a.accepted_name, a.accepted_email, a.accepted_at`

func scanDPA(row interface{ Scan(...any) error }) (DPAAcceptance, error) {
	var a DPAAcceptance
	var company sql.NullString
	var at dbTime
	if err := row.Scan(&a.UserID, &company, &a.Version, &a.Name, &a.Email, &at); err != nil {
		return DPAAcceptance{}, classify(err)
	}
	a.CompanyID, a.AcceptedAt = company.String, at.Time
	return a, nil
}

// AcceptDPA records that the user accepted version of the processor
// agreement at now, with their company and name as they are now. Accepting
// a version twice keeps the first acceptance, which it returns.
func (db *DB) AcceptDPA(ctx context.Context, userID string, version int, now time.Time) (DPAAcceptance, error) {
	userID, ok := normID(userID)
	if !ok {
		return DPAAcceptance{}, ErrNotFound
	}
	var out DPAAcceptance
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		u, err := scanUser(db.queryRow(ctx, tx, userSelect+` WHERE u.id = ?`, userID))
		if err != nil {
			return err
		}
		var company any
		switch c, err := db.companyForUser(ctx, tx, userID); {
		case err == nil:
			company = c.ID
		case !errors.Is(err, ErrNotFound):
			return err
		}
		name := u.FullName
		if name == "" {
			name = u.Email
		}
		if _, err := db.exec(ctx, tx, `INSERT INTO dpa_acceptances (user_id, company_id, version, accepted_name, accepted_email, accepted_at)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, version) DO NOTHING`,
			userID, company, version, name, u.Email, db.ts(now)); err != nil {
			return err
		}
		out, err = scanDPA(db.queryRow(ctx, tx, `SELECT `+dpaColumns+` FROM dpa_acceptances a WHERE a.user_id = ? AND a.version = ?`, userID, version))
		return err
	})
	return out, err
}

// DPAAccepted returns the first acceptance of version that covers the
// user: their own, or a colleague's for the company the user belongs to
// now. ErrNotFound when there is none.
func (db *DB) DPAAccepted(ctx context.Context, userID string, version int) (DPAAcceptance, error) {
	userID, ok := normID(userID)
	if !ok {
		return DPAAcceptance{}, ErrNotFound
	}
	return scanDPA(db.queryRow(ctx, db.db, `SELECT `+dpaColumns+` FROM dpa_acceptances a
		WHERE a.version = ? AND (a.user_id = ? OR a.company_id = (SELECT u.company_id FROM users u WHERE u.id = ?))
		ORDER BY a.user_id = ? DESC, a.accepted_at, a.id LIMIT 1`, version, userID, userID, userID))
}

// LatestDPA returns the newest version's acceptance that covers the user
// (as DPAAccepted), whatever the version; ErrNotFound when there is none.
func (db *DB) LatestDPA(ctx context.Context, userID string) (DPAAcceptance, error) {
	userID, ok := normID(userID)
	if !ok {
		return DPAAcceptance{}, ErrNotFound
	}
	return scanDPA(db.queryRow(ctx, db.db, `SELECT `+dpaColumns+` FROM dpa_acceptances a
		WHERE a.user_id = ? OR a.company_id = (SELECT u.company_id FROM users u WHERE u.id = ?)
		ORDER BY a.version DESC, a.accepted_at, a.id LIMIT 1`, userID, userID))
}
