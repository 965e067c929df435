package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"
)

// Company is the legal entity a buyer account is billed as (migration
// 00018). Its fields are stored as the company package validated and
// normalised them; the store checks nothing but the version.
type Company struct {
	ID           string
	LegalName    string
	Street       string // street and number, one line
	Postcode     string
	City         string
	Country      string // ISO 3166-1 alpha-2, upper case
	KVK          string // 8 digits; "" outside the Netherlands
	VATID        string // normalised (upper case, no spaces); "" when none
	InvoiceEmail string
	// CallRetention is the company's choice of how long its calls' content
	// is kept (RetentionDefault, Retention30, …, RetentionNone).
	CallRetention string
	Version       int // 1 when created, +1 on every change
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

const companyColumns = `c.id, c.legal_name, c.street, c.postcode, c.city, c.country, c.kvk, c.vat_id, c.invoice_email,
	c.version, c.created_at, c.updated_at, c.call_retention`

func scanCompany(row interface{ Scan(...any) error }) (Company, error) {
	var c Company
	var created, updated dbTime
	if err := row.Scan(&c.ID, &c.LegalName, &c.Street, &c.Postcode, &c.City, &c.Country, &c.KVK, &c.VATID, &c.InvoiceEmail,
		&c.Version, &created, &updated, &c.CallRetention); err != nil {
		return Company{}, classify(err)
	}
	c.CreatedAt, c.UpdatedAt = created.Time, updated.Time
	return c, nil
}

// CompanyByID returns the company with id; ErrNotFound when there is none.
func (db *DB) CompanyByID(ctx context.Context, id string) (Company, error) {
	id, ok := normID(id)
	if !ok {
		return Company{}, ErrNotFound
	}
	return scanCompany(db.queryRow(ctx, db.db, `SELECT `+companyColumns+` FROM companies c WHERE c.id = ?`, id))
}

// CompanyForUser returns the company the user belongs to; ErrNotFound when
// the user has none yet.
func (db *DB) CompanyForUser(ctx context.Context, userID string) (Company, error) {
	return db.companyForUser(ctx, db.db, userID)
}

func (db *DB) companyForUser(ctx context.Context, q querier, userID string) (Company, error) {
	userID, ok := normID(userID)
	if !ok {
		return Company{}, ErrNotFound
	}
	return scanCompany(db.queryRow(ctx, q, `SELECT `+companyColumns+` FROM companies c
		JOIN users u ON u.company_id = c.id WHERE u.id = ?`, userID))
}

// SaveCompany stores the details of the user's company. A user without a
// company gets a new one (version is then ignored), and their orders that
// have no company yet are billed to it from now on. Otherwise the user's
// company is changed when version is the one stored (ErrStale when it
// changed since). It returns the company as stored.
func (db *DB) SaveCompany(ctx context.Context, userID string, c Company, version int, now time.Time) (Company, error) {
	userID, ok := normID(userID)
	if !ok {
		return Company{}, ErrNotFound
	}
	var out Company
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		cur, err := db.companyForUser(ctx, tx, userID)
		switch {
		case errors.Is(err, ErrNotFound):
			var exists int
			if err := db.queryRow(ctx, tx, `SELECT COUNT(*) FROM users WHERE id = ?`, userID).Scan(&exists); err != nil {
				return classify(err)
			}
			if exists == 0 {
				return ErrNotFound
			}
			c.ID = uuid.NewString()
			if _, err := db.exec(ctx, tx, `INSERT INTO companies (id, legal_name, street, postcode, city, country, kvk, vat_id,
				invoice_email, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
				c.ID, c.LegalName, c.Street, c.Postcode, c.City, c.Country, c.KVK, c.VATID, c.InvoiceEmail, db.ts(now), db.ts(now)); err != nil {
				return err
			}
			if _, err := db.exec(ctx, tx, `UPDATE users SET company_id = ? WHERE id = ?`, c.ID, userID); err != nil {
				return err
			}
			if _, err := db.exec(ctx, tx, `UPDATE orders SET company_id = ? WHERE buyer_id = ? AND company_id IS NULL`, c.ID, userID); err != nil {
				return err
			}
		case err != nil:
			return err
		default:
			if cur.Version != version {
				return ErrStale
			}
			c.ID = cur.ID
			res, err := db.exec(ctx, tx, `UPDATE companies SET legal_name = ?, street = ?, postcode = ?, city = ?, country = ?, kvk = ?,
				vat_id = ?, invoice_email = ?, version = version + 1, updated_at = ? WHERE id = ? AND version = ?`,
				c.LegalName, c.Street, c.Postcode, c.City, c.Country, c.KVK, c.VATID, c.InvoiceEmail, db.ts(now), c.ID, version)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return ErrStale
			}
		}
		out, err = db.companyForUser(ctx, tx, userID)
		return err
	})
	return out, err
}
