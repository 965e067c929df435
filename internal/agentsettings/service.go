package agentsettings

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
	"github.com/belwise/site/internal/vapiapi"
)

// Options configures a Service.
type Options struct {
	DB *store.DB
	// Vapi delivers versions to the orders' assistants; nil (no
	// VAPI_PRIVATE_KEY): versions are live at once, nothing is sent.
	Vapi *vapiapi.Client
	// SiteURL is the site's origin, for the settings page's link in the
	// buyer's email about a decision.
	SiteURL string
	Notify  func() // wakes the job worker; optional
	Logger  *slog.Logger
	Now     func() time.Time
}

// Service is the settings workflow: buyers' change requests, staff's
// approvals, edits and rollbacks, the versions, the delivery to Vapi and
// the live transfer answer.
type Service struct {
	db      *store.DB
	vapi    *vapiapi.Client
	siteURL string
	notify  func()
	log     *slog.Logger
	now     func() time.Time
}

// New makes the service.
func New(o Options) *Service {
	s := &Service{db: o.DB, vapi: o.Vapi, siteURL: strings.TrimSuffix(o.SiteURL, "/"), notify: o.Notify, log: o.Logger, now: o.Now}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.notify == nil {
		s.notify = func() {}
	}
	return s
}

// ErrNotFound is the one 404 for no such order and someone else's order.
var ErrNotFound = &apierr.Error{Kind: apierr.NotFound, Code: apierr.CodeNotFound, Message: "Order not found."}

var (
	errChangeNotFound = &apierr.Error{Kind: apierr.NotFound, Code: apierr.CodeNotFound, Message: "Change request not found."}
	errDecided        = &apierr.Error{Kind: apierr.Conflict, Code: apierr.CodeChangeDecided,
		Message: "This change request was approved or rejected already. Reload to see its outcome."}
	errStaleChange = &apierr.Error{Kind: apierr.Conflict, Code: apierr.CodeVersionConflict,
		Message: "The live settings changed after the buyer asked for this change. Reject it with a note, so the buyer can ask again from the current settings."}
	errUnknownVersion = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeUnknownVersion, Field: "version",
		Message: "This order's settings have no such version."}
	errNoteRequired = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeRequired, Field: "note",
		Message: "Tell the buyer why in a note."}
	errNoteTooLong = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeTooLong, Field: "note",
		Message: "The note is too long: at most 2000 characters."}
)

// Person is who made a change.
type SettingsPerson struct {
	Name  string `json:"name" doc:"Full name, or the email address when no name is known."`
	Email string `json:"email,omitempty" doc:"Staff views only."`
	Staff bool   `json:"staff" doc:"Whether the agency made it (a buyer sees the agency rather than a staff member's address)."`
}

// Change is a buyer's change request.
type SettingsChange struct {
	ID          string          `json:"id"`
	OrderID     string          `json:"orderId"`
	Status      string          `json:"status" enum:"pending,approved,rejected"`
	Settings    AgentSettings   `json:"settings" doc:"The proposed settings, whole."`
	BaseVersion int             `json:"baseVersion" doc:"The live version the buyer changed (0: none yet)."`
	Changed     []string        `json:"changed" doc:"The fields that differ from that version (greeting, hours, closedDays, timeZone, afterHours, transferNumber, qa, voicemail)."`
	RequestedBy *SettingsPerson `json:"requestedBy"`
	RequestedAt time.Time       `json:"requestedAt"`
	DecidedBy   *SettingsPerson `json:"decidedBy"`
	DecidedAt   *time.Time      `json:"decidedAt"`
	Note        string          `json:"note" doc:"Rejected: why (shown to the buyer)."`
	Version     int             `json:"version,omitempty" doc:"Approved: the version it became."`
}

// Version is one version of an order's settings.
type SettingsVersion struct {
	Number       int             `json:"number"`
	Source       string          `json:"source" enum:"approved,staff,rollback,seed"`
	RolledBackTo int             `json:"rolledBackTo,omitempty" doc:"A rollback: the version it copies."`
	Changed      []string        `json:"changed" doc:"The fields that changed from the version before."`
	Author       *SettingsPerson `json:"author" doc:"null: the system (the seed)."`
	CreatedAt    time.Time       `json:"createdAt"`
	Settings     AgentSettings   `json:"settings"`
}

