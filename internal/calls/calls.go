// Package calls holds the calls buyers' agents make and take, as Vapi
// reports them: the rules of a call (how a report merges into what is
// known, the status only moving forward, the outcome a buyer sees; see
// rules.go), storing a report, the agent page (this month's figures, the
// cost of its minutes, calls per day, the list, one call, the CSV), the
// console's list, retention and the backfill.
package calls

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/google/uuid"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/calldata"
	"github.com/belwise/site/internal/console"
	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
	"github.com/belwise/site/internal/vapiapi"
	"github.com/belwise/site/internal/voice"
)

// DefaultRetentionDays is how long transcripts, summaries and recording
// links are kept when CALL_RETENTION_DAYS is not set.
const DefaultRetentionDays = 90

// DefaultTimeZone is the agent page's time zone when the browser names none.
const DefaultTimeZone = "Europe/Amsterdam"

var (
	errNoCall = &apierr.Error{Kind: apierr.NotFound, Code: apierr.CodeNotFound, Message: "Call not found."}
	errTZ     = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidField, Field: "tz",
		Message: "tz must be an IANA time zone such as Europe/Amsterdam."}
)

// Options configures a Service.
type Options struct {
	DB            *store.DB
	RetentionDays int // 0: DefaultRetentionDays
	Logger        *slog.Logger
	Now           func() time.Time
	// Stored, when set, hears of every call a report stored (after its
	// transaction), e.g. to check whether the agent's calls are failing.
	Stored func(ctx context.Context, c store.Call)
	// Notify wakes the job worker after a report enqueued jobs (optional).
	Notify func()
	// Vapi deletes Vapi's copy of a call when a buyer deletes it or
	// erases its caller; nil without VAPI_PRIVATE_KEY (then only
	// Belwise's copy is erased).
	Vapi *vapiapi.Client
}

type Service struct {
	db        *store.DB
	retention int
	log       *slog.Logger
	now       func() time.Time
	stored    func(ctx context.Context, c store.Call)
	notify    func()
	vapi      *vapiapi.Client
	// onReport make the jobs an end-of-call report starts (see OnReport).
	onReport []func(vapiCallID string) (store.NewJob, error)
}

// OnReport adds a job an end-of-call report starts: fn makes it for the
// call's Vapi id, and it is enqueued in the transaction that stores the
// report, once per call (see store.CallReport.OnReport). Call it while
// wiring, before the server starts.
func (s *Service) OnReport(fn func(vapiCallID string) (store.NewJob, error)) {
	s.onReport = append(s.onReport, fn)
}

