// Package dpa is the agency's processor agreement (verwerkersovereenkomst,
// GDPR art. 28; issue 23 §3): its versioned text in English and Dutch,
// the public list of sub-processors, the buyers' acceptances, and the rule
// that no agent of a buyer goes live before the buyer accepted the current
// version. A new version asks every buyer again; agents already live keep
// running.
package dpa

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/store"
)

// Agreement is the agreement's text in one language.
type Agreement struct {
	Version       int              `json:"version" doc:"The current version; send it back to accept."`
	Effective     string           `json:"effective" doc:"The day this version takes effect, YYYY-MM-DD."`
	Lang          string           `json:"lang" enum:"en,nl"`
	Title         string           `json:"title"`
	Sections      []SectionText    `json:"sections"`
	SubProcessors []SubProcessorIn `json:"subProcessors" doc:"The sub-processors, as listed in the section with id subprocessors."`
}

// SectionText is a numbered article in one language.
type SectionText struct {
	ID         string   `json:"id"`
	Title      string   `json:"title"`
	Paragraphs []string `json:"paragraphs"`
}

// SubProcessorIn is a sub-processor in one language.
type SubProcessorIn struct {
	Name      string `json:"name"`
	Role      string `json:"role"`
	Location  string `json:"location"`
	Safeguard string `json:"safeguard"`
}

// Acceptance is who accepted a version, and when.
type Acceptance struct {
	Version    int       `json:"version"`
	Name       string    `json:"name" doc:"Who accepted, as named then."`
	Email      string    `json:"email"`
	AcceptedAt time.Time `json:"acceptedAt"`
}

// Standing is whether a buyer accepted the current version.
type Standing struct {
	Version  int         `json:"version" doc:"The current version."`
	Accepted *Acceptance `json:"accepted" doc:"The acceptance of the current version (the buyer's own or a colleague's at their company); null while not accepted."`
	Latest   *Acceptance `json:"latest" doc:"The newest acceptance of any version; an older one while the current is not accepted, null when none."`
}

// State is the agreement as a buyer reads it, with their standing.
type State struct {
	Agreement Agreement `json:"agreement"`
	Standing
}

var (
	// ErrNotAccepted refuses to set a buyer's agent live.
	ErrNotAccepted = &apierr.Error{Kind: apierr.Conflict, Code: apierr.CodeDPANotAccepted,
		Message: "The buyer has not accepted the current processor agreement (verwerkersovereenkomst); their agent can go live once they have, on their dashboard's Agreement page."}
	errVersion = &apierr.Error{Kind: apierr.Conflict, Code: apierr.CodeDPAVersion, Field: "version",
		Message: "That is not the current version of the processor agreement: read the current one and accept it."}
	// ErrBuyerOnly answers a staff account.
	ErrBuyerOnly = &apierr.Error{Kind: apierr.Forbidden, Code: apierr.CodeBuyerOnly,
		Message: "The processor agreement is accepted by buyer accounts; a staff account has none."}
)

// Options configures a Service.
type Options struct {
	DB *store.DB
	// Agency is the processor's name in the text (COMPANY_NAME); "" is Belwise.
	Agency string
	// RetentionDays is the default call retention (CALL_RETENTION_DAYS).
	RetentionDays int
	// Version overrides the current version (tests of a new version); 0 is
	// Version.
	Version int
	Logger  *slog.Logger
	Now     func() time.Time
}

// Service reads and records the buyers' acceptances.
type Service struct {
	db      *store.DB
	agency  string
	days    int
	version int
	log     *slog.Logger
	now     func() time.Time
}

