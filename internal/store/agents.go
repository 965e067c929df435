package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/google/uuid"
)

// Agent is a voice agent in the catalogue.
type Agent struct {
	ID, Name, Title, Description string
	DeliveryDays                 int
	PriceCents                   int64
}

// UpsertAgents inserts or updates by id in one transaction; an empty id gets
// a fresh uuid.
func (db *DB) UpsertAgents(ctx context.Context, agents []Agent) error {
	return db.WithTx(ctx, func(tx *sql.Tx) error { return db.upsertAgentsTx(ctx, tx, agents) })
}

func (db *DB) upsertAgentsTx(ctx context.Context, tx *sql.Tx, agents []Agent) error {
	for _, a := range agents {
		id := uuid.NewString()
		if a.ID != "" {
			var ok bool
			if id, ok = normID(a.ID); !ok {
				return fmt.Errorf("store: agent id %q is not a uuid", a.ID)
			}
		}
		if _, err := db.exec(ctx, tx, `INSERT INTO voice_agents (id, name, title, description, delivery_time, price_cents)
			VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET name = excluded.name, title = excluded.title,
				description = excluded.description, delivery_time = excluded.delivery_time,
				price_cents = excluded.price_cents`,
			id, a.Name, a.Title, a.Description, a.DeliveryDays, a.PriceCents); err != nil {
			return err
		}
	}
	return nil
}

// Agents lists the catalogue cheapest first.
func (db *DB) Agents(ctx context.Context) ([]Agent, error) {
	rows, err := db.query(ctx, db.db,
		`SELECT id, name, title, description, delivery_time, price_cents FROM voice_agents ORDER BY price_cents, name, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Agent
	for rows.Next() {
		var a Agent
		if err := rows.Scan(&a.ID, &a.Name, &a.Title, &a.Description, &a.DeliveryDays, &a.PriceCents); err != nil {
			return nil, classify(err)
		}
		out = append(out, a)
	}
	return out, classify(rows.Err())
}
