package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/google/uuid"
)

type User struct {
	ID, Email, PasswordHash, FullName, Locale string // Locale "en"|"nl"; FullName from profiles
	Role                                      string // "buyer" (the default) | "staff"
	EmailVerifiedAt                           *time.Time
	CreatedAt                                 time.Time
}

type NewUser struct {
	Email, PasswordHash, FullName, Locale string
	Role                                  string // "" is "buyer"
}

// Roles; the schema refuses any other.
const (
	RoleBuyer = "buyer"
	RoleStaff = "staff"
)

const userColumns = `u.id, u.email, u.password_hash, COALESCE(p.full_name, ''), u.locale, u.role, u.email_verified_at, u.created_at`

// The profile is LEFT JOINed so a user whose profile row is somehow missing
// can still sign in.
const userSelect = `SELECT ` + userColumns + ` FROM users u LEFT JOIN profiles p ON p.id = u.id`

func scanUser(row interface{ Scan(...any) error }, extra ...any) (User, error) {
	var u User
	var verified, created dbTime
	dest := append([]any{&u.ID, &u.Email, &u.PasswordHash, &u.FullName, &u.Locale, &u.Role, &verified, &created}, extra...)
	if err := row.Scan(dest...); err != nil {
		return User{}, classify(err)
	}
	u.EmailVerifiedAt = verified.Ptr()
	u.CreatedAt = created.Time
	return u, nil
}

// CreateUser stores the email exactly as given; callers normalise it.
func (db *DB) CreateUser(ctx context.Context, nu NewUser, now time.Time) (User, error) {
	var u User
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		var err error
		u, err = db.createUserTx(ctx, tx, nu, nil, now)
		return err
	})
	return u, classify(err)
}

func (db *DB) createUserTx(ctx context.Context, tx *sql.Tx, nu NewUser, verifiedAt *time.Time, now time.Time) (User, error) {
	locale := nu.Locale
	if locale == "" {
		locale = "en"
	}
	role := nu.Role
	if role == "" {
		role = RoleBuyer
	}
	u := User{
		ID:           uuid.NewString(),
		Email:        nu.Email,
		PasswordHash: nu.PasswordHash,
		FullName:     nu.FullName,
		Locale:       locale,
		Role:         role,
		CreatedAt:    now.UTC().Truncate(time.Microsecond),
	}
	if verifiedAt != nil {
		v := verifiedAt.UTC().Truncate(time.Microsecond)
		u.EmailVerifiedAt = &v
	}
	if _, err := db.exec(ctx, tx,
		`INSERT INTO users (id, email, password_hash, locale, role, email_verified_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		u.ID, u.Email, u.PasswordHash, u.Locale, u.Role, db.tsPtr(u.EmailVerifiedAt), db.ts(u.CreatedAt)); err != nil {
		return User{}, err
	}
	if _, err := db.exec(ctx, tx, `INSERT INTO profiles (id, full_name) VALUES (?, ?)`, u.ID, u.FullName); err != nil {
		return User{}, err
	}
	return u, nil
}

func (db *DB) UserByEmail(ctx context.Context, email string) (User, error) {
	return scanUser(db.queryRow(ctx, db.db, userSelect+` WHERE u.email = ?`, email))
}

// UserByID reports ErrNotFound for an id that is not a uuid.
func (db *DB) UserByID(ctx context.Context, id string) (User, error) {
	return db.userByID(ctx, db.db, id)
}

func (db *DB) userByID(ctx context.Context, q querier, id string) (User, error) {
	id, ok := normID(id)
	if !ok {
		return User{}, ErrNotFound
	}
	return scanUser(db.queryRow(ctx, q, userSelect+` WHERE u.id = ?`, id))
}

// SetPassword reports ErrNotFound when there is no such user. Sessions are
// left alone; callers decide whether a change signs other devices out.
func (db *DB) SetPassword(ctx context.Context, userID, hash string) error {
	id, ok := normID(userID)
	if !ok {
		return ErrNotFound
	}
	return mustAffect(db.exec(ctx, db.db, `UPDATE users SET password_hash = ? WHERE id = ?`, hash, id))
}

// UpdateProfile sets the user's name and the language of their emails
// ("en"|"nl", which the schema holds to); ErrNotFound when there is no such
// user. Callers clean both.
func (db *DB) UpdateProfile(ctx context.Context, userID, fullName, locale string) error {
	id, ok := normID(userID)
	if !ok {
		return ErrNotFound
	}
	return classify(db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := mustAffect(db.exec(ctx, tx, `UPDATE users SET locale = ? WHERE id = ?`, locale, id)); err != nil {
			return err
		}
		_, err := db.exec(ctx, tx,
			`INSERT INTO profiles (id, full_name) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET full_name = excluded.full_name`, id, fullName)
		return err
	}))
}

// SetUserRole makes the user a "buyer" or "staff"; any other role is refused
// by the schema. ErrNotFound when there is no such user.
func (db *DB) SetUserRole(ctx context.Context, userID, role string) error {
	id, ok := normID(userID)
	if !ok {
		return ErrNotFound
	}
	return mustAffect(db.exec(ctx, db.db, `UPDATE users SET role = ? WHERE id = ?`, role, id))
}

// Account is a user as the console lists them.
type Account struct {
	User
	OrderCount int
}

// AccountFilter selects a page of the console's list of accounts.
type AccountFilter struct {
	Query string // a substring of the email or name, any case
	Page
}

// Accounts lists one page of every account (buyers and staff), newest
// first, with how many orders each has, and the next page's cursor ("" after
// the last). The users_created index gives the rows in page order and
// orders_buyer_created counts each account's orders.
func (db *DB) Accounts(ctx context.Context, f AccountFilter) ([]Account, string, error) {
	var l listQuery
	if f.Query != "" {
		pattern := containsPattern(f.Query)
		l.where(`(`+db.fold("u.email")+` LIKE ? ESCAPE '\' OR `+db.fold("p.full_name")+` LIKE ? ESCAPE '\')`, pattern, pattern)
	}
	tail, err := db.page(&l, f.Page, "u.created_at", "u.id")
	if err != nil {
		return nil, "", err
	}
	rows, err := db.query(ctx, db.db, `SELECT `+userColumns+`, (SELECT count(*) FROM orders o WHERE o.buyer_id = u.id)
		FROM users u LEFT JOIN profiles p ON p.id = u.id`+l.sql()+tail, l.args...)
	if err != nil {
		return nil, "", err
	}
	defer rows.Close()
	var out []Account
	for rows.Next() {
		var a Account
		if a.User, err = scanUser(rows, &a.OrderCount); err != nil {
			return nil, "", err
		}
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, "", classify(err)
	}
	out, next := cut(out, f.Page, func(a Account) (time.Time, string) { return a.CreatedAt, a.ID })
	return out, next, nil
}

// IsEmpty reports a fresh database: no users and no catalogue.
func (db *DB) IsEmpty(ctx context.Context) (bool, error) {
	var n int
	err := db.queryRow(ctx, db.db, `SELECT
		(CASE WHEN EXISTS (SELECT 1 FROM users) THEN 1 ELSE 0 END) +
		(CASE WHEN EXISTS (SELECT 1 FROM voice_agents) THEN 1 ELSE 0 END)`).Scan(&n)
	return n == 0, classify(err)
}
