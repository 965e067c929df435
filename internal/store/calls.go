package store

import (
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Call types, as buyers see them.
const (
	CallInbound  = "inbound"
	CallOutbound = "outbound"
	CallWeb      = "web"
)

// Call outcomes. A call that has not ended yet is pending: buyers see
// calls once they have ended; staff see every call.
const (
	OutcomeAnswered = "answered"
	OutcomeMissed   = "missed"
	OutcomeFailed   = "failed"
	OutcomePending  = "pending"
)

// StatusEnded is Vapi's status of a call that is over.
const StatusEnded = "ended"

// Recording consent of a call (calls.recording_consent), from Vapi's
// compliance.recordingConsent: given (grantedAt set), not given (the agent
// asked and the caller did not consent), or unknown (the agent asks none,
// or Vapi did not say).
const (
	ConsentGiven    = "given"
	ConsentNotGiven = "not_given"
	ConsentUnknown  = "unknown"
)

// TranscriptLine is one turn of a call.
type TranscriptLine struct {
	Role             string  `json:"role" enum:"agent,caller"`
	Text             string  `json:"text"`
	SecondsFromStart float64 `json:"secondsFromStart"`
}

// CallReport is what Vapi tells about one call: an end-of-call report, a
// status update, or a call from the list-calls API. Empty fields are
// unknown.
type CallReport struct {
	VapiCallID      string
	AssistantID     string
	Type            string // inbound | outbound | web; "" unknown
	CustomerNumber  string
	CreatedAt       *time.Time // when Vapi made the call
	StartedAt       *time.Time
	EndedAt         *time.Time
	DurationSeconds int
	EndedReason     string
	Cost            float64 // Vapi's cost, in USD
	Summary         string
	SuccessEval     string
	Transcript      []TranscriptLine
	RecordingURL    string
	// RecordingConsent is ConsentGiven, ConsentNotGiven, or "" (or
	// ConsentUnknown) when the report does not say.
	RecordingConsent string
	Status           string
	// Data is the call data the report brought (analysis.structuredData):
	// calls.Service.Record replaces it by what calldata.Accept accepts of it
	// before storing; nil when it brought none.
	Data map[string]any
	// Report marks a complete account of an ended call (an end-of-call
	// report, or an ended call from the list-calls API): its values replace
	// what was known. Otherwise only unknown values are filled in.
	Report bool
	// OnReport are the jobs a report starts (the buyer's alert): enqueued
	// in the transaction that stores the report, the first time a Report
	// of the call is stored while it belongs to an order (calls.report_jobs
	// records it), so a retried report enqueues nothing again.
	OnReport []NewJob
}

// Call is a stored call.
type Call struct {
	ID              int64
	VapiCallID      string
	AssistantID     string
	OrderID         string // "" unassigned
	Type            string
	CustomerNumber  string
	StartedAt       time.Time
	EndedAt         *time.Time
	DurationSeconds int
	EndedReason     string
	Cost            float64
	Summary         string
	SuccessEval     string
	Transcript      []TranscriptLine
	RecordingURL    string
	// RecordingConsent is ConsentGiven, ConsentNotGiven or ConsentUnknown.
	RecordingConsent string
	Status           string
	Outcome          string
	ReportReceived   bool
	Deleted          bool
	// Data is the call's data by field name (never nil): see calldata.
	Data      map[string]any
	CreatedAt time.Time
	UpdatedAt time.Time
	// The order's buyer and agent, for the console (empty when unassigned,
	// and on the buyer's own pages).
	BuyerEmail  string
	BuyerName   string
	AgentNameEn string
	AgentNameNl string // "" when the catalogue has no Dutch name
}

const callColumns = `c.id, c.vapi_call_id, c.assistant_id, c.order_id, c.type, c.customer_number, c.started_at, c.ended_at,
	c.duration_seconds, c.ended_reason, c.cost, c.summary, c.success_evaluation, c.transcript, c.recording_url, c.status,
	c.outcome, c.report_received, c.deleted, c.created_at, c.updated_at, c.data, c.recording_consent`

func scanCall(row interface{ Scan(...any) error }, extra ...any) (Call, error) {
	var c Call
	var orderID sql.NullString
	var started, ended, created, updated dbTime
	var transcript, data string
	var report, deleted int
	dest := []any{&c.ID, &c.VapiCallID, &c.AssistantID, &orderID, &c.Type, &c.CustomerNumber, &started, &ended,
		&c.DurationSeconds, &c.EndedReason, &c.Cost, &c.Summary, &c.SuccessEval, &transcript, &c.RecordingURL, &c.Status,
		&c.Outcome, &report, &deleted, &created, &updated, &data, &c.RecordingConsent}
	if err := row.Scan(append(dest, extra...)...); err != nil {
		return Call{}, classify(err)
	}
	c.OrderID = orderID.String
	c.StartedAt, c.EndedAt, c.CreatedAt, c.UpdatedAt = started.Time, ended.Ptr(), created.Time, updated.Time
	c.ReportReceived, c.Deleted = report == 1, deleted == 1
	if err := json.Unmarshal([]byte(transcript), &c.Transcript); err != nil {
		return Call{}, fmt.Errorf("store: call %d transcript: %w", c.ID, err)
	}
	if c.Transcript == nil {
		c.Transcript = []TranscriptLine{}
	}
	var err error
	if c.Data, err = unmarshalData(data); err != nil {
		return Call{}, fmt.Errorf("store: call %d data: %w", c.ID, err)
	}
	return c, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// MergeCall applies what a report tells to a call (a stored one, or the
// new one a first report makes) and derives its status and outcome. It is
// the domain's rule (calls.Merge); the store applies it to the call's row
// while holding its lock, so concurrent reports never lose a word.
type MergeCall func(c *Call, r CallReport)

// RecordCall stores what r tells about a call, keyed by Vapi's call id:
// the first word about a call creates it, later ones merge into it (with
// merge), so a report posted twice is stored once and a late status
// update never takes a call back. A new call belongs to the order that
// claims its assistant, or to none (unassigned). An ended call of an order
// has its usage line written in the same transaction (see writeUsage). A
// call the buyer deleted stays deleted: a complete report of it only
// corrects its usage line. It reports the stored call.
func (db *DB) RecordCall(ctx context.Context, r CallReport, now time.Time, merge MergeCall) (Call, error) {
	if r.VapiCallID == "" {
		return Call{}, fmt.Errorf("store: a call needs Vapi's call id")
	}
	now = now.UTC().Truncate(time.Microsecond)
	var out Call
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		c, transcript, err := newCall(r, now, merge)
		if err != nil {
			return err
		}
		data, err := marshalData(c.Data)
		if err != nil {
			return err
		}
		res, err := db.exec(ctx, tx, `INSERT INTO calls (vapi_call_id, assistant_id, order_id, type, customer_number, started_at, ended_at,
			duration_seconds, ended_reason, cost, summary, success_evaluation, transcript, recording_url, status, outcome,
			report_received, deleted, created_at, updated_at, data, recording_consent)
			VALUES (?, ?, (SELECT o.id FROM orders o WHERE o.assistant_id = ? AND ? <> ''), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)
			ON CONFLICT (vapi_call_id) DO NOTHING`,
			c.VapiCallID, c.AssistantID, c.AssistantID, c.AssistantID, c.Type, c.CustomerNumber, db.ts(c.StartedAt), db.tsPtr(c.EndedAt),
			c.DurationSeconds, c.EndedReason, c.Cost, c.Summary, c.SuccessEval, string(transcript), c.RecordingURL, c.Status, c.Outcome,
			b2i(c.ReportReceived), db.ts(now), db.ts(now), data, c.RecordingConsent)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return classify(err)
		}
		if n == 0 {
			// Known: merge under the row's lock (PostgreSQL; SQLite's
			// transaction already holds the write lock).
			lock := ""
			if !db.Embedded() {
				lock = " FOR UPDATE"
			}
			cur, err := scanCall(db.queryRow(ctx, tx, `SELECT `+callColumns+`, '' FROM calls c WHERE c.vapi_call_id = ?`+lock, r.VapiCallID), new(string))
			if err != nil {
				return err
			}
			if cur.Deleted {
				out = cur
				if !r.Report {
					return nil
				}
				// Its content stays erased, but a later account of how
				// long it took still corrects its usage while the month
				// is open: a delete never shrinks the usage.
				merge(&cur, r)
				return db.writeUsage(ctx, tx, cur, now)
			}
			merge(&cur, r)
			transcript, err := json.Marshal(cur.Transcript)
			if err != nil {
				return err
			}
			data, err := marshalData(cur.Data)
			if err != nil {
				return err
			}
			if _, err := db.exec(ctx, tx, `UPDATE calls SET assistant_id = ?,
				order_id = COALESCE(order_id, (SELECT o.id FROM orders o WHERE o.assistant_id = ? AND ? <> '')),
				type = ?, customer_number = ?, started_at = ?, ended_at = ?, duration_seconds = ?, ended_reason = ?, cost = ?,
				summary = ?, success_evaluation = ?, transcript = ?, recording_url = ?, status = ?, outcome = ?, report_received = ?,
				data = ?, recording_consent = ?, updated_at = ? WHERE id = ?`,
				cur.AssistantID, cur.AssistantID, cur.AssistantID, cur.Type, cur.CustomerNumber, db.ts(cur.StartedAt), db.tsPtr(cur.EndedAt),
				cur.DurationSeconds, cur.EndedReason, cur.Cost, cur.Summary, cur.SuccessEval, string(transcript), cur.RecordingURL,
				cur.Status, cur.Outcome, b2i(cur.ReportReceived), data, cur.RecordingConsent, db.ts(now), cur.ID); err != nil {
				return err
			}
		}
		if out, err = db.callByVapiID(ctx, tx, r.VapiCallID); err != nil {
			return err
		}
		if r.Report && len(r.OnReport) > 0 && out.OrderID != "" {
			res, err := db.exec(ctx, tx, `UPDATE calls SET report_jobs = 1 WHERE id = ? AND report_jobs = 0`, out.ID)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return classify(err)
			} else if n == 1 {
				if err := db.EnqueueJobsTx(ctx, tx, now, r.OnReport...); err != nil {
					return err
				}
			}
		}
		if err := db.writeUsage(ctx, tx, out, now); err != nil {
			return err
		}
		return db.runCallHooks(ctx, tx, out, now)
	})
	return out, classify(err)
}

