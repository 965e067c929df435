package store

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"time"

	"github.com/google/uuid"
)

// Agent settings (migration 00020): the buyer-owned settings of an order's
// agent as one JSON document (the agentsettings package validates and
// reads it; the store checks nothing but versions), the buyers' change
// requests, the versions and the delivery of the current one to Vapi.

// Delivery states of an order's current settings version.
const (
	PushLive    = "live"    // delivered to Vapi, or nothing to deliver to
	PushSending = "sending" // queued or being retried
	PushFailed  = "failed"  // given up; PushError says why (staff only)
)

// Change request states.
const (
	ChangePending  = "pending"
	ChangeApproved = "approved"
	ChangeRejected = "rejected"
)

// Sources of a settings version.
const (
	VersionApproved = "approved" // a buyer's change request, approved by staff
	VersionStaff    = "staff"    // staff edited the settings directly
	VersionRollback = "rollback" // a copy of an earlier version
	VersionSeed     = "seed"     // the demo data
)

// FieldSettings and FieldSettingsChange are the audit trail's fields (on
// the order) for a new version ("v3" → "v4") and a change request's steps.
const (
	FieldSettings       = "settings"
	FieldSettingsChange = "settings_change"
)

// ErrDecided answers an approval or rejection of a change request that is
// no longer pending.
var ErrDecided = errors.New("store: the change request was decided already")

// AgentSettings is an order's current settings version and its delivery.
type AgentSettings struct {
	OrderID       string
	Version       int
	Settings      []byte // JSON
	PushStatus    string
	PushError     string
	PushAttempts  int
	PushedVersion int
	PushUpdatedAt *time.Time
	UpdatedAt     time.Time
}

// SettingsVersion is one version of an order's settings.
type SettingsVersion struct {
	OrderID      string
	Number       int
	Settings     []byte // JSON
	Source       string
	ChangeID     string // the approved change request; "" otherwise
	RolledBackTo int    // rollback: the version copied; 0 otherwise
	Changed      []byte // JSON list of the fields that changed
	Author       *Person
	CreatedAt    time.Time
}

// SettingsChange is a buyer's change request.
type SettingsChange struct {
	ID, OrderID, Status string
	Settings            []byte // the proposed settings, JSON
	BaseVersion         int    // the version the buyer changed
	Changed             []byte // JSON list of the fields that differ from it
	RequestedBy         *Person
	RequestedAt         time.Time
	DecidedBy           *Person
	DecidedAt           *time.Time
	Note                string
	Version             int // approved: the version it became
	// For the console's list: the order's buyer, agent and current
	// settings (Current nil: none yet).
	Buyer       Person
	AgentNameEn string
	AgentNameNl string
	Current     *AgentSettings
}

const agentSettingsColumns = `s.order_id, s.version, s.settings, s.push_status, s.push_error, s.push_attempts, s.pushed_version,
	s.push_updated_at, s.updated_at`

func scanAgentSettings(row interface{ Scan(...any) error }) (AgentSettings, error) {
	var a AgentSettings
	var pushed, updated dbTime
	if err := row.Scan(&a.OrderID, &a.Version, &a.Settings, &a.PushStatus, &a.PushError, &a.PushAttempts, &a.PushedVersion,
		&pushed, &updated); err != nil {
		return AgentSettings{}, classify(err)
	}
	a.PushUpdatedAt, a.UpdatedAt = pushed.Ptr(), updated.Time
	return a, nil
}

// AgentSettingsFor returns the order's current settings; ErrNotFound when
// it has none yet.
func (db *DB) AgentSettingsFor(ctx context.Context, orderID string) (AgentSettings, error) {
	return db.agentSettingsFor(ctx, db.db, orderID)
}

func (db *DB) agentSettingsFor(ctx context.Context, q querier, orderID string) (AgentSettings, error) {
	id, ok := normID(orderID)
	if !ok {
		return AgentSettings{}, ErrNotFound
	}
	return scanAgentSettings(db.queryRow(ctx, q, `SELECT `+agentSettingsColumns+` FROM agent_settings s WHERE s.order_id = ?`, id))
}

// TransferSettingsQuery is the statement behind SettingsByAssistant: the
// unique orders_assistant index finds the order, agent_settings' primary
// key its settings.
const TransferSettingsQuery = `SELECT s.settings FROM orders o JOIN agent_settings s ON s.order_id = o.id WHERE o.assistant_id = ?`

