package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"time"

	"github.com/google/uuid"
)

// Agent is a voice agent in the catalogue, described in English and Dutch.
// An empty Dutch text means "as in English".
type Agent struct {
	ID                           string
	NameEn, NameNl               string
	TitleEn, TitleNl             string
	DescriptionEn, DescriptionNl string
	DeliveryDays                 int
	PriceCents                   int64  // the list price
	Currency                     string // ISO 4217, upper case; "" on create is DefaultCurrency
	Version                      int    // 1 when created, +1 on every change
}

const agentColumns = `id, name_en, name_nl, title_en, title_nl, description_en, description_nl,
	delivery_time, price_cents, currency, version`

// agentColumnsA is agentColumns for a query that calls voice_agents "a".
const agentColumnsA = `a.id, a.name_en, a.name_nl, a.title_en, a.title_nl, a.description_en, a.description_nl,
	a.delivery_time, a.price_cents, a.currency, a.version`

func (a *Agent) scanDest() []any {
	return []any{&a.ID, &a.NameEn, &a.NameNl, &a.TitleEn, &a.TitleNl, &a.DescriptionEn, &a.DescriptionNl,
		&a.DeliveryDays, &a.PriceCents, &a.Currency, &a.Version}
}

func scanAgent(row interface{ Scan(...any) error }) (Agent, error) {
	var a Agent
	if err := row.Scan(a.scanDest()...); err != nil {
		return Agent{}, classify(err)
	}
	return a, nil
}

// fields lists an agent's editable values by column, as the audit trail
// names them.
func (a Agent) fields() [][2]string {
	return [][2]string{
		{"name_en", a.NameEn}, {"name_nl", a.NameNl},
		{"title_en", a.TitleEn}, {"title_nl", a.TitleNl},
		{"description_en", a.DescriptionEn}, {"description_nl", a.DescriptionNl},
		{"delivery_time", strconv.Itoa(a.DeliveryDays)},
		{"price_cents", strconv.FormatInt(a.PriceCents, 10)},
		{"currency", a.Currency},
	}
}

// Agents lists the whole catalogue by English name.
func (db *DB) Agents(ctx context.Context) ([]Agent, error) {
	rows, err := db.query(ctx, db.db, `SELECT `+agentColumns+` FROM voice_agents ORDER BY name_en, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Agent
	for rows.Next() {
		a, err := scanAgent(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, classify(rows.Err())
}

// AgentByID reports ErrNotFound for an unknown or malformed id.
func (db *DB) AgentByID(ctx context.Context, id string) (Agent, error) {
	return db.agentByID(ctx, db.db, id)
}

func (db *DB) agentByID(ctx context.Context, q querier, id string) (Agent, error) {
	id, ok := normID(id)
	if !ok {
		return Agent{}, ErrNotFound
	}
	return scanAgent(db.queryRow(ctx, q, `SELECT `+agentColumns+` FROM voice_agents WHERE id = ?`, id))
}

// CreateAgent adds a to the catalogue (a fresh id unless a.ID is set) on
// behalf of actorID, recording it in the audit trail.
func (db *DB) CreateAgent(ctx context.Context, a Agent, actorID string, now time.Time) (Agent, error) {
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		var err error
		a, err = db.createAgentTx(ctx, tx, a, actorID, now)
		return err
	})
	return a, classify(err)
}

func (db *DB) createAgentTx(ctx context.Context, tx *sql.Tx, a Agent, actorID string, now time.Time) (Agent, error) {
	if a.ID == "" {
		a.ID = uuid.NewString()
	}
	id, ok := normID(a.ID)
	if !ok {
		return Agent{}, fmt.Errorf("store: agent id %q is not a uuid", a.ID)
	}
	a.ID, a.Version = id, 1
	if a.Currency == "" {
		a.Currency = DefaultCurrency
	}
	if _, err := db.exec(ctx, tx, `INSERT INTO voice_agents (`+agentColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		a.ID, a.NameEn, a.NameNl, a.TitleEn, a.TitleNl, a.DescriptionEn, a.DescriptionNl,
		a.DeliveryDays, a.PriceCents, a.Currency, a.Version); err != nil {
		return Agent{}, err
	}
	return a, db.record(ctx, tx, change{entity: EntityAgent, id: a.ID, field: "created", to: str(a.NameEn), actorID: actorID, at: now})
}

// UpdateAgent replaces the agent's texts, delivery time and price with a's,
// on behalf of actorID, if a.Version is the one stored: otherwise ErrStale.
// Each changed field is one row in the audit trail; a change of nothing
// changes nothing (not even the version).
func (db *DB) UpdateAgent(ctx context.Context, a Agent, actorID string, now time.Time) (Agent, error) {
	var out Agent
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		cur, err := db.agentByID(ctx, tx, a.ID)
		if err != nil {
			return err
		}
		if cur.Version != a.Version {
			return ErrStale
		}
		a.ID = cur.ID
		if a.Currency == "" {
			a.Currency = cur.Currency
		}
		var changes []change
		was := cur.fields()
		for i, f := range a.fields() {
			if f[1] != was[i][1] {
				changes = append(changes, change{entity: EntityAgent, id: a.ID, field: f[0], from: str(was[i][1]), to: str(f[1]), actorID: actorID, at: now})
			}
		}
		if len(changes) == 0 {
			out = cur
			return nil
		}
		if err := mustAffect(db.exec(ctx, tx, `UPDATE voice_agents SET name_en = ?, name_nl = ?, title_en = ?, title_nl = ?,
				description_en = ?, description_nl = ?, delivery_time = ?, price_cents = ?, currency = ?, version = version + 1
			WHERE id = ? AND version = ?`,
			a.NameEn, a.NameNl, a.TitleEn, a.TitleNl, a.DescriptionEn, a.DescriptionNl, a.DeliveryDays, a.PriceCents, a.Currency,
			a.ID, a.Version)); err != nil {
			return staleIfGone(err)
		}
		if err := db.record(ctx, tx, changes...); err != nil {
			return err
		}
		out, err = db.agentByID(ctx, tx, a.ID)
		return err
	})
	return out, classify(err)
}

// seedAgentsTx adds the agents that are missing, by id. An agent already
// there keeps what staff made of it; only Dutch texts it never had are
// filled in (a catalogue seeded before it was bilingual).
func (db *DB) seedAgentsTx(ctx context.Context, tx *sql.Tx, agents []Agent, now time.Time) error {
	for _, a := range agents {
		res, err := db.exec(ctx, tx, `UPDATE voice_agents SET name_nl = ?, title_nl = ?, description_nl = ?, version = version + 1
			WHERE id = ? AND name_nl = '' AND title_nl = '' AND description_nl = ''`, a.NameNl, a.TitleNl, a.DescriptionNl, a.ID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n > 0 {
			if err == nil {
				err = db.record(ctx, tx, change{entity: EntityAgent, id: a.ID, field: "name_nl", from: str(""), to: str(a.NameNl), at: now})
			}
			if err != nil {
				return classify(err)
			}
			continue
		}
		var one int
		err = db.queryRow(ctx, tx, `SELECT 1 FROM voice_agents WHERE id = ?`, a.ID).Scan(&one)
		if err == nil {
			continue
		}
		if err != sql.ErrNoRows {
			return classify(err)
		}
		if _, err := db.createAgentTx(ctx, tx, a, "", now); err != nil {
			return err
		}
	}
	return nil
}