func New(o Options) *Service {
	s := &Service{db: o.DB, retention: o.RetentionDays, log: o.Logger, now: o.Now, stored: o.Stored, notify: o.Notify, vapi: o.Vapi}
	if s.retention <= 0 {
		s.retention = DefaultRetentionDays
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

// Record stores what Vapi reported about a call (see store.RecordCall),
// the caller's number in E.164 where it can be read. Its call data is read
// against the fields of the call's order (calldata.Accept): a value that
// does not fit its field is logged and left out, the rest is stored.
func (s *Service) Record(ctx context.Context, r store.CallReport) (store.Call, error) {
	r.CustomerNumber = NormalizeNumber(r.CustomerNumber)
	if r.RecordingURL != "" {
		// A company that chose "no recordings" never has a link stored.
		choice, err := s.db.RetentionForAssistant(ctx, r.AssistantID)
		if err != nil {
			return store.Call{}, apierr.Wrap("retention choice", err)
		}
		if choice == store.RetentionNone {
			r.RecordingURL = ""
		}
	}
	if r.Data != nil {
		fields, err := s.db.CallFieldsForReport(ctx, r.VapiCallID, r.AssistantID)
		if err != nil {
			return store.Call{}, apierr.Wrap("call fields", err)
		}
		var refused []string
		r.Data, refused = calldata.Accept(fields, r.Data)
		if len(refused) > 0 {
			s.log.Warn("call data refused: values that do not fit their fields", "call", r.VapiCallID, "fields", strings.Join(refused, ","))
		}
	}
	if r.Report {
		for _, fn := range s.onReport {
			j, err := fn(r.VapiCallID)
			if err != nil {
				return store.Call{}, apierr.Wrap("report job", err)
			}
			r.OnReport = append(r.OnReport, j)
		}
	}
	c, err := s.db.RecordCall(ctx, r, s.now(), Merge)
	if err != nil {
		return store.Call{}, apierr.Wrap("record call", err)
	}
	if len(r.OnReport) > 0 && s.notify != nil {
		s.notify()
	}
	if s.stored != nil {
		s.stored(ctx, c)
	}
	return c, nil
}

// Summary is a call in a list.
type Summary struct {
	ID        string    `json:"id"`
	StartedAt time.Time `json:"startedAt"`
	Direction string    `json:"direction"` // inbound | outbound | web
	// Number is the caller's number in E.164, for a tel: link: "" when
	// there is none, when it cannot be dialled, and in the console's list.
	Number string `json:"number"`
	// NumberDisplay is the number to show: formatted in the page's
	// language (see FormatNumber), masked in the console's list; "" when
	// there is none.
	NumberDisplay   string `json:"numberDisplay"`
	DurationSeconds int    `json:"durationSeconds"`
	Outcome         string `json:"outcome"` // answered | missed | failed (console: also pending)
	Summary         string `json:"summary"`
	// Data is the call data by field name: the value of each of the
	// order's fields that the call has (yes/no a boolean, a number a
	// number, a date/time, choice or text a string); {} in the console's list.
	Data map[string]any `json:"data"`
	// FollowUp: the call needs follow-up (NeedsFollowUp): missed, failed,
	// or a value of a field staff marked "needs follow-up" flags it.
	FollowUp bool `json:"followUp"`
}

// Detail is one call.
type Detail struct {
	Summary
	EndedAt           *time.Time             `json:"endedAt"`
	EndedReason       string                 `json:"endedReason"`
	SuccessEvaluation string                 `json:"successEvaluation"`
	Transcript        []store.TranscriptLine `json:"transcript"`
	RecordingURL      *string                `json:"recordingUrl"`
	// RecordingConsent is whether the caller consented to the recording
	// (Vapi's compliance.recordingConsent): unknown when the agent asks none.
	RecordingConsent string `json:"recordingConsent" enum:"given,not_given,unknown"`
	// Fields are the order's call data fields, in order, which Data's
	// values belong to ([] for an unassigned call).
	Fields []calldata.Field `json:"fields"`
}

// summary is a call with its full number formatted for lang, for its
// buyer (and for staff on a call's own page).
func summary(c store.Call, lang string, fields []store.CallField) Summary {
	n := FormatNumber(c.CustomerNumber, lang)
	return Summary{ID: strconv.FormatInt(c.ID, 10), StartedAt: c.StartedAt.UTC(), Direction: c.Type, Number: n.E164, NumberDisplay: n.Display,
		DurationSeconds: c.DurationSeconds, Outcome: c.Outcome, Summary: c.Summary, Data: calldata.Values(fields, c.Data),
		FollowUp: NeedsFollowUp(c.Outcome, fields, c.Data)}
}

// maskedSummary is a call in the console's list: the number masked, no
// data shown (fields, its order's, only decide FollowUp).
func maskedSummary(c store.Call, fields []store.CallField) Summary {
	s := summary(c, "", nil)
	s.Number, s.NumberDisplay = "", MaskNumber(c.CustomerNumber)
	s.FollowUp = NeedsFollowUp(c.Outcome, fields, c.Data)
	return s
}

func detail(c store.Call, lang string, fields []store.CallField) Detail {
	d := Detail{Summary: summary(c, lang, fields), EndedAt: c.EndedAt, EndedReason: c.EndedReason, SuccessEvaluation: c.SuccessEval,
		Transcript: c.Transcript, Fields: calldata.FromStore(fields), RecordingConsent: consent(c.RecordingConsent)}
	if c.RecordingURL != "" {
		u := c.RecordingURL
		d.RecordingURL = &u
	}
	return d
}

// MaskNumber hides all but the end of a phone number: +31612345678 reads
// "+31 6 •••• 5678"; other international numbers keep their first two
// digits, national ones only the last four.
func MaskNumber(n string) string {
	plus := strings.HasPrefix(strings.TrimSpace(n), "+")
	var d strings.Builder
	for _, r := range n {
		if r >= '0' && r <= '9' {
			d.WriteRune(r)
		}
	}
	digits := d.String()
	switch {
	case digits == "":
		return ""
	case len(digits) <= 6:
		return "••••"
	}
	last := digits[len(digits)-4:]
	switch {
	case plus && strings.HasPrefix(digits, "31"):
		return "+31 " + digits[2:3] + " •••• " + last
	case plus:
		return "+" + digits[:2] + " •••• " + last
	}
	return "•••• " + last
}

// AgentInfo names the agent of an order.
type AgentInfo struct {
	OrderID        string `json:"orderId"`
	OrderNumber    string `json:"orderNumber"`
	Name           string `json:"name"`
	Title          string `json:"title"`
	Currency       string `json:"currency"`
	PerMinuteCents int64  `json:"perMinuteCents"`
	Linked         bool   `json:"linked"` // an assistant is linked, so calls arrive
}

// Figures are the period's figures, from the order's usage lines: a call
// the buyer deleted still counts, as its minutes were used.
type Figures struct {
	Calls          int   `json:"calls"`
	Answered       int   `json:"answered"`
	Missed         int   `json:"missed"`
	Failed         int   `json:"failed"`
	Seconds        int64 `json:"seconds"`
	AverageSeconds int   `json:"averageSeconds"` // of the answered calls
	// CostCents is the sum of the lines' costs, each call at the rate in
	// force when it was recorded.
	CostCents int64 `json:"costCents"`
	// Rates are the per-minute rates of the period's calls, lowest first
	// (more than one when the rate changed during the period; none without
	// calls).
	Rates []int64 `json:"rates"`
	// DeletedCalls is how many of Calls the buyer deleted.
	DeletedCalls int `json:"deletedCalls"`
}

// Day is one day's count of calls.
type Day struct {
	Date  string `json:"date"` // YYYY-MM-DD in the page's time zone
	Calls int    `json:"calls"`
}

// AgentPage is the agent page's head: who, and the period's figures and
// calls per day.
type AgentPage struct {
	Agent   AgentInfo `json:"agent"`
	Period  Period    `json:"period"`
	Figures Figures   `json:"figures"`
	Daily   []Day     `json:"daily"` // every day of the period, oldest first
	// Fields are the order's call data fields, in order: the list shows
	// the first three, and the yes/no and choice ones can filter it.
	Fields []calldata.Field `json:"fields"`
}

// Cost is what seconds of calls cost at perMinuteCents a minute, in whole
// cents, rounded half up: the cost of every usage line.
func Cost(seconds, perMinuteCents int64) int64 {
	return store.UsageCost(seconds, perMinuteCents)
}

// order loads the buyer's own order, or the 404 shared by "no such order"
// and "someone else's".
func (s *Service) order(ctx context.Context, buyerID, orderID string) (store.Order, error) {
	o, err := s.db.OrderForBuyer(ctx, buyerID, orderID)
	if errors.Is(err, store.ErrNotFound) {
		return store.Order{}, orders.ErrNotFound
	}
	if err != nil {
		return store.Order{}, apierr.Wrap("order for buyer", err)
	}
	return o, nil
}

// Location reads a ?tz= value ("" is DefaultTimeZone).
func Location(tz string) (*time.Location, error) {
	if tz == "" {
		tz = DefaultTimeZone
	}
	if strings.ContainsAny(tz, ". ") && tz != "UTC" || len(tz) > 64 {
		return nil, errTZ
	}
	loc, err := time.LoadLocation(tz)
	if err != nil || tz == "Local" {
		return nil, errTZ
	}
	return loc, nil
}

// Agent is the agent page's head for the buyer's order: the figures and
// calls per day of f's period (this month without one), in f's time zone.
// The figures read the period's usage lines, so f's other filters are
// checked but do not change them.
func (s *Service) Agent(ctx context.Context, buyerID, orderID, lang string, f Filter) (AgentPage, error) {
	q, b, loc, err := readFilter(f, s.now(), PeriodMonth)
	if err != nil {
		return AgentPage{}, err
	}
	o, err := s.order(ctx, buyerID, orderID)
	if err != nil {
		return AgentPage{}, err
	}
	name, title, _ := orders.AgentText(o.Agent, text.Lang(lang))
	page := AgentPage{Agent: AgentInfo{OrderID: o.ID, OrderNumber: orders.Number(o.ID), Name: name, Title: title,
		Currency: o.Currency, PerMinuteCents: o.PerMinuteCents, Linked: o.AssistantID != ""}, Period: b.period}
	fields, err := s.fields(ctx, o.ID)
	if err != nil {
		return AgentPage{}, err
	}
	page.Fields = calldata.FromStore(fields)

	points, err := s.db.OrderUsage(ctx, o.ID, q.From, q.To)
	if err != nil {
		return AgentPage{}, apierr.Wrap("call figures", err)
	}
	index := map[string]int{}
	for day := b.from; day.Before(b.to); day = time.Date(day.Year(), day.Month(), day.Day()+1, 0, 0, 0, 0, loc) {
		date := day.Format(time.DateOnly)
		index[date] = len(page.Daily)
		page.Daily = append(page.Daily, Day{Date: date})
	}
	var answeredSeconds int64
	fig := &page.Figures
	fig.Rates = []int64{}
	for _, p := range points {
		if i, ok := index[p.StartedAt.In(loc).Format(time.DateOnly)]; ok {
			page.Daily[i].Calls++
		}
		fig.Calls++
		fig.Seconds += int64(p.Seconds)
		fig.CostCents += p.CostCents
		if !slices.Contains(fig.Rates, p.PerMinuteCents) {
			fig.Rates = append(fig.Rates, p.PerMinuteCents)
		}
		if p.CallDeleted {
			fig.DeletedCalls++
		}
		switch p.Outcome {
		case store.OutcomeAnswered:
			fig.Answered++
			answeredSeconds += int64(p.Seconds)
		case store.OutcomeMissed:
			fig.Missed++
		case store.OutcomeFailed:
			fig.Failed++
		}
	}
	if fig.Answered > 0 {
		fig.AverageSeconds = int((answeredSeconds + int64(fig.Answered)/2) / int64(fig.Answered))
	}
	slices.Sort(fig.Rates)
	return page, nil
}

// fields loads an order's call data fields.
func (s *Service) fields(ctx context.Context, orderID string) ([]store.CallField, error) {
	fields, err := s.db.OrderCallFields(ctx, orderID)
	if err != nil {
		return nil, apierr.Wrap("call fields", err)
	}
	return fields, nil
}

// List is one page of the buyer's order's ended calls that f selects (this
// month without a period), newest first, the numbers formatted for lang;
// f's data.<name>=<value> parameters keep the calls whose data holds that
// value (calldata.ParseFilters).
func (s *Service) List(ctx context.Context, buyerID, orderID, lang string, f Filter, p store.Page) (console.Page[Summary], error) {
	q, _, _, err := readFilter(f, s.now(), PeriodMonth)
	if err != nil {
		return console.Page[Summary]{}, err
	}
	o, err := s.order(ctx, buyerID, orderID)
	if err != nil {
		return console.Page[Summary]{}, err
	}
	fields, err := s.fields(ctx, o.ID)
	if err != nil {
		return console.Page[Summary]{}, err
	}
	if q.Data, err = calldata.ParseFilters(fields, f.dataQuery()); err != nil {
		return console.Page[Summary]{}, err
	}
	q.OrderID, q.Ended, q.Page = o.ID, true, p
	rows, next, err := s.db.Calls(ctx, q)
	if err != nil {
		return console.Page[Summary]{}, apierr.Wrap("list calls", err)
	}
	return console.PageOf(rows, next, func(c store.Call) Summary { return summary(c, lang, fields) }), nil
}

func callID(s string) (int64, bool) {
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil && n > 0
}

// OwnCall is one call of the buyer's order, with its neighbours in the
// order's list: the ids of the calls just older and just newer by start
// time, null at either end.
type OwnCall struct {
	Detail
	OlderID *string `json:"olderId"`
	NewerID *string `json:"newerId"`
}

// Call is one call of the buyer's order, its number formatted for lang,
// with its neighbours.
func (s *Service) Call(ctx context.Context, buyerID, orderID, id, lang string) (OwnCall, error) {
	o, c, err := s.ownCall(ctx, buyerID, orderID, id)
	if err != nil {
		return OwnCall{}, err
	}
	older, newer, err := s.db.CallNeighbours(ctx, o.ID, c)
	if err != nil {
		return OwnCall{}, apierr.Wrap("call neighbours", err)
	}
	fields, err := s.fields(ctx, o.ID)
	if err != nil {
		return OwnCall{}, err
	}
	out := OwnCall{Detail: detail(c, lang, fields)}
	if older > 0 {
		out.OlderID = new(strconv.FormatInt(older, 10))
	}
	if newer > 0 {
		out.NewerID = new(strconv.FormatInt(newer, 10))
	}
	return out, nil
}

// ownCall loads one call of the buyer's order.
func (s *Service) ownCall(ctx context.Context, buyerID, orderID, id string) (store.Order, store.Call, error) {
	o, err := s.order(ctx, buyerID, orderID)
	if err != nil {
		return store.Order{}, store.Call{}, err
	}
	n, ok := callID(id)
	if !ok {
		return store.Order{}, store.Call{}, errNoCall
	}
	c, err := s.db.OrderCall(ctx, o.ID, n)
	if errors.Is(err, store.ErrNotFound) {
		return store.Order{}, store.Call{}, errNoCall
	}
	if err != nil {
		return store.Order{}, store.Call{}, apierr.Wrap("load call", err)
	}
	return o, c, nil
}

// Deleted is what deleting a call did.
type Deleted struct {
	// VapiDeletion: Vapi's copy (recording, transcript) is being deleted
	// too (VAPI_PRIVATE_KEY is set).
	VapiDeletion bool `json:"vapiDeletion"`
}

// Delete removes a call of the buyer's order for good. With a Vapi key,
// Vapi's copy is deleted through the job queue (JobVapiDelete, enqueued
// in the transaction that erases ours), as EraseContact does.
func (s *Service) Delete(ctx context.Context, buyerID, orderID, id string) (Deleted, error) {
	o, err := s.order(ctx, buyerID, orderID)
	if err != nil {
		return Deleted{}, err
	}
	n, ok := callID(id)
	if !ok {
		return Deleted{}, errNoCall
	}
	var jobsFor func(string) []store.NewJob
	if s.vapi != nil {
		jobsFor = vapiDeleteJob
	}
	err = s.db.DeleteCallJobs(ctx, o.ID, n, s.now().UTC(), jobsFor)
	if errors.Is(err, store.ErrNotFound) {
		return Deleted{}, errNoCall
	}
	if err != nil {
		return Deleted{}, apierr.Wrap("delete call", err)
	}
	if s.vapi != nil && s.notify != nil {
		s.notify()
	}
	s.log.Info("call deleted by its buyer", "order", o.ID, "call", n, "buyer", buyerID, "vapi_deletion", s.vapi != nil)
	return Deleted{VapiDeletion: s.vapi != nil}, nil
}

// CSVCell makes a cell safe to open in a spreadsheet. A cell that starts
// with =, +, -, @ (or their fullwidth forms ＝ ＋ － ＠), a tab or a carriage
// return would be read as a formula, and so would one where those follow
// leading whitespace or invisible characters (controls, zero-width
// marks), which spreadsheets skip: such a cell gets a leading apostrophe.
// A number such as "-5" is guarded too; a rule with exceptions is a hole.
func CSVCell(s string) string {
	if s == "" {
		return s
	}
	if s[0] == '\t' || s[0] == '\r' {
		return "'" + s
	}
	for _, r := range s {
		if strings.ContainsRune("=+-@＝＋－＠", r) {
			return "'" + s
		}
		if !unicode.IsSpace(r) && !unicode.IsControl(r) && !unicode.Is(unicode.Cf, r) {
			return s
		}
	}
	return s
}

// csvWords are the CSV's headers and values in one language.
type csvWords struct {
	comma                    rune
	decimal                  string // the decimal separator of amounts
	header                   []string
	inbound, outbound, web   string
	answered, missed, failed string
	yes, no                  string
	total                    string
	// The totals row's count of calls: one, several (%d), and how many of them were deleted (%d).
	oneCall, calls, deleted string
}

var csvLanguages = map[string]csvWords{
	"en": {comma: ',', decimal: ".",
		header: []string{"Order", "Agent", "Started", "Direction", "Number", "Duration (seconds)", "Outcome", "How it ended",
			"Goal reached", "Summary", "Cost excl. VAT"},
		inbound: "Incoming", outbound: "Outgoing", web: "Web call",
		answered: "Answered", missed: "Missed", failed: "Failed", yes: "Yes", no: "No", total: "Total",
		oneCall: "1 call", calls: "%d calls", deleted: ", %d of them deleted"},
	"nl": {comma: ';', decimal: ",",
		header: []string{"Bestelling", "Agent", "Begonnen", "Richting", "Nummer", "Duur (seconden)", "Resultaat", "Hoe het eindigde",
			"Doel bereikt", "Samenvatting", "Kosten excl. btw"},
		inbound: "Inkomend", outbound: "Uitgaand", web: "Webgesprek",
		answered: "Beantwoord", missed: "Gemist", failed: "Mislukt", yes: "Ja", no: "Nee", total: "Totaal",
		oneCall: "1 gesprek", calls: "%d gesprekken", deleted: ", waarvan %d verwijderd"},
}

// callCount is the totals row's count: "12 calls, 2 of them deleted".
func (w csvWords) callCount(n, deleted int) string {
	s := w.oneCall
	if n != 1 {
		s = fmt.Sprintf(w.calls, n)
	}
	if deleted > 0 {
		s += fmt.Sprintf(w.deleted, deleted)
	}
	return s
}

// amount writes cents as a plain decimal with the language's separator
// ("3.40", "3,40"), which a spreadsheet of that language reads as a number.
func (w csvWords) amount(cents int64) string {
	return fmt.Sprintf("%d%s%02d", cents/100, w.decimal, cents%100)
}

func (w csvWords) word(v string) string {
	switch v {
	case store.CallInbound:
		return w.inbound
	case store.CallOutbound:
		return w.outbound
	case store.CallWeb:
		return w.web
	case store.OutcomeAnswered:
		return w.answered
	case store.OutcomeMissed:
		return w.missed
	case store.OutcomeFailed:
		return w.failed
	}
	return v
}

// success reads Vapi's success evaluation: "true" and "false" as words,
// any other evaluation (a score, a sentence) as it came.
func (w csvWords) success(v string) string {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true":
		return w.yes
	case "false":
		return w.no
	}
	return v
}

// CSVTimeLayout is how the CSV writes a time: RFC 3339 in the buyer's time
// zone, always with a numeric offset (2026-11-22T10:30:00+01:00, and
// +00:00 rather than Z for UTC), so every row reads the same way.
const CSVTimeLayout = "2006-01-02T15:04:05-07:00"

// CSVOptions is how the buyer wants the CSV: lang "nl" writes Dutch
// headers and words with ; between the cells (as a Dutch spreadsheet
// opens it), anything else English with a comma; the calls Filter selects
// (this month without a period, data.<name>=<value> as List), times in its
// time zone (an IANA name, "" is DefaultTimeZone).
type CSVOptions struct {
	Lang string
	Filter
}

// WriteCSV writes the calls of the buyer's order that opt's filter
// selects, newest first, as CSV for a spreadsheet: UTF-8 with a byte-order
// mark (so Excel reads it as UTF-8), a header row, then per call its order
// number, the agent's name, the start in the buyer's time zone, direction,
// the caller's full number (formatted as on the page), duration, outcome,
// Vapi's ended reason, the success evaluation, the summary and its cost
// excluding VAT from its usage line, every cell through CSVCell. A last row
// gives the totals of the order's usage lines of the period (UsageTotals):
// the calls billed, deleted ones included, their seconds and their cost,
// so the file adds up to what the agency bills for the period even after
// the buyer deleted calls. The other filters narrow the rows, never the
// totals, which are what was billed.
func (s *Service) WriteCSV(ctx context.Context, buyerID, orderID string, opt CSVOptions, w io.Writer) error {
	q, _, loc, err := readFilter(opt.Filter, s.now(), PeriodMonth)
	if err != nil {
		return err
	}
	o, err := s.order(ctx, buyerID, orderID)
	if err != nil {
		return err
	}
	lang := text.Lang(opt.Lang)
	words := csvLanguages[lang]
	agentName, _, _ := orders.AgentText(o.Agent, lang)
	number := orders.Number(o.ID)
	fields, err := s.fields(ctx, o.ID)
	if err != nil {
		return err
	}
	if q.Data, err = calldata.ParseFilters(fields, opt.Filter.dataQuery()); err != nil {
		return err
	}
	costs, err := s.db.OrderUsageCosts(ctx, o.ID)
	if err != nil {
		return apierr.Wrap("calls csv", err)
	}
	totals, err := s.UsageTotals(ctx, o, q.From, q.To)
	if err != nil {
		return err
	}

	if _, err := io.WriteString(w, "\uFEFF"); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	cw.Comma = words.comma
	header := slices.Clone(words.header)
	for _, f := range fields {
		header = append(header, CSVCell(calldata.Label(f, lang)))
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	q.OrderID, q.Ended, q.Page = o.ID, true, store.Page{Limit: store.MaxPageLimit}
	for {
		rows, next, err := s.db.Calls(ctx, q)
		if err != nil {
			return apierr.Wrap("calls csv", err)
		}
		for _, c := range rows {
			rec := []string{number, agentName, c.StartedAt.In(loc).Format(CSVTimeLayout), words.word(c.Type),
				FormatNumber(c.CustomerNumber, lang).Display, strconv.Itoa(c.DurationSeconds), words.word(c.Outcome),
				c.EndedReason, words.success(c.SuccessEval), c.Summary, ""}
			if cents, ok := costs[c.VapiCallID]; ok {
				rec[len(rec)-1] = words.amount(cents)
			}
			values := calldata.Values(fields, c.Data)
			for _, f := range fields {
				cell := ""
				if v, ok := values[f.Name]; ok {
					cell = calldata.Text(f, v, lang)
				}
				rec = append(rec, cell)
			}
			if err := writeCSVRow(cw, rec); err != nil {
				return err
			}
		}
		cw.Flush()
		if err := cw.Error(); err != nil {
			return err
		}
		if next == "" {
			break
		}
		q.Cursor = next
	}
	if err := writeCSVRow(cw, append([]string{words.total, agentName, "", "", "", strconv.FormatInt(totals.Seconds, 10), "", "", "",
		words.callCount(totals.Calls, totals.DeletedCalls), words.amount(totals.CostCents)}, make([]string, len(fields))...)); err != nil {
		return err
	}
	cw.Flush()
	return cw.Error()
}

// writeCSVRow writes one row, every cell through CSVCell.
func writeCSVRow(cw *csv.Writer, rec []string) error {
	for i := range rec {
		rec[i] = CSVCell(rec[i])
	}
	return cw.Write(rec)
}

// Totals is what an order's usage lines add up to: every ended call the
// order was billed for, the deleted ones too.
type Totals struct {
	Calls        int    `json:"calls"`
	Seconds      int64  `json:"seconds"`
	CostCents    int64  `json:"costCents"`
	Currency     string `json:"currency"`
	DeletedCalls int    `json:"deletedCalls"` // of Calls, those the buyer deleted
}

// UsageTotals adds up the usage lines of order o's calls that started in
// [from, to); zero times for all of them. It is the one source of an
// order's totals outside the agent page (the CSV's).
func (s *Service) UsageTotals(ctx context.Context, o store.Order, from, to time.Time) (Totals, error) {
	if to.IsZero() {
		to = time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	t, err := s.db.OrderUsageTotals(ctx, o.ID, from, to)
	if err != nil {
		return Totals{}, apierr.Wrap("usage totals", err)
	}
	return Totals{Calls: t.Calls, Seconds: t.Seconds, CostCents: t.CostCents, Currency: o.Currency, DeletedCalls: t.DeletedCalls}, nil
}

// ConsoleCall is a call as staff see it.
type ConsoleCall struct {
	Summary
	Status      string        `json:"status"`
	AssistantID string        `json:"assistantId"`
	Order       *ConsoleOrder `json:"order"`
}

// ConsoleOrder names the order a call belongs to: its number, its buyer
// and its agent, the agent in English and in Dutch (the English where the
// catalogue has no Dutch), so the console shows it in its page's language.
type ConsoleOrder struct {
	ID          string `json:"id"`
	Number      string `json:"number"`
	BuyerEmail  string `json:"buyerEmail"`
	BuyerName   string `json:"buyerName"` // "" when the buyer gave none
	AgentName   string `json:"agentName"`
	AgentNameNl string `json:"agentNameNl"`
}

// consoleOrder is the order of call c, nil when it has none.
func consoleOrder(c store.Call) *ConsoleOrder {
	if c.OrderID == "" {
		return nil
	}
	nl := c.AgentNameNl
	if nl == "" {
		nl = c.AgentNameEn
	}
	return &ConsoleOrder{ID: c.OrderID, Number: orders.Number(c.OrderID), BuyerEmail: c.BuyerEmail, BuyerName: c.BuyerName,
		AgentName: c.AgentNameEn, AgentNameNl: nl}
}

// ConsoleList is one page of every call that f selects (every period
// without one), of one order (orderID; "" any), and of the assigned or
// unassigned ones (assigned; nil both), newest first.
func (s *Service) ConsoleList(ctx context.Context, f Filter, orderID string, assigned *bool, p store.Page) (console.Page[ConsoleCall], error) {
	q, _, _, err := readFilter(f, s.now(), PeriodAll)
	if err != nil {
		return console.Page[ConsoleCall]{}, err
	}
	if orderID != "" {
		id, err := uuid.Parse(orderID)
		if err != nil {
			return console.Page[ConsoleCall]{}, invalid("order", "order must be an order's id.")
		}
		q.OrderID = id.String()
	}
	q.Assigned, q.Page = assigned, p
	rows, next, err := s.db.Calls(ctx, q)
	if err != nil {
		return console.Page[ConsoleCall]{}, apierr.Wrap("list calls", err)
	}
	// The fields of the page's orders, for its calls' FollowUp.
	fields := map[string][]store.CallField{}
	for _, c := range rows {
		if _, ok := fields[c.OrderID]; ok || c.OrderID == "" {
			continue
		}
		if fields[c.OrderID], err = s.fields(ctx, c.OrderID); err != nil {
			return console.Page[ConsoleCall]{}, err
		}
	}
	return console.PageOf(rows, next, func(c store.Call) ConsoleCall {
		return ConsoleCall{Summary: maskedSummary(c, fields[c.OrderID]), Status: c.Status, AssistantID: c.AssistantID, Order: consoleOrder(c)}
	}), nil
}

// ConsoleDetail is one call as staff see it on its own page: the full
// number, the transcript, the order it belongs to and its usage line.
type ConsoleDetail struct {
	Detail
	Status      string        `json:"status"`
	AssistantID string        `json:"assistantId"`
	Order       *ConsoleOrder `json:"order"`
	Usage       *ConsoleUsage `json:"usage"`
}

// ConsoleUsage is a call's usage line as staff see it (see store.UsageLine):
// null for a call without one (not ended, or never of an order).
type ConsoleUsage struct {
	Seconds        int    `json:"seconds"`        // billable
	PerMinuteCents int64  `json:"perMinuteCents"` // the rate in force when the line was written
	Currency       string `json:"currency"`
	CostCents      int64  `json:"costCents"` // excl. VAT
	// Open: the line's month is still open (store.UsageOpenFrom), so a
	// later report can still correct it; false once it has closed.
	Open    bool   `json:"open"`
	OrderID string `json:"orderId"` // the order billed, which stays when the call left it
}

// ConsoleCall is one call that is not deleted, for staff, its number in
// full and formatted for lang. Each opening is logged with who opened it,
// as the console's lists show numbers masked.
func (s *Service) ConsoleCall(ctx context.Context, staffID, id, lang string) (ConsoleDetail, error) {
	n, ok := callID(id)
	if !ok {
		return ConsoleDetail{}, errNoCall
	}
	c, err := s.db.CallByID(ctx, n)
	if errors.Is(err, store.ErrNotFound) {
		return ConsoleDetail{}, errNoCall
	}
	if err != nil {
		return ConsoleDetail{}, apierr.Wrap("load call", err)
	}
	var fields []store.CallField
	if c.OrderID != "" {
		if fields, err = s.fields(ctx, c.OrderID); err != nil {
			return ConsoleDetail{}, err
		}
	}
	d := ConsoleDetail{Detail: detail(c, lang, fields), Status: c.Status, AssistantID: c.AssistantID, Order: consoleOrder(c)}
	switch u, err := s.db.UsageByVapiID(ctx, c.VapiCallID); {
	case err == nil:
		d.Usage = &ConsoleUsage{Seconds: u.Seconds, PerMinuteCents: u.PerMinuteCents, Currency: u.Currency, CostCents: u.CostCents,
			Open: !u.StartedAt.Before(store.UsageOpenFrom(s.now())), OrderID: u.OrderID}
	case !errors.Is(err, store.ErrNotFound):
		return ConsoleDetail{}, apierr.Wrap("load usage line", err)
	}
	s.log.Info("call opened in the console", "call", n, "staff", staffID)
	return d, nil
}

// RecordingOrigin is the origin of the recording of the buyer's call, for
// the call page's Content-Security-Policy; false when the call is not the
// buyer's or has no recording.
func (s *Service) RecordingOrigin(ctx context.Context, buyerID, orderID, id string) (string, bool) {
	_, c, err := s.ownCall(ctx, buyerID, orderID, id)
	if err != nil || c.RecordingURL == "" {
		return "", false
	}
	return voice.RecordingOrigin(c.RecordingURL)
}

// ConsoleRecordingOrigin is the origin of the recording of call id, for
// the console call page's Content-Security-Policy; false when there is no
// such call or it has no recording. The caller has checked the asker is staff.
func (s *Service) ConsoleRecordingOrigin(ctx context.Context, id string) (string, bool) {
	n, ok := callID(id)
	if !ok {
		return "", false
	}
	c, err := s.db.CallByID(ctx, n)
	if err != nil || c.RecordingURL == "" {
		return "", false
	}
	return voice.RecordingOrigin(c.RecordingURL)
}

// RetentionDays is the retention period in force.
func (s *Service) RetentionDays() int { return s.retention }

// CallFields is the order's call data fields, for staff.
func (s *Service) CallFields(ctx context.Context, orderID string) ([]calldata.Field, error) {
	if _, err := s.db.OrderByID(ctx, orderID); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil, orders.ErrNotFound
		}
		return nil, apierr.Wrap("load order", err)
	}
	fields, err := s.fields(ctx, orderID)
	if err != nil {
		return nil, err
	}
	return calldata.FromStore(fields), nil
}

// SetCallFields replaces the order's call data fields with in (checked by
// calldata.Check), on behalf of staffID. The calls keep their data: a
// field added later shows (and filters) the values reports already brought
// under its name, rewritten in its normal form (calldata.Normalize).
func (s *Service) SetCallFields(ctx context.Context, staffID, orderID string, in []calldata.Field) ([]calldata.Field, error) {
	fields, err := calldata.Check(in)
	if err != nil {
		return nil, err
	}
	out, err := s.db.SetOrderCallFields(ctx, orderID, fields, func(d map[string]any) bool { return calldata.Normalize(fields, d) })
	if errors.Is(err, store.ErrNotFound) {
		return nil, orders.ErrNotFound
	}
	if err != nil {
		return nil, apierr.Wrap("set call fields", err)
	}
	s.log.Info("call data fields changed", "order", orderID, "staff", staffID, "fields", len(out))
	return calldata.FromStore(out), nil
}