// callSelect reads calls with their order's buyer (email and name) and
// agent (its English and Dutch names), for the console; ownCallSelect
// without, for the buyer's own pages. Both end in the four columns
// scanListedCall reads.
const (
	callSelect = `SELECT ` + callColumns + `, COALESCE(u.email, ''), COALESCE(p.full_name, ''), COALESCE(a.name_en, ''),
	COALESCE(a.name_nl, '') FROM calls c
	LEFT JOIN orders o ON o.id = c.order_id
	LEFT JOIN users u ON u.id = o.buyer_id
	LEFT JOIN profiles p ON p.id = o.buyer_id
	LEFT JOIN voice_agents a ON a.id = o.agent_id`
	ownCallSelect = `SELECT ` + callColumns + `, '', '', '', '' FROM calls c`
)

// scanListedCall reads a row of callSelect or ownCallSelect.
func scanListedCall(row interface{ Scan(...any) error }) (Call, error) {
	var email, name, agentEn, agentNl string
	c, err := scanCall(row, &email, &name, &agentEn, &agentNl)
	c.BuyerEmail, c.BuyerName, c.AgentNameEn, c.AgentNameNl = email, name, agentEn, agentNl
	return c, err
}

func (db *DB) callByVapiID(ctx context.Context, q querier, vapiID string) (Call, error) {
	return scanListedCall(db.queryRow(ctx, q, callSelect+` WHERE c.vapi_call_id = ?`, vapiID))
}