// Delivery is how the current version reached the Vapi assistant.
type SettingsDelivery struct {
	Status        string     `json:"status" enum:"live,sending,failed"`
	Attempts      int        `json:"attempts"`
	PushedVersion int        `json:"pushedVersion" doc:"The last version delivered (0: none)."`
	UpdatedAt     *time.Time `json:"updatedAt"`
	Reason        string     `json:"reason,omitempty" doc:"Staff only: why it could not be sent."`
}

// View is an order's settings as its page shows them.
type SettingsView struct {
	OrderID  string        `json:"orderId"`
	Settings AgentSettings `json:"settings" doc:"The live settings; the defaults (version 0) while there are none."`
	Version  int           `json:"version" doc:"The live version; send it back with a change (409 version_conflict when it moved on)."`
	// Status is what the page says: live, pending (waiting for approval),
	// sending or failed (could not be sent).
	Status                 string           `json:"status" enum:"live,pending,sending,failed"`
	Delivery               SettingsDelivery `json:"delivery"`
	Pending                *SettingsChange  `json:"pending" doc:"The change waiting for approval (its settings are what the buyer last saved); null when none."`
	LastDecision           *SettingsChange  `json:"lastDecision" doc:"The latest approved or rejected change (a rejection's note for the buyer); null when none."`
	TransferNumberNational string           `json:"transferNumberNational" doc:"The live transfer number as written nationally (020 123 4567); empty when none."`
	UpdatedAt              time.Time        `json:"updatedAt"`
}

// StaffView is View with what only staff see.
type StaffSettingsView struct {
	SettingsView
	AssistantID string         `json:"assistantId" doc:"The linked Vapi assistant; empty: nothing is delivered."`
	Buyer       SettingsPerson `json:"buyer"`
}

// ConsoleChange is a change request in the console's list, with the live
// settings to diff against.
type ConsoleSettingsChange struct {
	SettingsChange
	Buyer       SettingsPerson `json:"buyer"`
	AgentName   SpokenTexts    `json:"agentName"`
	Live        *AgentSettings `json:"live" doc:"The order's live settings; null while it has none (the defaults apply)."`
	LiveVersion int            `json:"liveVersion"`
	// Stale: the live version moved on since the buyer saved; approving
	// answers 409.
	Stale bool `json:"stale"`
}

func person(p *store.Person, staffView bool, staffIDs map[string]bool) *SettingsPerson {
	if p == nil {
		return nil
	}
	name := p.FullName
	if name == "" {
		name = p.Email
	}
	out := &SettingsPerson{Name: name, Staff: staffIDs[p.ID]}
	if staffView {
		out.Email = p.Email
	}
	return out
}

func decode(raw []byte) AgentSettings {
	var s AgentSettings
	if err := json.Unmarshal(raw, &s); err != nil {
		return AgentSettings{}.normalized()
	}
	return s.normalized()
}

func decodeList(raw []byte) []string {
	var out []string
	if json.Unmarshal(raw, &out) != nil || out == nil {
		return []string{}
	}
	return out
}

func (s *Service) change(c store.SettingsChange, staffView bool, buyerID string) SettingsChange {
	staffIDs := map[string]bool{}
	if c.DecidedBy != nil {
		staffIDs[c.DecidedBy.ID] = true
	}
	out := SettingsChange{ID: c.ID, OrderID: c.OrderID, Status: c.Status, Settings: decode(c.Settings), BaseVersion: c.BaseVersion,
		Changed: decodeList(c.Changed), RequestedBy: person(c.RequestedBy, staffView, nil), RequestedAt: c.RequestedAt,
		DecidedBy: person(c.DecidedBy, staffView, staffIDs), DecidedAt: c.DecidedAt, Note: c.Note, Version: c.Version}
	if out.RequestedBy != nil && c.RequestedBy.ID != c.Buyer.ID {
		out.RequestedBy.Staff = true
	}
	_ = buyerID
	return out
}

// order is the order for a buyer (their own only) or for staff (buyerID "").
func (s *Service) order(ctx context.Context, buyerID, orderID string) (store.Order, error) {
	var o store.Order
	var err error
	if buyerID == "" {
		o, err = s.db.OrderByID(ctx, orderID)
	} else {
		o, err = s.db.OrderForBuyer(ctx, buyerID, orderID)
	}
	if errors.Is(err, store.ErrNotFound) {
		return store.Order{}, ErrNotFound
	}
	if err != nil {
		return store.Order{}, apierr.Wrap("settings: order", err)
	}
	return o, nil
}

