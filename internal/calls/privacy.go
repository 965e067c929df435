package calls

import (
	"archive/zip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/calldata"
	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/vapiapi"
)

// The privacy duties of the call log (issue 23 §3): recording consent
// (see Merge: a call without consent keeps no recording link), retention
// per company, and callers' requests (AVG art. 15 export, art. 17 erasure).
//
// Retention: a company chooses 30, 90 or 365 days, or "no recordings";
// without a choice the site's default (CALL_RETENTION_DAYS, 90 unless
// set) applies, as it does to calls of no order or of an order without a
// company. "No recordings" means a recording link is never stored (it is
// dropped when the report arrives, and links stored before the choice go
// at the next hourly purge); the rest of the content (transcript,
// summary, call data, the caller's number) follows NoRecordingsDays. The
// purge erases words, never usage: usage lines and invoices stay.

// NoRecordingsDays is how long the content of a company that chose "no
// recordings" is kept.
const NoRecordingsDays = 90

// Retention choices, as the API names them.
const (
	Retention30   = store.Retention30
	Retention90   = store.Retention90
	Retention365  = store.Retention365
	RetentionNone = store.RetentionNone
)

// RetentionChoices are the choices a company can make.
var RetentionChoices = []string{Retention30, Retention90, Retention365, RetentionNone}

// retentionDays is how many days content of choice is kept (def for the
// default).
func retentionDays(choice string, def int) int {
	switch choice {
	case store.Retention30:
		return 30
	case store.Retention90:
		return 90
	case store.Retention365:
		return 365
	case store.RetentionNone:
		return NoRecordingsDays
	}
	return def
}

func consent(c string) string {
	if c == store.ConsentGiven || c == store.ConsentNotGiven {
		return c
	}
	return store.ConsentUnknown
}

// Purge removes the content (transcript, summary, call data, the caller's
// number and the recording link) of the calls older than their company's
// retention period, and the recording links of the companies that chose
// "no recordings". Calls and usage lines stay. Vapi's copy of each call
// whose content goes is deleted through the job queue (JobVapiDelete, in
// the purge's transaction), as a buyer's delete does.
func (s *Service) Purge(ctx context.Context) (int64, error) {
	now := s.now().UTC()
	var rules []store.PurgeRule
	for _, c := range append([]string{store.RetentionDefault}, RetentionChoices...) {
		rules = append(rules, store.PurgeRule{Choice: c, Cutoff: now.AddDate(0, 0, -retentionDays(c, s.retention)),
			DropRecordings: c == store.RetentionNone})
	}
	var jobsFor func(string) []store.NewJob
	if s.vapi != nil {
		jobsFor = vapiDeleteJob
	}
	n, err := s.db.PurgeByRetention(ctx, rules, now, jobsFor)
	if err != nil {
		return 0, apierr.Wrap("purge call content", err)
	}
	if n > 0 && s.vapi != nil && s.notify != nil {
		s.notify()
	}
	if n > 0 {
		s.log.Info("call retention: content removed", "calls", n, "default_days", s.retention)
	}
	return n, nil
}

// JobVapiDelete deletes Vapi's copy of a call a buyer deleted or erased
// with its caller, or whose content the retention purge removed: DELETE
// /call/{id}, retried with the queue's backoff unless Vapi's answer cannot
// change (a 4xx other than 408 and 429: a wrong key, say); a call Vapi no
// longer has (404) counts as deleted.
const JobVapiDelete = "calls.vapi_delete"

type vapiDeletePayload struct {
	VapiCallID string `json:"vapiCallId"`
}

func vapiDeleteJob(vapiCallID string) []store.NewJob {
	p, _ := json.Marshal(vapiDeletePayload{VapiCallID: vapiCallID})
	return []store.NewJob{{Kind: JobVapiDelete, Payload: p, UniqueKey: JobVapiDelete + ":" + vapiCallID}}
}