// CallByVapiID loads a call by Vapi's id (deleted ones too).
func (db *DB) CallByVapiID(ctx context.Context, vapiID string) (Call, error) {
	return db.callByVapiID(ctx, db.db, vapiID)
}

// CallByID loads a call that is not deleted by its internal id, with its
// order's buyer, for the console; ErrNotFound when there is none.
func (db *DB) CallByID(ctx context.Context, id int64) (Call, error) {
	return scanListedCall(db.queryRow(ctx, db.db, callSelect+` WHERE c.id = ? AND c.deleted = 0`, id))
}

func scanCalls(rows *sql.Rows) ([]Call, error) {
	defer rows.Close()
	var out []Call
	for rows.Next() {
		c, err := scanListedCall(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, classify(rows.Err())
}

// A call list's cursor: the start time and internal id of the last call of
// the page before.
func encodeCallCursor(at time.Time, id int64) string {
	raw := at.UTC().Truncate(time.Microsecond).Format(time.RFC3339Nano) + "|" + strconv.FormatInt(id, 10)
	return base64.RawURLEncoding.EncodeToString([]byte(raw))
}

func decodeCallCursor(s string) (time.Time, int64, error) {
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return time.Time{}, 0, ErrBadCursor
	}
	at, id, ok := strings.Cut(string(raw), "|")
	if !ok {
		return time.Time{}, 0, ErrBadCursor
	}
	t, err := time.Parse(time.RFC3339Nano, at)
	if err != nil {
		return time.Time{}, 0, ErrBadCursor
	}
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil || n < 1 {
		return time.Time{}, 0, ErrBadCursor
	}
	return t.UTC(), n, nil
}

// callPage runs a newest-first page of calls matching l, read with sel.
func (db *DB) callPage(ctx context.Context, sel string, l listQuery, p Page) ([]Call, string, error) {
	if p.Cursor != "" {
		at, id, err := decodeCallCursor(p.Cursor)
		if err != nil {
			return nil, "", err
		}
		l.where(`(c.started_at, c.id) < (?, ?)`, db.ts(at), id)
	}
	l.args = append(l.args, p.limit()+1)
	rows, err := db.query(ctx, db.db, sel+l.sql()+` ORDER BY c.started_at DESC, c.id DESC LIMIT ?`, l.args...)
	if err != nil {
		return nil, "", err
	}
	out, err := scanCalls(rows)
	if err != nil {
		return nil, "", err
	}
	if len(out) <= p.limit() {
		return out, "", nil
	}
	out = out[:p.limit()]
	last := out[len(out)-1]
	return out, encodeCallCursor(last.StartedAt, last.ID), nil
}

// OrderCallsQuery is the statement behind OrderCalls' first page (for EXPLAIN).
const OrderCallsQuery = ownCallSelect + ` WHERE c.order_id = ? AND c.outcome <> 'pending' ORDER BY c.started_at DESC, c.id DESC LIMIT ?`

// OrderCalls lists one page of an order's ended calls, newest first. The
// caller has checked that the order is the asker's.
func (db *DB) OrderCalls(ctx context.Context, orderID string, p Page) ([]Call, string, error) {
	id, ok := normID(orderID)
	if !ok {
		return nil, "", nil
	}
	var l listQuery
	l.where(`c.order_id = ?`, id)
	l.where(`c.outcome <> ?`, OutcomePending)
	return db.callPage(ctx, ownCallSelect, l, p)
}

// OrderCall loads one ended call of an order by its internal id;
// ErrNotFound when the order has no such call.
func (db *DB) OrderCall(ctx context.Context, orderID string, callID int64) (Call, error) {
	id, ok := normID(orderID)
	if !ok {
		return Call{}, ErrNotFound
	}
	return scanListedCall(db.queryRow(ctx, db.db, ownCallSelect+` WHERE c.id = ? AND c.order_id = ? AND c.outcome <> ?`,
		callID, id, OutcomePending))
}

// DeleteCall removes a call of an order at the buyer's request: everything
// but Vapi's id goes (the caller's number with the transcript, summary,
// success evaluation and recording link), and the row leaves the order, so
// that a retried report or the backfill cannot bring the call back. Its
// usage line stays, marked as the line of a deleted call: what the call
// cost is a record, not content. ErrNotFound when the order has no such
// call.
func (db *DB) DeleteCall(ctx context.Context, orderID string, callID int64, now time.Time) error {
	return db.DeleteCallJobs(ctx, orderID, callID, now, nil)
}

// DeleteCallJobs is DeleteCall that also enqueues, in its transaction, the
// jobs jobsFor makes for the call's Vapi id (deleting Vapi's copy); nil
// jobsFor makes none.
func (db *DB) DeleteCallJobs(ctx context.Context, orderID string, callID int64, now time.Time, jobsFor func(vapiCallID string) []NewJob) error {
	id, ok := normID(orderID)
	if !ok {
		return ErrNotFound
	}
	return db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := db.deleteCall(ctx, tx, id, callID, now); err != nil {
			return err
		}
		if jobsFor == nil {
			return nil
		}
		var vapiCallID string
		if err := db.queryRow(ctx, tx, `SELECT vapi_call_id FROM calls WHERE id = ?`, callID).Scan(&vapiCallID); err != nil {
			return classify(err)
		}
		if vapiCallID == "" {
			return nil
		}
		return db.EnqueueJobsTx(ctx, tx, now, jobsFor(vapiCallID)...)
	})
}