// companyName is the name greetings suggest: the buyer's company's.
func (s *Service) companyName(ctx context.Context, o store.Order) string {
	if o.CompanyID == "" {
		return ""
	}
	c, err := s.db.CompanyByID(ctx, o.CompanyID)
	if err != nil {
		return ""
	}
	return c.LegalName
}

// current is the order's live settings, or the defaults (version 0).
func (s *Service) current(ctx context.Context, o store.Order) (AgentSettings, store.AgentSettings, error) {
	cur, err := s.db.AgentSettingsFor(ctx, o.ID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return Defaults(s.companyName(ctx, o)), store.AgentSettings{OrderID: o.ID, PushStatus: store.PushLive, UpdatedAt: o.CreatedAt}, nil
	case err != nil:
		return AgentSettings{}, store.AgentSettings{}, apierr.Wrap("settings: read", err)
	}
	return decode(cur.Settings), cur, nil
}

func (s *Service) view(ctx context.Context, o store.Order, staffView bool) (SettingsView, error) {
	live, cur, err := s.current(ctx, o)
	if err != nil {
		return SettingsView{}, err
	}
	v := SettingsView{OrderID: o.ID, Settings: live, Version: cur.Version, TransferNumberNational: PhoneNational(live.TransferNumber),
		UpdatedAt: cur.UpdatedAt, Delivery: SettingsDelivery{Status: cur.PushStatus, Attempts: cur.PushAttempts, PushedVersion: cur.PushedVersion,
			UpdatedAt: cur.PushUpdatedAt}}
	if staffView {
		v.Delivery.Reason = cur.PushError
	}
	v.Status = cur.PushStatus
	p, err := s.db.PendingSettingsChange(ctx, o.ID)
	switch {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		return SettingsView{}, apierr.Wrap("settings: pending change", err)
	default:
		c := s.change(p, staffView, o.BuyerID)
		v.Pending = &c
		v.Status = "pending"
	}
	last, err := s.db.LatestDecidedSettingsChange(ctx, o.ID)
	switch {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		return SettingsView{}, apierr.Wrap("settings: last decision", err)
	default:
		c := s.change(last, staffView, o.BuyerID)
		v.LastDecision = &c
	}
	return v, nil
}

// Get is the buyer's view of their order's settings.
func (s *Service) Get(ctx context.Context, buyerID, orderID string) (SettingsView, error) {
	o, err := s.order(ctx, buyerID, orderID)
	if err != nil {
		return SettingsView{}, err
	}
	return s.view(ctx, o, false)
}

// StaffGet is staff's view of an order's settings, with the delivery's
// reason and the linked assistant.
func (s *Service) StaffGet(ctx context.Context, orderID string) (StaffSettingsView, error) {
	o, err := s.order(ctx, "", orderID)
	if err != nil {
		return StaffSettingsView{}, err
	}
	v, err := s.view(ctx, o, true)
	if err != nil {
		return StaffSettingsView{}, err
	}
	return StaffSettingsView{SettingsView: v, AssistantID: o.AssistantID, Buyer: *person(&o.Buyer, true, nil)}, nil
}

// Request stores a buyer's save as the order's change request, waiting
// for staff's approval. A receptionist expects their latest save to count,
// so a save while a change is pending replaces it (the same request, its
// proposed settings and time renewed) rather than being refused. version
// is the live version the buyer read: when it moved on since (staff
// approved or edited meanwhile) the save is refused with 409
// version_conflict, and the page keeps what they typed.
func (s *Service) Request(ctx context.Context, buyerID, orderID string, in AgentSettings, version int) (SettingsChange, error) {
	o, err := s.order(ctx, buyerID, orderID)
	if err != nil {
		return SettingsChange{}, err
	}
	live, _, err := s.current(ctx, o)
	if err != nil {
		return SettingsChange{}, err
	}
	in.RecordsCalls = live.RecordsCalls // staff's setting, not the buyer's
	out, err := Validate(in, s.companyName(ctx, o))
	if err != nil {
		return SettingsChange{}, err
	}
	raw, _ := json.Marshal(out)
	changed, _ := json.Marshal(Changed(live, out))
	c, replaced, err := s.db.RequestSettingsChange(ctx, o.ID, buyerID, raw, changed, version, s.now().UTC())
	if err != nil {
		return SettingsChange{}, apierr.Wrap("settings: request", err)
	}
	s.log.Info("settings change requested", "order", o.ID, "change", c.ID, "replaced", replaced)
	return s.change(c, false, buyerID), nil
}

