package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
)

// CallField is one field of call data staff define for an order's agent
// (see internal/calldata for its rules): Name is the key in Vapi's
// analysis.structuredData and in calls.data.
type CallField struct {
	Name     string
	Type     string // text | yes_no | number | datetime | choice
	LabelEn  string
	LabelNl  string
	Options  []string // choice only
	Position int
	// FollowUp: staff marked the field "needs follow-up": a yes/no field
	// flags a call whose value is yes, a choice one whose value is one of
	// FollowUpOptions (see calls.NeedsFollowUp).
	FollowUp        bool
	FollowUpOptions []string // choice only, a subset of Options
}

func scanCallFields(rows *sql.Rows) ([]CallField, error) {
	defer rows.Close()
	out := []CallField{}
	for rows.Next() {
		var f CallField
		var options, followOptions string
		var followUp int
		if err := rows.Scan(&f.Name, &f.Type, &f.LabelEn, &f.LabelNl, &options, &f.Position, &followUp, &followOptions); err != nil {
			return nil, classify(err)
		}
		if err := json.Unmarshal([]byte(options), &f.Options); err != nil {
			return nil, fmt.Errorf("store: call field %s options: %w", f.Name, err)
		}
		if err := json.Unmarshal([]byte(followOptions), &f.FollowUpOptions); err != nil {
			return nil, fmt.Errorf("store: call field %s follow-up options: %w", f.Name, err)
		}
		if f.Options == nil {
			f.Options = []string{}
		}
		if f.FollowUpOptions == nil {
			f.FollowUpOptions = []string{}
		}
		f.FollowUp = followUp == 1
		out = append(out, f)
	}
	return out, classify(rows.Err())
}

const callFieldColumns = `f.name, f.type, f.label_en, f.label_nl, f.options, f.position, f.follow_up, f.follow_up_options`

// OrderCallFields lists an order's call data fields in position order
// (none for an order that does not exist).
func (db *DB) OrderCallFields(ctx context.Context, orderID string) ([]CallField, error) {
	id, ok := normID(orderID)
	if !ok {
		return []CallField{}, nil
	}
	rows, err := db.query(ctx, db.db, `SELECT `+callFieldColumns+` FROM call_fields f WHERE f.order_id = ? ORDER BY f.position, f.name`, id)
	if err != nil {
		return nil, err
	}
	return scanCallFields(rows)
}

// CallFieldsForReport lists the fields of the order a report about the
// call vapiCallID belongs to: the order the stored call has, else the one
// that claims assistantID (as RecordCall assigns a new call). None when
// neither has an order.
func (db *DB) CallFieldsForReport(ctx context.Context, vapiCallID, assistantID string) ([]CallField, error) {
	rows, err := db.query(ctx, db.db, `SELECT `+callFieldColumns+` FROM call_fields f
		WHERE f.order_id = COALESCE((SELECT c.order_id FROM calls c WHERE c.vapi_call_id = ?),
			(SELECT o.id FROM orders o WHERE o.assistant_id = ? AND ? <> ''))
		ORDER BY f.position, f.name`, vapiCallID, assistantID, assistantID)
	if err != nil {
		return nil, err
	}
	return scanCallFields(rows)
}