// deleteCall is DeleteCall inside the caller's transaction (also the
// erasure of a caller, EraseContact: one way to erase a call).
func (db *DB) deleteCall(ctx context.Context, tx *sql.Tx, orderID string, callID int64, now time.Time) error {
	if err := mustAffect(db.exec(ctx, tx, `UPDATE calls SET order_id = NULL, deleted = 1, customer_number = '', summary = '',
		success_evaluation = '', transcript = '[]', data = '{}', recording_url = '', ended_reason = '', duration_seconds = 0, cost = 0,
		updated_at = ? WHERE id = ? AND order_id = ?`, db.ts(now), callID, orderID)); err != nil {
		return err
	}
	_, err := db.exec(ctx, tx, `UPDATE usage_lines SET call_deleted = 1, updated_at = ?
		WHERE vapi_call_id = (SELECT vapi_call_id FROM calls WHERE id = ?)`, db.ts(now), callID)
	return err
}

// ExplainOrderCalls returns the plans of the agent page's two queries.
func (db *DB) ExplainOrderCalls(ctx context.Context, orderID string, from, to time.Time) (string, error) {
	id, _ := normID(orderID)
	a, err := db.explain(ctx, OrderCallsQuery, []any{id, DefaultPageLimit + 1}, !db.Embedded())
	if err != nil {
		return "", err
	}
	b, err := db.explain(ctx, OrderUsageQuery, []any{id, db.ts(from), db.ts(to)}, !db.Embedded())
	return a + "\n--\n" + b, err
}

