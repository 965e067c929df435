package store

import (
	"context"
	"database/sql"
	"encoding/base32"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
)

// Webhook events (see internal/webhooks).
const (
	EventCallEnded    = "call.ended"
	EventCallFollowUp = "call.followup"
)

// JobWebhook is the kind of the job that makes one delivery attempt of a
// webhook message.
const JobWebhook = "webhook"

// WebhookEndpoint is one of a buyer's webhook endpoints.
type WebhookEndpoint struct {
	ID             string
	UserID         string
	URL            string
	Secret         string
	Events         []string
	OrderIDs       []string // empty: every agent of the buyer
	Enabled        bool
	DisabledReason string // "" or "failing"
	FailingSince   *time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// WebhookMessage is one event for one endpoint.
type WebhookMessage struct {
	ID         string
	EndpointID string
	Event      string
	CallID     int64 // 0 for a test event
	Payload    []byte
	CreatedAt  time.Time
}

// WebhookDelivery is one delivery attempt.
type WebhookDelivery struct {
	ID         int64
	EndpointID string
	MessageID  string
	Event      string
	Attempt    int
	StatusCode int // 0: no answer
	DurationMS int
	Error      string
	CreatedAt  time.Time
}

// WebhookDeliveriesKept is how many deliveries are kept per endpoint.
const WebhookDeliveriesKept = 100

const endpointColumns = `id, user_id, url, secret, events, order_ids, enabled, disabled_reason, failing_since, created_at, updated_at`

func scanEndpoint(row interface{ Scan(...any) error }) (WebhookEndpoint, error) {
	var e WebhookEndpoint
	var events, orders string
	var enabled int
	var failing, created, updated dbTime
	if err := row.Scan(&e.ID, &e.UserID, &e.URL, &e.Secret, &events, &orders, &enabled, &e.DisabledReason, &failing, &created, &updated); err != nil {
		return WebhookEndpoint{}, classify(err)
	}
	e.Enabled = enabled == 1
	e.FailingSince, e.CreatedAt, e.UpdatedAt = failing.Ptr(), created.Time, updated.Time
	if err := json.Unmarshal([]byte(events), &e.Events); err != nil {
		return WebhookEndpoint{}, fmt.Errorf("store: endpoint %s events: %w", e.ID, err)
	}
	if err := json.Unmarshal([]byte(orders), &e.OrderIDs); err != nil {
		return WebhookEndpoint{}, fmt.Errorf("store: endpoint %s orders: %w", e.ID, err)
	}
	if e.Events == nil {
		e.Events = []string{}
	}
	if e.OrderIDs == nil {
		e.OrderIDs = []string{}
	}
	return e, nil
}

func jsonList(s []string) string {
	if s == nil {
		s = []string{}
	}
	b, _ := json.Marshal(s)
	return string(b)
}

// CreateWebhookEndpoint stores a new endpoint (e.ID is set here).
func (db *DB) CreateWebhookEndpoint(ctx context.Context, e WebhookEndpoint, now time.Time) (WebhookEndpoint, error) {
	e.ID = uuid.NewString()
	_, err := db.exec(ctx, db.db, `INSERT INTO webhook_endpoints (id, user_id, url, secret, events, order_ids, enabled, disabled_reason, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, 1, '', ?, ?)`, e.ID, e.UserID, e.URL, e.Secret, jsonList(e.Events), jsonList(e.OrderIDs), db.ts(now), db.ts(now))
	if err != nil {
		return WebhookEndpoint{}, classify(err)
	}
	return db.WebhookEndpoint(ctx, e.UserID, e.ID)
}

// WebhookEndpoints are the user's endpoints, oldest first.
func (db *DB) WebhookEndpoints(ctx context.Context, userID string) ([]WebhookEndpoint, error) {
	rows, err := db.query(ctx, db.db, `SELECT `+endpointColumns+` FROM webhook_endpoints WHERE user_id = ? ORDER BY created_at, id`, userID)
	if err != nil {
		return nil, classify(err)
	}
	defer rows.Close()
	out := []WebhookEndpoint{}
	for rows.Next() {
		e, err := scanEndpoint(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, classify(rows.Err())
}

// WebhookEndpoint is one of the user's endpoints; ErrNotFound for anyone
// else's.
func (db *DB) WebhookEndpoint(ctx context.Context, userID, id string) (WebhookEndpoint, error) {
	id, ok := normID(id)
	if !ok {
		return WebhookEndpoint{}, ErrNotFound
	}
	return scanEndpoint(db.queryRow(ctx, db.db, `SELECT `+endpointColumns+` FROM webhook_endpoints WHERE id = ? AND user_id = ?`, id, userID))
}

// WebhookEndpointByID is an endpoint whoever owns it (for delivery).
func (db *DB) WebhookEndpointByID(ctx context.Context, id string) (WebhookEndpoint, error) {
	id, ok := normID(id)
	if !ok {
		return WebhookEndpoint{}, ErrNotFound
	}
	return scanEndpoint(db.queryRow(ctx, db.db, `SELECT `+endpointColumns+` FROM webhook_endpoints WHERE id = ?`, id))
}

// UpdateWebhookEndpoint sets what the buyer may change (enabled, events,
// orders, secret); switching an endpoint on clears its failure record.
func (db *DB) UpdateWebhookEndpoint(ctx context.Context, e WebhookEndpoint, now time.Time) (WebhookEndpoint, error) {
	res, err := db.exec(ctx, db.db, `UPDATE webhook_endpoints SET enabled = ?, events = ?, order_ids = ?, secret = ?,
		disabled_reason = CASE WHEN ? = 1 THEN '' ELSE disabled_reason END,
		failing_since = CASE WHEN ? = 1 AND enabled = 0 THEN NULL ELSE failing_since END,
		updated_at = ? WHERE id = ? AND user_id = ?`,
		b2i(e.Enabled), jsonList(e.Events), jsonList(e.OrderIDs), e.Secret, b2i(e.Enabled), b2i(e.Enabled), db.ts(now), e.ID, e.UserID)
	if err != nil {
		return WebhookEndpoint{}, classify(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return WebhookEndpoint{}, ErrNotFound
	}
	return db.WebhookEndpoint(ctx, e.UserID, e.ID)
}

// DeleteWebhookEndpoint removes the user's endpoint with its messages and
// deliveries; jobs still queued for it find no message and are skipped.
func (db *DB) DeleteWebhookEndpoint(ctx context.Context, userID, id string) error {
	id, ok := normID(id)
	if !ok {
		return ErrNotFound
	}
	return db.WithTx(ctx, func(tx *sql.Tx) error {
		res, err := db.exec(ctx, tx, `DELETE FROM webhook_endpoints WHERE id = ? AND user_id = ?`, id, userID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		// SQLite enforces the foreign keys only when asked to: delete the
		// rows below explicitly on both engines.
		if _, err := db.exec(ctx, tx, `DELETE FROM webhook_deliveries WHERE endpoint_id = ?`, id); err != nil {
			return err
		}
		_, err = db.exec(ctx, tx, `DELETE FROM webhook_messages WHERE endpoint_id = ?`, id)
		return err
	})
}

// webhookJob is a webhook job's payload.
type webhookJob struct {
	Message string `json:"message"`
	// Once: a single attempt asked for by the buyer (a test or a
	// redelivery), not retried and sent even to a switched-off endpoint.
	Once bool `json:"once,omitempty"`
}

// WebhookJobOf reads a webhook job's payload.
func WebhookJobOf(j Job) (messageID string, once bool, err error) {
	var p webhookJob
	if err := json.Unmarshal(j.Payload, &p); err != nil {
		return "", false, fmt.Errorf("webhook job %d: %w", j.ID, err)
	}
	return p.Message, p.Once, nil
}

func webhookJobOf(msgID string, once bool) NewJob {
	b, _ := json.Marshal(webhookJob{Message: msgID, Once: once})
	return NewJob{Kind: JobWebhook, Payload: b}
}

// NewWebhookMessageID is a new message id: "msg_" and 26 base32 letters.
func NewWebhookMessageID() string {
	u := uuid.New()
	return "msg_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(u[:]))
}

// AddWebhookMessageTx stores m (its ID set when empty) and queues its first
// attempt in tx, unless m is a call's event the endpoint already has: then
// nothing is written and added is false.
func (t *Tx) AddWebhookMessage(ctx context.Context, m WebhookMessage, once bool, now time.Time) (added bool, err error) {
	return t.db.addWebhookMessageTx(ctx, t.tx, m, once, now)
}

func (db *DB) addWebhookMessageTx(ctx context.Context, tx *sql.Tx, m WebhookMessage, once bool, now time.Time) (bool, error) {
	if m.ID == "" {
		m.ID = NewWebhookMessageID()
	}
	var call any
	if m.CallID != 0 {
		call = m.CallID
	}
	res, err := db.exec(ctx, tx, `INSERT INTO webhook_messages (id, endpoint_id, event, call_id, payload, created_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, m.ID, m.EndpointID, m.Event, call, string(m.Payload), db.ts(now))
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, classify(err)
	}
	return true, db.EnqueueJobsTx(ctx, tx, now, webhookJobOf(m.ID, once))
}

// AddWebhookMessage is AddWebhookMessageTx in a transaction of its own.
func (db *DB) AddWebhookMessage(ctx context.Context, m WebhookMessage, once bool, now time.Time) (bool, error) {
	var added bool
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		var err error
		added, err = db.addWebhookMessageTx(ctx, tx, m, once, now)
		return err
	})
	return added, classify(err)
}

// WebhookEndpointsForOrderTx are the enabled endpoints of the order's
// buyer that listen to the order (every agent, or this one), in tx.
func (t *Tx) WebhookEndpointsForOrder(ctx context.Context, orderID string) ([]WebhookEndpoint, error) {
	rows, err := t.db.query(ctx, t.tx, `SELECT `+endpointColumns+` FROM webhook_endpoints
		WHERE enabled = 1 AND user_id = (SELECT buyer_id FROM orders WHERE id = ?) ORDER BY created_at, id`, orderID)
	if err != nil {
		return nil, classify(err)
	}
	defer rows.Close()
	var out []WebhookEndpoint
	for rows.Next() {
		e, err := scanEndpoint(rows)
		if err != nil {
			return nil, err
		}
		if len(e.OrderIDs) > 0 && !contains(e.OrderIDs, orderID) {
			continue
		}
		out = append(out, e)
	}
	return out, classify(rows.Err())
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// WebhookMessage reads one message.
func (db *DB) WebhookMessage(ctx context.Context, id string) (WebhookMessage, error) {
	var m WebhookMessage
	var call sql.NullInt64
	var payload string
	var created dbTime
	err := db.queryRow(ctx, db.db, `SELECT id, endpoint_id, event, call_id, payload, created_at FROM webhook_messages WHERE id = ?`, id).
		Scan(&m.ID, &m.EndpointID, &m.Event, &call, &payload, &created)
	if err != nil {
		return WebhookMessage{}, classify(err)
	}
	m.CallID, m.Payload, m.CreatedAt = call.Int64, []byte(payload), created.Time
	return m, nil
}

// SetWebhookPayload stores a message's body the first time it is built,
// and returns the stored one (another attempt may have stored it first).
func (db *DB) SetWebhookPayload(ctx context.Context, id string, payload []byte) ([]byte, error) {
	if _, err := db.exec(ctx, db.db, `UPDATE webhook_messages SET payload = ? WHERE id = ? AND payload = ''`, string(payload), id); err != nil {
		return nil, classify(err)
	}
	m, err := db.WebhookMessage(ctx, id)
	return m.Payload, err
}

// WebhookAttempts counts a message's attempts so far.
func (db *DB) WebhookAttempts(ctx context.Context, messageID string) (int, error) {
	var n int
	err := db.queryRow(ctx, db.db, `SELECT COUNT(*) FROM webhook_deliveries WHERE message_id = ?`, messageID).Scan(&n)
	return n, classify(err)
}

// RecordWebhookDelivery logs one attempt and keeps the newest
// WebhookDeliveriesKept of the endpoint. A success clears the endpoint's
// failure record; a failure starts it. When a failure finds the endpoint
// failing since before switchOffBefore, the endpoint is switched off
// (reason "failing") and mails are queued in the same transaction;
// switchedOff reports it.
func (db *DB) RecordWebhookDelivery(ctx context.Context, d WebhookDelivery, ok bool, switchOffBefore time.Time, mails func(WebhookEndpoint) []NewMail) (switchedOff bool, err error) {
	err = db.WithTx(ctx, func(tx *sql.Tx) error {
		if _, err := db.exec(ctx, tx, `INSERT INTO webhook_deliveries (endpoint_id, message_id, event, attempt, status_code, duration_ms, error, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, d.EndpointID, d.MessageID, d.Event, d.Attempt, d.StatusCode, d.DurationMS, d.Error, db.ts(d.CreatedAt)); err != nil {
			return err
		}
		if _, err := db.exec(ctx, tx, `DELETE FROM webhook_deliveries WHERE endpoint_id = ? AND id NOT IN
			(SELECT id FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY id DESC LIMIT ?)`, d.EndpointID, d.EndpointID, WebhookDeliveriesKept); err != nil {
			return err
		}
		if ok {
			_, err := db.exec(ctx, tx, `UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ?`, d.EndpointID)
			return err
		}
		if _, err := db.exec(ctx, tx, `UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, ?) WHERE id = ?`,
			db.ts(d.CreatedAt), d.EndpointID); err != nil {
			return err
		}
		res, err := db.exec(ctx, tx, `UPDATE webhook_endpoints SET enabled = 0, disabled_reason = 'failing', updated_at = ?
			WHERE id = ? AND enabled = 1 AND failing_since <= ?`, db.ts(d.CreatedAt), d.EndpointID, db.ts(switchOffBefore))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		switchedOff = true
		e, err := scanEndpoint(db.queryRow(ctx, tx, `SELECT `+endpointColumns+` FROM webhook_endpoints WHERE id = ?`, d.EndpointID))
		if err != nil {
			return err
		}
		if mails != nil {
			return db.EnqueueMailTx(ctx, tx, d.CreatedAt, mails(e)...)
		}
		return nil
	})
	return switchedOff, classify(err)
}

// WebhookDeliveries are the endpoint's kept deliveries, newest first.
func (db *DB) WebhookDeliveries(ctx context.Context, endpointID string) ([]WebhookDelivery, error) {
	rows, err := db.query(ctx, db.db, `SELECT id, endpoint_id, message_id, event, attempt, status_code, duration_ms, error, created_at
		FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY id DESC LIMIT ?`, endpointID, WebhookDeliveriesKept)
	if err != nil {
		return nil, classify(err)
	}
	defer rows.Close()
	out := []WebhookDelivery{}
	for rows.Next() {
		var d WebhookDelivery
		var created dbTime
		if err := rows.Scan(&d.ID, &d.EndpointID, &d.MessageID, &d.Event, &d.Attempt, &d.StatusCode, &d.DurationMS, &d.Error, &created); err != nil {
			return nil, classify(err)
		}
		d.CreatedAt = created.Time
		out = append(out, d)
	}
	return out, classify(rows.Err())
}

// WebhookDelivery is one delivery of the endpoint.
func (db *DB) WebhookDelivery(ctx context.Context, endpointID string, id int64) (WebhookDelivery, error) {
	var d WebhookDelivery
	var created dbTime
	err := db.queryRow(ctx, db.db, `SELECT id, endpoint_id, message_id, event, attempt, status_code, duration_ms, error, created_at
		FROM webhook_deliveries WHERE endpoint_id = ? AND id = ?`, endpointID, id).
		Scan(&d.ID, &d.EndpointID, &d.MessageID, &d.Event, &d.Attempt, &d.StatusCode, &d.DurationMS, &d.Error, &created)
	d.CreatedAt = created.Time
	return d, classify(err)
}

// Redeliver queues one more attempt of a message (a buyer's redelivery).
func (db *DB) RedeliverWebhook(ctx context.Context, messageID string, now time.Time) error {
	return db.EnqueueJobs(ctx, now, webhookJobOf(messageID, true))
}

// CallHook runs in the transaction that stored a call's report (see
// RecordCall), with the stored call; an error rolls the report back.
type CallHook func(ctx context.Context, tx *Tx, c Call, now time.Time) error

// OnCallRecorded adds a hook RecordCall runs for every call it stores an
// ended, reported, assigned and not deleted call. Register hooks before
// serving: the list is not guarded.
func (db *DB) OnCallRecorded(h CallHook) {
	db.callHooks = append(db.callHooks, h)
}

func (db *DB) runCallHooks(ctx context.Context, tx *sql.Tx, c Call, now time.Time) error {
	if !c.ReportReceived || c.EndedAt == nil || c.OrderID == "" || c.Deleted || c.Status != StatusEnded {
		return nil
	}
	for _, h := range db.callHooks {
		if err := h(ctx, &Tx{db: db, tx: tx}, c, now); err != nil {
			return err
		}
	}
	return nil
}

// OrderCallFields is DB.OrderCallFields inside the transaction.
func (t *Tx) OrderCallFields(ctx context.Context, orderID string) ([]CallField, error) {
	id, ok := normID(orderID)
	if !ok {
		return []CallField{}, nil
	}
	rows, err := t.db.query(ctx, t.tx, `SELECT `+callFieldColumns+` FROM call_fields f WHERE f.order_id = ? ORDER BY f.position, f.name`, id)
	if err != nil {
		return nil, err
	}
	return scanCallFields(rows)
}

// PruneWebhookMessages deletes the messages made before cutoff with their
// deliveries: their bodies hold call content (a summary, the caller's
// number), which is not kept longer than needed to deliver and redeliver.
func (db *DB) PruneWebhookMessages(ctx context.Context, cutoff time.Time) (int64, error) {
	var n int64
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		old := `SELECT id FROM webhook_messages WHERE created_at < ?`
		if _, err := db.exec(ctx, tx, `DELETE FROM webhook_deliveries WHERE message_id IN (`+old+`)`, db.ts(cutoff)); err != nil {
			return err
		}
		res, err := db.exec(ctx, tx, `DELETE FROM webhook_messages WHERE created_at < ?`, db.ts(cutoff))
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return n, classify(err)
}