// Versions lists an order's versions, newest first: the buyer's own order
// (buyerID set) or any (staff, buyerID "").
func (s *Service) Versions(ctx context.Context, buyerID, orderID string) ([]SettingsVersion, error) {
	o, err := s.order(ctx, buyerID, orderID)
	if err != nil {
		return nil, err
	}
	vs, err := s.db.SettingsVersions(ctx, o.ID)
	if err != nil {
		return nil, apierr.Wrap("settings: versions", err)
	}
	staffView := buyerID == ""
	out := make([]SettingsVersion, 0, len(vs))
	for _, v := range vs {
		a := person(v.Author, staffView, nil)
		if a != nil && v.Author.ID != o.BuyerID {
			a.Staff = true
			if !staffView {
				a.Name = ""
			}
		}
		out = append(out, SettingsVersion{Number: v.Number, Source: v.Source, RolledBackTo: v.RolledBackTo, Changed: decodeList(v.Changed),
			Author: a, CreatedAt: v.CreatedAt, Settings: decode(v.Settings)})
	}
	return out, nil
}

// Changes is the console's list: every pending change request (the
// longest waiting first), then the latest decided ones.
func (s *Service) Changes(ctx context.Context) ([]ConsoleSettingsChange, error) {
	cs, err := s.db.SettingsChanges(ctx)
	if err != nil {
		return nil, apierr.Wrap("settings: changes", err)
	}
	out := make([]ConsoleSettingsChange, 0, len(cs))
	for _, c := range cs {
		cc := ConsoleSettingsChange{SettingsChange: s.change(c, true, c.Buyer.ID), Buyer: *person(&c.Buyer, true, nil),
			AgentName: SpokenTexts{En: c.AgentNameEn, Nl: c.AgentNameNl}}
		if c.Current != nil {
			live := decode(c.Current.Settings)
			cc.Live, cc.LiveVersion = &live, c.Current.Version
		}
		cc.Stale = c.Status == store.ChangePending && c.BaseVersion != cc.LiveVersion
		out = append(out, cc)
	}
	return out, nil
}

// push is the delivery state of a new version of order o, and its job.
func (s *Service) push(o store.Order) (string, *store.NewJob) {
	if s.vapi == nil || o.AssistantID == "" {
		return store.PushLive, nil
	}
	b, _ := json.Marshal(pushPayload{OrderID: o.ID})
	return store.PushSending, &store.NewJob{Kind: JobPush, Payload: b}
}

// Approve makes a pending change request the order's next version and
// queues its delivery to Vapi and the buyer's email about it, all in one
// transaction: a refused approval (decided already, stale) queues nothing.
func (s *Service) Approve(ctx context.Context, staffID, changeID string) (SettingsChange, StaffSettingsView, error) {
	c, err := s.db.SettingsChangeByID(ctx, changeID)
	if errors.Is(err, store.ErrNotFound) {
		return SettingsChange{}, StaffSettingsView{}, errChangeNotFound
	}
	if err != nil {
		return SettingsChange{}, StaffSettingsView{}, apierr.Wrap("settings: change", err)
	}
	o, err := s.order(ctx, "", c.OrderID)
	if err != nil {
		return SettingsChange{}, StaffSettingsView{}, err
	}
	status, job := s.push(o)
	done, _, err := s.db.ApproveSettingsChange(ctx, c.ID, staffID, store.NewSettingsVersion{PushStatus: status, Job: job}, s.now().UTC(),
		[]store.NewMail{decisionMail(o, c.ID)})
	switch {
	case errors.Is(err, store.ErrDecided):
		return SettingsChange{}, StaffSettingsView{}, errDecided
	case errors.Is(err, store.ErrStale):
		return SettingsChange{}, StaffSettingsView{}, errStaleChange
	case err != nil:
		return SettingsChange{}, StaffSettingsView{}, apierr.Wrap("settings: approve", err)
	}
	s.notify() // the email, and the delivery when there is one
	s.log.Info("settings change approved", "order", o.ID, "change", c.ID, "version", done.Version, "staff", staffID)
	v, err := s.StaffGet(ctx, o.ID)
	return s.change(done, true, o.BuyerID), v, err
}