// PurgeCallContent removes the transcript, summary, success evaluation,
// recording link and caller's number of every call that started before
// cutoff (the retention period); the call itself, its duration and outcome
// stay, and its usage line is never touched. It reports how many calls
// lost content.
func (db *DB) PurgeCallContent(ctx context.Context, cutoff, now time.Time) (int64, error) {
	return db.purgeContent(ctx, db.db, cutoff, now, "")
}

// purgeable selects the calls that started before a cutoff (its one
// argument) and still hold content the retention purge removes.
const purgeable = `started_at < ? AND (summary <> '' OR success_evaluation <> '' OR transcript <> '[]' OR recording_url <> ''
	OR customer_number <> '' OR data <> '{}')`

// purgeContent is PurgeCallContent of the calls cond (SQL on calls, with
// its args) also selects.
func (db *DB) purgeContent(ctx context.Context, q querier, cutoff, now time.Time, cond string, args ...any) (int64, error) {
	res, err := db.exec(ctx, q, `UPDATE calls SET summary = '', success_evaluation = '', transcript = '[]', recording_url = '',
		customer_number = '', data = '{}', updated_at = ? WHERE `+purgeable+cond,
		append([]any{db.ts(now), db.ts(cutoff)}, args...)...)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return n, classify(err)
}