// SettingsByAssistant returns the current settings of the order linked to
// a Vapi assistant; ErrNotFound when no order has it or the order has no
// settings.
func (db *DB) SettingsByAssistant(ctx context.Context, assistantID string) ([]byte, error) {
	if assistantID == "" {
		return nil, ErrNotFound
	}
	var out []byte
	err := db.queryRow(ctx, db.db, TransferSettingsQuery, assistantID).Scan(&out)
	return out, classify(err)
}

// ExplainSettingsByAssistant is the query plan of SettingsByAssistant (for
// the bench and a test that it uses the indexes).
func (db *DB) ExplainSettingsByAssistant(ctx context.Context, assistantID string) (string, error) {
	return db.explain(ctx, TransferSettingsQuery, []any{assistantID}, false)
}

const versionColumns = `v.order_id, v.number, v.settings, v.source, CAST(v.change_id AS TEXT), COALESCE(v.rolled_back_to, 0), v.changed,
	v.created_at, u.id, u.email, COALESCE(p.full_name, '')`

func scanVersion(row interface{ Scan(...any) error }) (SettingsVersion, error) {
	var v SettingsVersion
	var changeID sql.NullString
	var created dbTime
	var uid, email sql.NullString
	var name string
	if err := row.Scan(&v.OrderID, &v.Number, &v.Settings, &v.Source, &changeID, &v.RolledBackTo, &v.Changed, &created,
		&uid, &email, &name); err != nil {
		return SettingsVersion{}, classify(err)
	}
	v.ChangeID, v.CreatedAt = changeID.String, created.Time
	if uid.Valid {
		v.Author = &Person{ID: uid.String, Email: email.String, FullName: name}
	}
	return v, nil
}

const versionFrom = ` FROM agent_settings_versions v LEFT JOIN users u ON u.id = v.author_id LEFT JOIN profiles p ON p.id = u.id`