func (s *Service) registerVapiDelete(w *jobs.Worker) {
	if s.vapi == nil {
		return
	}
	w.Register(JobVapiDelete, func(ctx context.Context, j store.Job) error {
		var p vapiDeletePayload
		if err := json.Unmarshal(j.Payload, &p); err != nil || p.VapiCallID == "" {
			return fmt.Errorf("vapi delete: bad payload: %w", jobs.ErrPermanent)
		}
		if err := s.vapi.DeleteCall(ctx, p.VapiCallID); err != nil {
			if vapiapi.IsPermanent(err) {
				return jobs.Permanent(err)
			}
			return err
		}
		s.log.Info("call deleted at Vapi", "vapi_call", p.VapiCallID)
		return nil
	})
}

// contactKey is the number of a contact as the contact route reads it,
// or the 404 of a contact the order does not have.
func contactKey(key string) (string, error) {
	key = NormalizeNumber(key)
	if key == "" || key == "anonymous" {
		return "", errNoContact
	}
	return key, nil
}

// ExportCall is one call in a caller's export (calls.json).
type ExportCall struct {
	ID                string                 `json:"id"`
	StartedAt         time.Time              `json:"startedAt"`
	EndedAt           *time.Time             `json:"endedAt"`
	Direction         string                 `json:"direction"`
	Number            string                 `json:"number"`
	DurationSeconds   int                    `json:"durationSeconds"`
	Outcome           string                 `json:"outcome"`
	EndedReason       string                 `json:"endedReason"`
	Summary           string                 `json:"summary"`
	SuccessEvaluation string                 `json:"successEvaluation"`
	RecordingConsent  string                 `json:"recordingConsent"`
	RecordingURL      string                 `json:"recordingUrl"`
	Data              map[string]any         `json:"data"`
	Transcript        []store.TranscriptLine `json:"transcript"`
	TranscriptFile    string                 `json:"transcriptFile"`
}

// Export is calls.json of a caller's export.
type Export struct {
	Number     string           `json:"number"`
	Order      string           `json:"order"`
	ExportedAt time.Time        `json:"exportedAt"`
	Fields     []calldata.Field `json:"fields"`
	Calls      []ExportCall     `json:"calls"`
}

// exportWords are the transcript files' words, per language.
var exportWords = map[string]struct{ agent, caller, call, started string }{
	"en": {"Agent", "Caller", "Call", "started"},
	"nl": {"Agent", "Beller", "Gesprek", "begonnen"},
}

// transcriptName is the file of call c's transcript in an export.
func transcriptName(c store.Call) string {
	return "transcript-" + c.StartedAt.UTC().Format("2006-01-02") + "-" + strconv.FormatInt(c.ID, 10) + ".txt"
}