// Reject turns a pending change request down with a note for the buyer,
// and queues the buyer's email with the note in the same transaction.
func (s *Service) Reject(ctx context.Context, staffID, changeID, note string) (SettingsChange, error) {
	note = text.Squash(note)
	switch {
	case note == "":
		return SettingsChange{}, errNoteRequired
	case len([]rune(note)) > 2000:
		return SettingsChange{}, errNoteTooLong
	}
	pending, err := s.db.SettingsChangeByID(ctx, changeID)
	if errors.Is(err, store.ErrNotFound) {
		return SettingsChange{}, errChangeNotFound
	}
	if err != nil {
		return SettingsChange{}, apierr.Wrap("settings: change", err)
	}
	o, err := s.order(ctx, "", pending.OrderID)
	if err != nil {
		return SettingsChange{}, err
	}
	c, err := s.db.RejectSettingsChange(ctx, pending.ID, staffID, note, s.now().UTC(), []store.NewMail{decisionMail(o, pending.ID)})
	switch {
	case errors.Is(err, store.ErrNotFound):
		return SettingsChange{}, errChangeNotFound
	case errors.Is(err, store.ErrDecided):
		return SettingsChange{}, errDecided
	case err != nil:
		return SettingsChange{}, apierr.Wrap("settings: reject", err)
	}
	s.notify()
	s.log.Info("settings change rejected", "order", c.OrderID, "change", c.ID, "staff", staffID)
	return s.change(c, true, ""), nil
}

// StaffSave is staff editing the settings directly: a new version at once
// (recordsCalls included), delivered to Vapi. version is the live version
// they read (409 version_conflict when it moved on).
func (s *Service) StaffSave(ctx context.Context, staffID, orderID string, in AgentSettings, version int) (StaffSettingsView, error) {
	o, err := s.order(ctx, "", orderID)
	if err != nil {
		return StaffSettingsView{}, err
	}
	live, _, err := s.current(ctx, o)
	if err != nil {
		return StaffSettingsView{}, err
	}
	out, err := Validate(in, s.companyName(ctx, o))
	if err != nil {
		return StaffSettingsView{}, err
	}
	return s.addVersion(ctx, o, staffID, live, out, store.VersionStaff, 0, version)
}

// Rollback makes a copy of an earlier version the order's next version.
func (s *Service) Rollback(ctx context.Context, staffID, orderID string, number int) (StaffSettingsView, error) {
	o, err := s.order(ctx, "", orderID)
	if err != nil {
		return StaffSettingsView{}, err
	}
	v, err := s.db.SettingsVersionByNumber(ctx, o.ID, number)
	if errors.Is(err, store.ErrNotFound) {
		return StaffSettingsView{}, errUnknownVersion
	}
	if err != nil {
		return StaffSettingsView{}, apierr.Wrap("settings: version", err)
	}
	live, cur, err := s.current(ctx, o)
	if err != nil {
		return StaffSettingsView{}, err
	}
	return s.addVersion(ctx, o, staffID, live, decode(v.Settings), store.VersionRollback, number, cur.Version)
}

func (s *Service) addVersion(ctx context.Context, o store.Order, staffID string, live, next AgentSettings, source string, rolledBackTo, base int) (StaffSettingsView, error) {
	raw, _ := json.Marshal(next)
	changed, _ := json.Marshal(Changed(live, next))
	status, job := s.push(o)
	saved, err := s.db.AddSettingsVersion(ctx, store.NewSettingsVersion{OrderID: o.ID, Settings: raw, Changed: changed, Source: source,
		RolledBackTo: rolledBackTo, AuthorID: staffID, Base: base, PushStatus: status, Job: job}, s.now().UTC())
	if err != nil {
		return StaffSettingsView{}, apierr.Wrap("settings: "+source, err)
	}
	if job != nil {
		s.notify()
	}
	s.log.Info("settings version added", "order", o.ID, "version", saved.Version, "source", source, "staff", staffID)
	return s.StaffGet(ctx, o.ID)
}

// Seed gives an order its first version (the demo data) unless it has one.
func (s *Service) Seed(ctx context.Context, orderID string, in AgentSettings, company string) error {
	out, err := Validate(in, company)
	if err != nil {
		return fmt.Errorf("seed settings: %w", err)
	}
	if _, err := s.db.AgentSettingsFor(ctx, orderID); err == nil {
		return nil
	}
	raw, _ := json.Marshal(out)
	_, err = s.db.AddSettingsVersion(ctx, store.NewSettingsVersion{OrderID: orderID, Settings: raw, Changed: []byte(`[]`),
		Source: store.VersionSeed, PushStatus: store.PushLive}, s.now().UTC())
	if errors.Is(err, store.ErrStale) {
		return nil
	}
	return err
}