// New makes the service.
func New(o Options) *Service {
	s := &Service{db: o.DB, agency: o.Agency, days: o.RetentionDays, version: o.Version, log: o.Logger, now: o.Now}
	if s.version <= 0 {
		s.version = Version
	}
	if s.agency == "" {
		s.agency = "Belwise"
	}
	if s.days <= 0 {
		s.days = 90
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

// Lang is "nl" for Dutch and "en" for anything else.
func Lang(lang string) string {
	if lang == "nl" {
		return "nl"
	}
	return "en"
}

// Text is the current version in lang.
func (s *Service) Text(lang string) Agreement {
	a := Text(lang, s.agency, s.days)
	a.Version = s.version
	return a
}

// Text is the current version in lang, naming agency as the processor and
// days as the default retention.
func Text(lang, agency string, days int) Agreement {
	lang = Lang(lang)
	r := strings.NewReplacer("{agency}", agency, "{days}", strconv.Itoa(days))
	a := Agreement{Version: Version, Effective: Effective, Lang: lang,
		Title: L{"Processor agreement", "Verwerkersovereenkomst"}.In(lang)}
	for _, sec := range sections {
		st := SectionText{ID: sec.ID, Title: sec.Title.In(lang)}
		for _, p := range sec.Paragraphs {
			st.Paragraphs = append(st.Paragraphs, r.Replace(p.In(lang)))
		}
		a.Sections = append(a.Sections, st)
	}
	a.SubProcessors = SubProcessorsIn(lang)
	return a
}

// SubProcessorsIn is the list of sub-processors in lang.
func SubProcessorsIn(lang string) []SubProcessorIn {
	out := make([]SubProcessorIn, len(SubProcessors))
	for i, p := range SubProcessors {
		out[i] = SubProcessorIn{Name: p.Name, Role: p.Role.In(lang), Location: p.Location.In(lang), Safeguard: p.Safeguard.In(lang)}
	}
	return out
}

func acceptance(a store.DPAAcceptance) *Acceptance {
	return &Acceptance{Version: a.Version, Name: a.Name, Email: a.Email, AcceptedAt: a.AcceptedAt.UTC()}
}

// Standing tells whether the buyer userID (or a colleague at their
// company) accepted the current version.
func (s *Service) Standing(ctx context.Context, userID string) (Standing, error) {
	out := Standing{Version: s.version}
	switch a, err := s.db.DPAAccepted(ctx, userID, s.version); {
	case err == nil:
		out.Accepted = acceptance(a)
	case !errors.Is(err, store.ErrNotFound):
		return Standing{}, apierr.Wrap("dpa: read acceptance", err)
	}
	switch a, err := s.db.LatestDPA(ctx, userID); {
	case err == nil:
		out.Latest = acceptance(a)
	case !errors.Is(err, store.ErrNotFound):
		return Standing{}, apierr.Wrap("dpa: read acceptance", err)
	}
	return out, nil
}

// lang is lang when it is "en" or "nl", else the account's language.
func (s *Service) lang(ctx context.Context, userID, lang string) string {
	if lang == "en" || lang == "nl" {
		return lang
	}
	if u, err := s.db.UserByID(ctx, userID); err == nil {
		return Lang(u.Locale)
	}
	return "en"
}

// State is the current version in lang ("": the account's language) with
// the buyer's standing.
func (s *Service) State(ctx context.Context, userID, lang string) (State, error) {
	lang = s.lang(ctx, userID, lang)
	st, err := s.Standing(ctx, userID)
	return State{Agreement: s.Text(lang), Standing: st}, err
}

// Accept records that the buyer userID accepted version, which must be
// the current one (409 dpa_version otherwise). Accepting it again keeps
// the first acceptance.
func (s *Service) Accept(ctx context.Context, userID string, version int, lang string) (State, error) {
	if version != s.version {
		return State{}, errVersion
	}
	a, err := s.db.AcceptDPA(ctx, userID, version, s.now().UTC())
	if err != nil {
		return State{}, apierr.Wrap("dpa: accept", err)
	}
	s.log.Info("processor agreement accepted", "user", userID, "version", a.Version)
	return s.State(ctx, userID, lang)
}

// RequireAccepted answers ErrNotAccepted (409 dpa_not_accepted) unless the
// buyer accepted the current version: staff cannot set an agent of theirs
// live before.
func (s *Service) RequireAccepted(ctx context.Context, buyerID string) error {
	_, err := s.db.DPAAccepted(ctx, buyerID, s.version)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return ErrNotAccepted
	case err != nil:
		return apierr.Wrap("dpa: read acceptance", err)
	}
	return nil
}

// PDF is a copy of the current version in lang, naming who accepted it and
// when (or that it is not accepted yet).
func (s *Service) PDF(ctx context.Context, userID, lang string) ([]byte, string, error) {
	st, err := s.State(ctx, userID, lang)
	if err != nil {
		return nil, "", err
	}
	b, err := writePDF(st, s.agency, s.now().UTC())
	if err != nil {
		return nil, "", apierr.Wrap("dpa: pdf", err)
	}
	name := L{"processor-agreement", "verwerkersovereenkomst"}.In(st.Agreement.Lang) + "-v" + strconv.Itoa(s.version) + ".pdf"
	return b, name, nil
}
