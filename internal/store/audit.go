package store

import (
	"context"
	"database/sql"
	"time"
)

// Kinds of record the audit trail follows.
const (
	EntityQuote = "quote"
	EntityOrder = "order"
	EntityAgent = "agent"
)

// FieldStatus is the audit field of a status change; a record's creation is
// recorded as its first status (From nil).
const FieldStatus = "status"

// Person is a user as the console names them: an author or an actor.
type Person struct{ ID, Email, FullName string }

// Change is one row of the audit trail.
type Change struct {
	Field    string
	From, To *string // From nil: the record was created with To
	Actor    *Person // nil: the system (a visitor's request, the seed)
	At       time.Time
}

// change is what the write paths record.
type change struct {
	entity, id, field string
	from, to          *string
	actorID           string // "" for the system
	at                time.Time
}

func str(s string) *string { return &s }

// record appends changes to the audit trail inside the caller's transaction,
// so a change and its record are committed together or not at all.
func (db *DB) record(ctx context.Context, q querier, changes ...change) error {
	for _, c := range changes {
		var actor any
		if id, ok := normID(c.actorID); ok {
			actor = id
		}
		if _, err := db.exec(ctx, q, `INSERT INTO audit_log (entity_type, entity_id, field, from_value, to_value, actor_id, at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, c.entity, c.id, c.field, c.from, c.to, actor, db.ts(c.at)); err != nil {
			return err
		}
	}
	return nil
}

// History lists a record's changes of one field ("" for every field),
// oldest first. An id that is not a uuid has none.
func (db *DB) History(ctx context.Context, entity, id, field string) ([]Change, error) {
	id, ok := normID(id)
	if !ok {
		return nil, nil
	}
	query := `SELECT a.field, a.from_value, a.to_value, a.at, u.id, u.email, COALESCE(p.full_name, '')
		FROM audit_log a
		LEFT JOIN users u ON u.id = a.actor_id
		LEFT JOIN profiles p ON p.id = u.id
		WHERE a.entity_type = ? AND a.entity_id = ?`
	args := []any{entity, id}
	if field != "" {
		query += ` AND a.field = ?`
		args = append(args, field)
	}
	rows, err := db.query(ctx, db.db, query+` ORDER BY a.id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Change
	for rows.Next() {
		var c Change
		var from, to, actorID, actorEmail sql.NullString
		var name string
		var at dbTime
		if err := rows.Scan(&c.Field, &from, &to, &at, &actorID, &actorEmail, &name); err != nil {
			return nil, classify(err)
		}
		if from.Valid {
			c.From = &from.String
		}
		if to.Valid {
			c.To = &to.String
		}
		if actorID.Valid {
			c.Actor = &Person{ID: actorID.String, Email: actorEmail.String, FullName: name}
		}
		c.At = at.Time
		out = append(out, c)
	}
	return out, classify(rows.Err())
}