// SettingsVersions lists an order's versions, newest first.
func (db *DB) SettingsVersions(ctx context.Context, orderID string) ([]SettingsVersion, error) {
	id, ok := normID(orderID)
	if !ok {
		return nil, nil
	}
	rows, err := db.query(ctx, db.db, `SELECT `+versionColumns+versionFrom+` WHERE v.order_id = ? ORDER BY v.number DESC`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []SettingsVersion
	for rows.Next() {
		v, err := scanVersion(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, classify(rows.Err())
}

// SettingsVersionByNumber returns one version of an order's settings.
func (db *DB) SettingsVersionByNumber(ctx context.Context, orderID string, number int) (SettingsVersion, error) {
	id, ok := normID(orderID)
	if !ok {
		return SettingsVersion{}, ErrNotFound
	}
	return scanVersion(db.queryRow(ctx, db.db, `SELECT `+versionColumns+versionFrom+` WHERE v.order_id = ? AND v.number = ?`, id, number))
}

// NewSettingsVersion is a version to add.
type NewSettingsVersion struct {
	OrderID      string
	Settings     []byte
	Changed      []byte
	Source       string
	ChangeID     string
	RolledBackTo int
	AuthorID     string // "" for the system
	// Base is the current version the author saw (0: none yet); another
	// is ErrStale.
	Base int
	// PushStatus is the new version's delivery state: PushSending with
	// Job set (queued in the same transaction), else PushLive.
	PushStatus string
	Job        *NewJob
}

// AddSettingsVersion makes the settings the order's current version:
// number Base+1, with an audit line. ErrStale when Base is not the
// current version.
func (db *DB) AddSettingsVersion(ctx context.Context, nv NewSettingsVersion, now time.Time) (AgentSettings, error) {
	var out AgentSettings
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = db.addSettingsVersionTx(ctx, tx, nv, now)
		return err
	})
	return out, err
}

func (db *DB) addSettingsVersionTx(ctx context.Context, tx *sql.Tx, nv NewSettingsVersion, now time.Time) (AgentSettings, error) {
	orderID, ok := normID(nv.OrderID)
	if !ok {
		return AgentSettings{}, ErrNotFound
	}
	var author, changeID, rolledBack any
	if id, ok := normID(nv.AuthorID); ok {
		author = id
	}
	if id, ok := normID(nv.ChangeID); ok {
		changeID = id
	}
	if nv.RolledBackTo > 0 {
		rolledBack = nv.RolledBackTo
	}
	changed := nv.Changed
	if len(changed) == 0 {
		changed = []byte("[]")
	}
	status := nv.PushStatus
	if status == "" {
		status = PushLive
	}
	pushed := 0
	next := nv.Base + 1
	if status == PushLive {
		pushed = next
	}
	if nv.Base == 0 {
		// The primary key settles a race between two first versions.
		if _, err := db.exec(ctx, tx, `INSERT INTO agent_settings (order_id, version, settings, push_status, push_error, push_attempts,
			pushed_version, push_updated_at, updated_at) VALUES (?, 1, ?, ?, '', 0, ?, ?, ?)`,
			orderID, string(nv.Settings), status, pushed, db.ts(now), db.ts(now)); err != nil {
			if errors.Is(err, ErrConflict) {
				return AgentSettings{}, ErrStale
			}
			return AgentSettings{}, err
		}
	} else {
		res, err := db.exec(ctx, tx, `UPDATE agent_settings SET version = ?, settings = ?, push_status = ?, push_error = '',
			push_attempts = 0, pushed_version = CASE WHEN CAST(? AS INTEGER) > 0 THEN CAST(? AS INTEGER) ELSE pushed_version END, push_updated_at = ?, updated_at = ?
			WHERE order_id = ? AND version = ?`,
			next, string(nv.Settings), status, pushed, pushed, db.ts(now), db.ts(now), orderID, nv.Base)
		if err != nil {
			return AgentSettings{}, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return AgentSettings{}, ErrStale
		}
	}
	if _, err := db.exec(ctx, tx, `INSERT INTO agent_settings_versions (order_id, number, settings, source, change_id, rolled_back_to,
		changed, author_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		orderID, next, string(nv.Settings), nv.Source, changeID, rolledBack, string(changed), author, db.ts(now)); err != nil {
		if errors.Is(err, ErrConflict) {
			return AgentSettings{}, ErrStale
		}
		return AgentSettings{}, err
	}
	var from *string
	if nv.Base > 0 {
		from = str(versionLabel(nv.Base))
	}
	if err := db.record(ctx, tx, change{entity: EntityOrder, id: orderID, field: FieldSettings, from: from,
		to: str(versionLabel(next) + " (" + nv.Source + ")"), actorID: nv.AuthorID, at: now}); err != nil {
		return AgentSettings{}, err
	}
	if nv.Job != nil {
		if err := db.EnqueueJobsTx(ctx, tx, now, *nv.Job); err != nil {
			return AgentSettings{}, err
		}
	}
	return db.agentSettingsFor(ctx, tx, orderID)
}

func versionLabel(n int) string { return "v" + strconv.Itoa(n) }

// SetSettingsPush records a delivery attempt's outcome for version; it
// changes nothing when the order's current version is another (a newer
// version's delivery owns the state).
func (db *DB) SetSettingsPush(ctx context.Context, orderID string, version int, status, reason string, attempts int, now time.Time) error {
	id, ok := normID(orderID)
	if !ok {
		return ErrNotFound
	}
	pushed := 0
	if status == PushLive {
		pushed = version
	}
	_, err := db.exec(ctx, db.db, `UPDATE agent_settings SET push_status = ?, push_error = ?, push_attempts = ?,
		pushed_version = CASE WHEN CAST(? AS INTEGER) > 0 THEN CAST(? AS INTEGER) ELSE pushed_version END, push_updated_at = ?
		WHERE order_id = ? AND version = ?`, status, reason, attempts, pushed, pushed, db.ts(now), id, version)
	return err
}

const changeColumns = `c.id, c.order_id, c.status, c.settings, c.base_version, c.changed, c.requested_at, c.decided_at, c.note,
	COALESCE(c.version, 0), ru.id, ru.email, COALESCE(rp.full_name, ''), du.id, du.email, COALESCE(dp.full_name, ''),
	bu.id, bu.email, COALESCE(bp.full_name, ''), a.name_en, a.name_nl`

const changeFrom = ` FROM agent_settings_changes c
	JOIN orders o ON o.id = c.order_id
	JOIN voice_agents a ON a.id = o.agent_id
	JOIN users bu ON bu.id = o.buyer_id
	LEFT JOIN profiles bp ON bp.id = bu.id
	LEFT JOIN users ru ON ru.id = c.requested_by
	LEFT JOIN profiles rp ON rp.id = ru.id
	LEFT JOIN users du ON du.id = c.decided_by
	LEFT JOIN profiles dp ON dp.id = du.id`

func scanChange(row interface{ Scan(...any) error }) (SettingsChange, error) {
	var c SettingsChange
	var requested, decided dbTime
	var rid, remail, did, demail sql.NullString
	var rname, dname string
	if err := row.Scan(&c.ID, &c.OrderID, &c.Status, &c.Settings, &c.BaseVersion, &c.Changed, &requested, &decided, &c.Note,
		&c.Version, &rid, &remail, &rname, &did, &demail, &dname, &c.Buyer.ID, &c.Buyer.Email, &c.Buyer.FullName,
		&c.AgentNameEn, &c.AgentNameNl); err != nil {
		return SettingsChange{}, classify(err)
	}
	c.RequestedAt, c.DecidedAt = requested.Time, decided.Ptr()
	if rid.Valid {
		c.RequestedBy = &Person{ID: rid.String, Email: remail.String, FullName: rname}
	}
	if did.Valid {
		c.DecidedBy = &Person{ID: did.String, Email: demail.String, FullName: dname}
	}
	return c, nil
}

// SettingsChangeByID returns one change request.
func (db *DB) SettingsChangeByID(ctx context.Context, id string) (SettingsChange, error) {
	return db.settingsChangeByID(ctx, db.db, id)
}

func (db *DB) settingsChangeByID(ctx context.Context, q querier, id string) (SettingsChange, error) {
	id, ok := normID(id)
	if !ok {
		return SettingsChange{}, ErrNotFound
	}
	return scanChange(db.queryRow(ctx, q, `SELECT `+changeColumns+changeFrom+` WHERE c.id = ?`, id))
}

// PendingSettingsChange returns the order's pending change request;
// ErrNotFound when there is none.
func (db *DB) PendingSettingsChange(ctx context.Context, orderID string) (SettingsChange, error) {
	id, ok := normID(orderID)
	if !ok {
		return SettingsChange{}, ErrNotFound
	}
	return scanChange(db.queryRow(ctx, db.db, `SELECT `+changeColumns+changeFrom+` WHERE c.order_id = ? AND c.status = 'pending'`, id))
}

// maxDecidedChanges bounds the decided change requests the console lists.
const maxDecidedChanges = 100

// SettingsChanges lists every pending change request (oldest first: the
// longest waiting on top) and then the latest decided ones, newest first,
// each with its order's current settings.
func (db *DB) SettingsChanges(ctx context.Context) ([]SettingsChange, error) {
	var out []SettingsChange
	for _, q := range []string{
		`SELECT ` + changeColumns + changeFrom + ` WHERE c.status = 'pending' ORDER BY c.requested_at, c.id`,
		`SELECT ` + changeColumns + changeFrom + ` WHERE c.status <> 'pending' ORDER BY c.decided_at DESC, c.id LIMIT ` + strconv.Itoa(maxDecidedChanges),
	} {
		rows, err := db.query(ctx, db.db, q)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			c, err := scanChange(rows)
			if err != nil {
				rows.Close()
				return nil, err
			}
			out = append(out, c)
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, classify(err)
		}
	}
	for i := range out {
		cur, err := db.AgentSettingsFor(ctx, out[i].OrderID)
		switch {
		case errors.Is(err, ErrNotFound):
		case err != nil:
			return nil, err
		default:
			out[i].Current = &cur
		}
	}
	return out, nil
}

// RequestSettingsChange stores a buyer's proposed settings as the order's
// pending change request: a new one, or the pending one replaced (its id
// kept). ErrStale when base is not the order's current version (0: none).
// replaced reports whether a pending request was overwritten.
func (db *DB) RequestSettingsChange(ctx context.Context, orderID, buyerID string, settings, changed []byte, base int, now time.Time) (out SettingsChange, replaced bool, err error) {
	orderID, ok := normID(orderID)
	if !ok {
		return SettingsChange{}, false, ErrNotFound
	}
	if len(changed) == 0 {
		changed = []byte("[]")
	}
	var requester any
	if id, ok := normID(buyerID); ok {
		requester = id
	}
	err = db.WithTx(ctx, func(tx *sql.Tx) error {
		cur := 0
		switch s, err := db.agentSettingsFor(ctx, tx, orderID); {
		case errors.Is(err, ErrNotFound):
		case err != nil:
			return err
		default:
			cur = s.Version
		}
		if cur != base {
			return ErrStale
		}
		var id string
		err := db.queryRow(ctx, tx, `SELECT id FROM agent_settings_changes WHERE order_id = ? AND status = 'pending'`, orderID).Scan(&id)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			id = uuid.NewString()
			if _, err := db.exec(ctx, tx, `INSERT INTO agent_settings_changes (id, order_id, status, settings, base_version, changed,
				requested_by, requested_at) VALUES (?, ?, 'pending', ?, ?, ?, ?, ?)`,
				id, orderID, string(settings), base, string(changed), requester, db.ts(now)); err != nil {
				return err
			}
		case err != nil:
			return classify(err)
		default:
			replaced = true
			if _, err := db.exec(ctx, tx, `UPDATE agent_settings_changes SET settings = ?, base_version = ?, changed = ?,
				requested_by = ?, requested_at = ? WHERE id = ?`, string(settings), base, string(changed), requester, db.ts(now), id); err != nil {
				return err
			}
		}
		to := "requested"
		if replaced {
			to = "replaced"
		}
		if err := db.record(ctx, tx, change{entity: EntityOrder, id: orderID, field: FieldSettingsChange, to: str(to),
			actorID: buyerID, at: now}); err != nil {
			return err
		}
		out, err = db.settingsChangeByID(ctx, tx, id)
		return err
	})
	return out, replaced, err
}

// ApproveSettingsChange makes a pending change request the order's next
// version (nv's Settings, Changed and Base come from the request; nv's
// PushStatus and Job from the caller), and queues mails (the buyer's
// email about the decision) in the same transaction. ErrDecided when it is
// not pending any more, ErrStale when the order's version moved on since
// the buyer read it: then nothing is queued.
func (db *DB) ApproveSettingsChange(ctx context.Context, changeID, staffID string, nv NewSettingsVersion, now time.Time, mails []NewMail) (SettingsChange, AgentSettings, error) {
	var outC SettingsChange
	var outS AgentSettings
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		c, err := db.settingsChangeByID(ctx, tx, changeID)
		if err != nil {
			return err
		}
		if c.Status != ChangePending {
			return ErrDecided
		}
		nv.OrderID, nv.Settings, nv.Changed, nv.Base = c.OrderID, c.Settings, c.Changed, c.BaseVersion
		nv.Source, nv.ChangeID, nv.AuthorID = VersionApproved, c.ID, staffID
		s, err := db.addSettingsVersionTx(ctx, tx, nv, now)
		if err != nil {
			return err
		}
		res, err := db.exec(ctx, tx, `UPDATE agent_settings_changes SET status = 'approved', decided_by = ?, decided_at = ?, version = ?
			WHERE id = ? AND status = 'pending'`, staffID, db.ts(now), s.Version, c.ID)
		if err := mustAffect(res, err); err != nil {
			if errors.Is(err, ErrNotFound) {
				return ErrDecided
			}
			return err
		}
		if err := db.record(ctx, tx, change{entity: EntityOrder, id: c.OrderID, field: FieldSettingsChange, from: str(ChangePending),
			to: str(ChangeApproved), actorID: staffID, at: now}); err != nil {
			return err
		}
		if err := db.EnqueueMailTx(ctx, tx, now, mails...); err != nil {
			return err
		}
		outS = s
		outC, err = db.settingsChangeByID(ctx, tx, c.ID)
		return err
	})
	return outC, outS, err
}

// RejectSettingsChange turns a pending change request down with a note,
// queueing mails (the buyer's email about it) in the same transaction.
// ErrDecided when it is not pending any more: then nothing is queued.
func (db *DB) RejectSettingsChange(ctx context.Context, changeID, staffID, note string, now time.Time, mails []NewMail) (SettingsChange, error) {
	var out SettingsChange
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		c, err := db.settingsChangeByID(ctx, tx, changeID)
		if err != nil {
			return err
		}
		if c.Status != ChangePending {
			return ErrDecided
		}
		res, err := db.exec(ctx, tx, `UPDATE agent_settings_changes SET status = 'rejected', decided_by = ?, decided_at = ?, note = ?
			WHERE id = ? AND status = 'pending'`, staffID, db.ts(now), note, c.ID)
		if err := mustAffect(res, err); err != nil {
			if errors.Is(err, ErrNotFound) {
				return ErrDecided
			}
			return err
		}
		if err := db.record(ctx, tx, change{entity: EntityOrder, id: c.OrderID, field: FieldSettingsChange, from: str(ChangePending),
			to: str(ChangeRejected), actorID: staffID, at: now}); err != nil {
			return err
		}
		if err := db.EnqueueMailTx(ctx, tx, now, mails...); err != nil {
			return err
		}
		out, err = db.settingsChangeByID(ctx, tx, c.ID)
		return err
	})
	return out, err
}

// LatestDecidedSettingsChange returns the order's most recently approved
// or rejected change request; ErrNotFound when none was decided.
func (db *DB) LatestDecidedSettingsChange(ctx context.Context, orderID string) (SettingsChange, error) {
	id, ok := normID(orderID)
	if !ok {
		return SettingsChange{}, ErrNotFound
	}
	return scanChange(db.queryRow(ctx, db.db, `SELECT `+changeColumns+changeFrom+` WHERE c.order_id = ? AND c.status <> 'pending'
		ORDER BY c.decided_at DESC, c.id LIMIT 1`, id))
}