// LinkedAssistants lists the assistant ids orders claim, for the backfill.
func (db *DB) LinkedAssistants(ctx context.Context) ([]string, error) {
	rows, err := db.query(ctx, db.db, `SELECT assistant_id FROM orders WHERE assistant_id IS NOT NULL ORDER BY assistant_id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, classify(err)
		}
		out = append(out, s)
	}
	return out, classify(rows.Err())
}

// Audit fields of an order's call link.
const (
	FieldAssistantID    = "assistant_id"
	FieldPerMinuteCents = "per_minute_cents"
	FieldMonthlyCents   = "monthly_cents"
)

// OrderLink is a change of an order's assistant and per-minute rate; nil
// fields stay as they are.
type OrderLink struct {
	AssistantID    *string // "" clears
	PerMinuteCents *int64
	MonthlyCents   *int64 // the monthly maintenance fee
}

// SetOrderLink changes an order's assistant id and per-minute rate on
// behalf of actorID, if version is the one stored (else ErrStale); an
// assistant another order claims is ErrConflict. A new rate applies to
// later calls only: usage lines keep the rate they were written at.
// Linking an assistant gives the order that assistant's unassigned calls,
// and their usage lines at the order's rate now. Unlinking one returns its
// calls to the unassigned (a link made by mistake must not show one
// buyer's calls to another); their usage lines go with them while their
// month is open (UsageOpenFrom), as any figure of an open month may be
// corrected, and stay with the order once it has closed. Calls the buyer
// deleted have left the order already; their lines stay. A real change
// bumps the version and is in the audit trail.
func (db *DB) SetOrderLink(ctx context.Context, id string, in OrderLink, version int, actorID string, now time.Time) (o Order, changed bool, err error) {
	err = db.WithTx(ctx, func(tx *sql.Tx) error {
		if o, err = db.orderByID(ctx, tx, id); err != nil {
			return err
		}
		if o.Version != version {
			return ErrStale
		}
		var changes []change
		assistant, rate := o.AssistantID, o.PerMinuteCents
		if in.AssistantID != nil && *in.AssistantID != o.AssistantID {
			assistant = *in.AssistantID
			changes = append(changes, change{entity: EntityOrder, id: o.ID, field: FieldAssistantID, from: str(o.AssistantID), to: str(assistant), actorID: actorID, at: now})
		}
		if in.PerMinuteCents != nil && *in.PerMinuteCents != o.PerMinuteCents {
			rate = *in.PerMinuteCents
			changes = append(changes, change{entity: EntityOrder, id: o.ID, field: FieldPerMinuteCents,
				from: str(strconv.FormatInt(o.PerMinuteCents, 10)), to: str(strconv.FormatInt(rate, 10)), actorID: actorID, at: now})
		}
		monthly := o.MonthlyCents
		if in.MonthlyCents != nil && *in.MonthlyCents != o.MonthlyCents {
			monthly = *in.MonthlyCents
			changes = append(changes, change{entity: EntityOrder, id: o.ID, field: FieldMonthlyCents,
				from: str(strconv.FormatInt(o.MonthlyCents, 10)), to: str(strconv.FormatInt(monthly, 10)), actorID: actorID, at: now})
		}
		if len(changes) == 0 {
			return nil
		}
		var assistantArg any
		if assistant != "" {
			assistantArg = assistant
		}
		if err := mustAffect(db.exec(ctx, tx, `UPDATE orders SET assistant_id = ?, per_minute_cents = ?, monthly_cents = ?, version = version + 1, updated_at = ?
			WHERE id = ? AND version = ?`, assistantArg, rate, monthly, db.ts(now), o.ID, o.Version)); err != nil {
			return staleIfGone(err)
		}
		if assistant != o.AssistantID {
			if o.AssistantID != "" {
				// The calls first, then their lines, in the order RecordCall
				// locks them, so the two never deadlock on PostgreSQL.
				if _, err := db.exec(ctx, tx, `UPDATE calls SET order_id = NULL WHERE order_id = ? AND assistant_id = ?`, o.ID, o.AssistantID); err != nil {
					return err
				}
				if _, err := db.exec(ctx, tx, `DELETE FROM usage_lines WHERE order_id = ? AND started_at >= ? AND call_deleted = 0
					AND vapi_call_id IN (SELECT vapi_call_id FROM calls WHERE assistant_id = ? AND order_id IS NULL AND deleted = 0)`,
					o.ID, db.ts(UsageOpenFrom(now)), o.AssistantID); err != nil {
					return err
				}
			}
			if assistant != "" {
				if _, err := db.exec(ctx, tx, `UPDATE calls SET order_id = ? WHERE assistant_id = ? AND order_id IS NULL AND deleted = 0`, o.ID, assistant); err != nil {
					return err
				}
				if err := db.writeOrderUsage(ctx, tx, o.ID, assistant, now); err != nil {
					return err
				}
			}
		}
		if err := db.record(ctx, tx, changes...); err != nil {
			return err
		}
		changed = true
		o, err = db.orderByID(ctx, tx, o.ID)
		return err
	})
	return o, changed, classify(err)
}

// writeOrderUsage writes the usage lines of the order's ended calls from
// assistant that have none yet (the calls a link has just given it).
func (db *DB) writeOrderUsage(ctx context.Context, tx *sql.Tx, orderID, assistant string, now time.Time) error {
	rows, err := db.query(ctx, tx, ownCallSelect+` WHERE c.order_id = ? AND c.assistant_id = ? AND c.outcome <> ?
		AND NOT EXISTS (SELECT 1 FROM usage_lines u WHERE u.vapi_call_id = c.vapi_call_id)`, orderID, assistant, OutcomePending)
	if err != nil {
		return err
	}
	calls, err := scanCalls(rows)
	if err != nil {
		return err
	}
	for _, c := range calls {
		if err := db.writeUsage(ctx, tx, c, now); err != nil {
			return err
		}
	}
	return nil
}

// newCall is the call a first report makes, with its transcript as JSON:
// RecordCall and ImportCalls store the same thing.
func newCall(r CallReport, now time.Time, merge MergeCall) (Call, []byte, error) {
	c := Call{VapiCallID: r.VapiCallID, Type: CallWeb, Transcript: []TranscriptLine{}, Data: map[string]any{}, StartedAt: now,
		RecordingConsent: ConsentUnknown}
	switch {
	case r.StartedAt != nil:
		c.StartedAt = *r.StartedAt
	case r.CreatedAt != nil:
		c.StartedAt = *r.CreatedAt
	}
	merge(&c, r)
	if c.Status == "" {
		c.Status = "queued"
	}
	if c.RecordingConsent == "" {
		c.RecordingConsent = ConsentUnknown
	}
	transcript, err := json.Marshal(c.Transcript)
	return c, transcript, err
}

// ImportCalls inserts new calls in one transaction, for benchmarks: each
// as RecordCall would store it first, assigned to the order that claims
// its assistant, with its usage line. Calls already stored are left alone.
func (db *DB) ImportCalls(ctx context.Context, reports []CallReport, now time.Time, merge MergeCall) error {
	type claim struct {
		orderID, currency string
		rate              int64
	}
	claims := map[string]claim{} // by assistant; orderID "" when none claims it
	return db.WithTx(ctx, func(tx *sql.Tx) error {
		stmt, err := tx.PrepareContext(ctx, db.Rebind(`INSERT INTO calls (vapi_call_id, assistant_id, order_id, type, customer_number, started_at, ended_at,
			duration_seconds, ended_reason, cost, summary, success_evaluation, transcript, recording_url, status, outcome,
			report_received, deleted, created_at, updated_at, data, recording_consent)
			VALUES (?, ?, (SELECT o.id FROM orders o WHERE o.assistant_id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)
			ON CONFLICT (vapi_call_id) DO NOTHING`))
		if err != nil {
			return classify(err)
		}
		defer stmt.Close()
		for _, r := range reports {
			c, transcript, err := newCall(r, now, merge)
			if err != nil {
				return err
			}
			data, err := marshalData(c.Data)
			if err != nil {
				return err
			}
			res, err := stmt.ExecContext(ctx, c.VapiCallID, c.AssistantID, c.AssistantID, c.Type, c.CustomerNumber, db.ts(c.StartedAt), db.tsPtr(c.EndedAt),
				c.DurationSeconds, c.EndedReason, c.Cost, c.Summary, c.SuccessEval, string(transcript), c.RecordingURL, c.Status, c.Outcome,
				b2i(c.ReportReceived), db.ts(now), db.ts(now), data, c.RecordingConsent)
			if err != nil {
				return classify(err)
			}
			n, err := res.RowsAffected()
			if err != nil {
				return classify(err)
			}
			if n == 0 || c.Outcome == OutcomePending {
				continue
			}
			cl, ok := claims[c.AssistantID]
			if !ok {
				err := db.queryRow(ctx, tx, `SELECT id, per_minute_cents, currency FROM orders WHERE assistant_id = ?`, c.AssistantID).
					Scan(&cl.orderID, &cl.rate, &cl.currency)
				if err != nil && !errors.Is(err, sql.ErrNoRows) {
					return classify(err)
				}
				claims[c.AssistantID] = cl
			}
			if cl.orderID != "" {
				c.OrderID = cl.orderID
				if err := db.insertUsage(ctx, tx, c, cl.rate, cl.currency, now); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// AssistantLinked reports whether an order has the Vapi assistant.
func (db *DB) AssistantLinked(ctx context.Context, assistantID string) (bool, error) {
	var n int
	err := db.queryRow(ctx, db.db, `SELECT count(*) FROM orders WHERE assistant_id = ?`, assistantID).Scan(&n)
	return n > 0, classify(err)
}

// AssistantHasCalls reports whether any call of the Vapi assistant is stored.
func (db *DB) AssistantHasCalls(ctx context.Context, assistantID string) (bool, error) {
	var n int
	err := db.queryRow(ctx, db.db, `SELECT count(*) FROM calls WHERE assistant_id = ?`, assistantID).Scan(&n)
	return n > 0, classify(err)
}