// SetOrderCallFields replaces an order's call data fields with fields (in
// that order; their Position is their index). ErrNotFound when there is no
// such order. In the same transaction each of the order's calls with data
// is passed to normalize, which rewrites its values in place for the new
// fields (the domain's rule) and reports whether it changed them; changed
// data is written back.
func (db *DB) SetOrderCallFields(ctx context.Context, orderID string, fields []CallField, normalize func(map[string]any) bool) ([]CallField, error) {
	id, ok := normID(orderID)
	if !ok {
		return nil, ErrNotFound
	}
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		var n int
		lock := ""
		if !db.Embedded() {
			lock = " FOR UPDATE"
		}
		if err := db.queryRow(ctx, tx, `SELECT count(*) FROM (SELECT id FROM orders WHERE id = ?`+lock+`) o`, id).Scan(&n); err != nil {
			return classify(err)
		}
		if n == 0 {
			return ErrNotFound
		}
		if _, err := db.exec(ctx, tx, `DELETE FROM call_fields WHERE order_id = ?`, id); err != nil {
			return err
		}
		for i, f := range fields {
			options := f.Options
			if options == nil {
				options = []string{}
			}
			o, err := json.Marshal(options)
			if err != nil {
				return err
			}
			follow := f.FollowUpOptions
			if follow == nil {
				follow = []string{}
			}
			fo, err := json.Marshal(follow)
			if err != nil {
				return err
			}
			if _, err := db.exec(ctx, tx, `INSERT INTO call_fields (order_id, name, position, type, label_en, label_nl, options,
				follow_up, follow_up_options) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				id, f.Name, i, f.Type, f.LabelEn, f.LabelNl, string(o), b2i(f.FollowUp), string(fo)); err != nil {
				return err
			}
		}
		if normalize == nil {
			return nil
		}
		rows, err := db.query(ctx, tx, `SELECT id, data FROM calls WHERE order_id = ? AND data <> '{}'`, id)
		if err != nil {
			return err
		}
		type row struct {
			id   int64
			data string
		}
		var changed []row
		for rows.Next() {
			var r row
			if err := rows.Scan(&r.id, &r.data); err != nil {
				rows.Close()
				return classify(err)
			}
			d, err := unmarshalData(r.data)
			if err != nil {
				rows.Close()
				return fmt.Errorf("store: call %d data: %w", r.id, err)
			}
			if normalize(d) {
				if r.data, err = marshalData(d); err != nil {
					rows.Close()
					return err
				}
				changed = append(changed, r)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return classify(err)
		}
		for _, r := range changed {
			if _, err := db.exec(ctx, tx, `UPDATE calls SET data = ? WHERE id = ?`, r.data, r.id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, classify(err)
	}
	return db.OrderCallFields(ctx, id)
}

// DataFilter keeps the calls whose data holds Value under Name: a bool, a
// float64 or a string, compared as the JSON value it is (the domain has
// read it for the field's type, see calldata.ParseFilter).
type DataFilter struct {
	Name  string
	Value any
}

// dataClause is the condition of one data filter on calls c: SQLite's
// json_extract gives true as 1, numbers as numbers and strings as text;
// PostgreSQL compares jsonb values (numbers numerically).
func (db *DB) dataClause(f DataFilter) (string, []any, error) {
	if f.Name == "" || strings.ContainsAny(f.Name, `"\`) {
		return "", nil, fmt.Errorf("store: bad data field name %q", f.Name)
	}
	if db.Embedded() {
		path := `$."` + f.Name + `"`
		switch v := f.Value.(type) {
		case bool:
			return `json_type(c.data, ?) = ?`, []any{path, map[bool]string{true: "true", false: "false"}[v]}, nil
		case float64:
			return `json_type(c.data, ?) IN ('integer', 'real') AND json_extract(c.data, ?) = ?`, []any{path, path, v}, nil
		case string:
			return `json_type(c.data, ?) = 'text' AND json_extract(c.data, ?) = ?`, []any{path, path, v}, nil
		}
		return "", nil, fmt.Errorf("store: bad data filter value %T", f.Value)
	}
	v, err := json.Marshal(f.Value)
	if err != nil {
		return "", nil, err
	}
	return `(c.data::jsonb -> ?) = ?::jsonb`, []any{f.Name, string(v)}, nil
}

// whereData adds the data filters to l.
func (db *DB) whereData(l *listQuery, filters []DataFilter) error {
	for _, f := range filters {
		cond, args, err := db.dataClause(f)
		if err != nil {
			return err
		}
		l.where(cond, args...)
	}
	return nil
}

func marshalData(d map[string]any) (string, error) {
	if len(d) == 0 {
		return "{}", nil
	}
	b, err := json.Marshal(d)
	return string(b), err
}

func unmarshalData(s string) (map[string]any, error) {
	d := map[string]any{}
	if s == "" {
		return d, nil
	}
	if err := json.Unmarshal([]byte(s), &d); err != nil {
		return nil, err
	}
	if d == nil {
		d = map[string]any{}
	}
	return d, nil
}