// ExportContact writes everything the buyer's order holds about the
// caller with number key (AVG art. 15) to w as a ZIP: calls.json (the
// calls with their call data) and one transcript-<date>-<id>.txt per
// call, in lang. The export is in the caller requests' audit. It answers
// the file name.
func (s *Service) ExportContact(ctx context.Context, buyerID, orderID, key, lang string, w io.Writer) (string, error) {
	o, err := s.order(ctx, buyerID, orderID)
	if err != nil {
		return "", err
	}
	number, err := contactKey(key)
	if err != nil {
		return "", err
	}
	rows, err := s.db.AllContactCalls(ctx, o.ID, number)
	if err != nil {
		return "", apierr.Wrap("contact calls", err)
	}
	if len(rows) == 0 {
		return "", errNoContact
	}
	fields, err := s.fields(ctx, o.ID)
	if err != nil {
		return "", err
	}
	words, ok := exportWords[lang]
	if !ok {
		words = exportWords["en"]
	}
	now := s.now().UTC()
	out := Export{Number: number, Order: o.ID, ExportedAt: now, Fields: calldata.FromStore(fields), Calls: []ExportCall{}}
	zw := zip.NewWriter(w)
	for _, c := range rows {
		name := transcriptName(c)
		out.Calls = append(out.Calls, ExportCall{ID: strconv.FormatInt(c.ID, 10), StartedAt: c.StartedAt.UTC(), EndedAt: c.EndedAt,
			Direction: c.Type, Number: c.CustomerNumber, DurationSeconds: c.DurationSeconds, Outcome: c.Outcome, EndedReason: c.EndedReason,
			Summary: c.Summary, SuccessEvaluation: c.SuccessEval, RecordingConsent: consent(c.RecordingConsent), RecordingURL: c.RecordingURL,
			Data: c.Data, Transcript: c.Transcript, TranscriptFile: name})
		f, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: now})
		if err != nil {
			return "", err
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%s %d, %s %s UTC\n\n", words.call, c.ID, words.started, c.StartedAt.UTC().Format("2006-01-02 15:04:05"))
		for _, l := range c.Transcript {
			who := words.agent
			if l.Role == "caller" {
				who = words.caller
			}
			sec := int(l.SecondsFromStart)
			fmt.Fprintf(&b, "[%02d:%02d] %s: %s\n", sec/60, sec%60, who, l.Text)
		}
		if _, err := io.WriteString(f, b.String()); err != nil {
			return "", err
		}
	}
	f, err := zw.CreateHeader(&zip.FileHeader{Name: "calls.json", Method: zip.Deflate, Modified: now})
	if err != nil {
		return "", err
	}
	enc := json.NewEncoder(f)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return "", err
	}
	if err := zw.Close(); err != nil {
		return "", err
	}
	masked := MaskNumber(number)
	if err := s.db.RecordCallerRequest(ctx, store.CallerRequest{OrderID: o.ID, ActorID: buyerID, Kind: store.CallerExport,
		NumberMasked: masked, Calls: len(rows), At: now}); err != nil {
		return "", apierr.Wrap("record caller request", err)
	}
	s.log.Info("caller exported", "order", o.ID, "number", masked, "calls", len(rows), "buyer", buyerID)
	return "caller-" + strings.TrimPrefix(number, "+") + ".zip", nil
}

// Erased is what erasing a caller did.
type Erased struct {
	Calls int `json:"calls" doc:"How many calls' content was erased."`
	// VapiDeletion: Vapi's copies are being deleted (VAPI_PRIVATE_KEY is set).
	VapiDeletion bool `json:"vapiDeletion"`
}

// EraseContact erases every call of the buyer's order with the caller's
// number (AVG art. 17) as Delete erases one: the content goes, usage
// stays. With a Vapi key, Vapi's copy of each call is deleted through the
// job queue. An audit line records who, when, the number masked and how
// many calls.
func (s *Service) EraseContact(ctx context.Context, buyerID, orderID, key string) (Erased, error) {
	o, err := s.order(ctx, buyerID, orderID)
	if err != nil {
		return Erased{}, err
	}
	number, err := contactKey(key)
	if err != nil {
		return Erased{}, err
	}
	var jobsFor func(string) []store.NewJob
	if s.vapi != nil {
		jobsFor = vapiDeleteJob
	}
	masked := MaskNumber(number)
	erased, err := s.db.EraseContact(ctx, number, store.CallerRequest{OrderID: o.ID, ActorID: buyerID, Kind: store.CallerErase,
		NumberMasked: masked, At: s.now().UTC()}, jobsFor)
	if errors.Is(err, store.ErrNotFound) {
		return Erased{}, errNoContact
	}
	if err != nil {
		return Erased{}, apierr.Wrap("erase contact", err)
	}
	if s.vapi != nil && s.notify != nil {
		s.notify()
	}
	s.log.Info("caller erased", "order", o.ID, "number", masked, "calls", len(erased), "buyer", buyerID)
	return Erased{Calls: len(erased), VapiDeletion: s.vapi != nil}, nil
}
