// Package catalogue is the agency's catalogue of voice agents as staff
// keep it in the console: each agent's name, title and description in
// English and Dutch, its delivery time and list price. Every edit carries
// the version the staff member saw, so two of them never overwrite each
// other silently, and is kept in the audit trail.
package catalogue

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/console"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
)

// Limits of an agent's fields, in characters.
const (
	MaxName         = 100
	MaxTitle        = 100
	MaxDescription  = 2000
	MaxDeliveryDays = 365
)

// Agent is an agent as the console edits it.
type Agent struct {
	ID            string `json:"id"`
	NameEn        string `json:"nameEn"`
	NameNl        string `json:"nameNl"`
	TitleEn       string `json:"titleEn"`
	TitleNl       string `json:"titleNl"`
	DescriptionEn string `json:"descriptionEn"`
	DescriptionNl string `json:"descriptionNl"`
	DeliveryDays  int    `json:"deliveryDays"`
	PriceCents    int64  `json:"priceCents"`
	Currency      string `json:"currency"`
	Version       int    `json:"version"`
}

func agentOf(a store.Agent) Agent {
	return Agent{ID: a.ID, NameEn: a.NameEn, NameNl: a.NameNl, TitleEn: a.TitleEn, TitleNl: a.TitleNl,
		DescriptionEn: a.DescriptionEn, DescriptionNl: a.DescriptionNl, DeliveryDays: a.DeliveryDays,
		PriceCents: a.PriceCents, Currency: a.Currency, Version: a.Version}
}

func (a Agent) store() store.Agent {
	return store.Agent{ID: a.ID, NameEn: a.NameEn, NameNl: a.NameNl, TitleEn: a.TitleEn, TitleNl: a.TitleNl,
		DescriptionEn: a.DescriptionEn, DescriptionNl: a.DescriptionNl, DeliveryDays: a.DeliveryDays,
		PriceCents: a.PriceCents, Currency: a.Currency, Version: a.Version}
}

// Changes edits an agent: nil fields keep their value. Version is the
// version the staff member saw, and required.
type Changes struct {
	NameEn, NameNl, TitleEn, TitleNl, DescriptionEn, DescriptionNl *string
	DeliveryDays                                                   *int
	PriceCents                                                     *int64
	Currency                                                       *string
	Version                                                        *int
}

var (
	// ErrNotFound answers an id that names no agent.
	ErrNotFound = &apierr.Error{Kind: apierr.NotFound, Code: apierr.CodeNotFound, Message: "Agent not found."}
	errVersion  = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeRequired, Field: "version",
		Message: "The version of the agent you edited is required."}
)

// Service keeps the catalogue.
type Service struct {
	db  *store.DB
	now func() time.Time
}

// New returns the catalogue on db; now is the clock (nil: time.Now).
func New(db *store.DB, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: db, now: now}
}

// List returns every agent by English name.
func (s *Service) List(ctx context.Context) ([]Agent, error) {
	rows, err := s.db.Agents(ctx)
	if err != nil {
		return nil, apierr.Wrap("list agents", err)
	}
	out := make([]Agent, len(rows))
	for i, a := range rows {
		out[i] = agentOf(a)
	}
	return out, nil
}

// Create adds an agent on behalf of the staff member actorID.
func (s *Service) Create(ctx context.Context, actorID string, a Agent) (Agent, error) {
	a.ID, a.Version = "", 1
	a, err := check(a)
	if err != nil {
		return Agent{}, err
	}
	made, err := s.db.CreateAgent(ctx, a.store(), actorID, s.now().UTC())
	if err != nil {
		return Agent{}, apierr.Wrap("create agent", err)
	}
	return agentOf(made), nil
}

// Update applies c to the agent on behalf of the staff member actorID, if
// c.Version is the one stored (else the 409 apierr.ErrVersionConflict).
func (s *Service) Update(ctx context.Context, actorID, id string, c Changes) (Agent, error) {
	if c.Version == nil {
		return Agent{}, errVersion
	}
	cur, err := s.db.AgentByID(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return Agent{}, ErrNotFound
	}
	if err != nil {
		return Agent{}, apierr.Wrap("load agent", err)
	}
	a := agentOf(cur)
	for _, f := range []struct {
		to   *string
		from *string
	}{
		{&a.NameEn, c.NameEn}, {&a.NameNl, c.NameNl}, {&a.TitleEn, c.TitleEn}, {&a.TitleNl, c.TitleNl},
		{&a.DescriptionEn, c.DescriptionEn}, {&a.DescriptionNl, c.DescriptionNl}, {&a.Currency, c.Currency},
	} {
		if f.from != nil {
			*f.to = *f.from
		}
	}
	if c.DeliveryDays != nil {
		a.DeliveryDays = *c.DeliveryDays
	}
	if c.PriceCents != nil {
		a.PriceCents = *c.PriceCents
	}
	a.Version = *c.Version
	if a, err = check(a); err != nil {
		return Agent{}, err
	}
	saved, err := s.db.UpdateAgent(ctx, a.store(), actorID, s.now().UTC())
	if errors.Is(err, store.ErrNotFound) {
		return Agent{}, ErrNotFound
	}
	if err != nil {
		return Agent{}, apierr.Wrap("update agent", err)
	}
	return agentOf(saved), nil
}

// check normalises a's texts (one line for names and titles, trimmed
// descriptions) and refuses the first problem, naming its field.
func check(a Agent) (Agent, error) {
	texts := []struct {
		value     *string
		field     string
		max       int
		multiLine bool
		label     string
	}{
		{&a.NameEn, "nameEn", MaxName, false, "The English name"},
		{&a.NameNl, "nameNl", MaxName, false, "The Dutch name"},
		{&a.TitleEn, "titleEn", MaxTitle, false, "The English title"},
		{&a.TitleNl, "titleNl", MaxTitle, false, "The Dutch title"},
		{&a.DescriptionEn, "descriptionEn", MaxDescription, true, "The English description"},
		{&a.DescriptionNl, "descriptionNl", MaxDescription, true, "The Dutch description"},
	}
	for _, t := range texts {
		if t.multiLine {
			*t.value = strings.TrimSpace(text.MultiLine(*t.value))
		} else {
			*t.value = text.Squash(*t.value)
		}
		switch n := utf8.RuneCountInString(*t.value); {
		case n == 0 && !t.multiLine:
			return a, &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeRequired, Field: t.field, Message: t.label + " is required."}
		case n > t.max:
			return a, &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeTooLong, Field: t.field,
				Message: fmt.Sprintf("%s can be at most %d characters long.", t.label, t.max)}
		}
	}
	if a.DeliveryDays < 0 || a.DeliveryDays > MaxDeliveryDays {
		return a, &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidDeliveryDays, Field: "deliveryDays",
			Message: fmt.Sprintf("The delivery time must be between 0 and %d days.", MaxDeliveryDays)}
	}
	if err := console.CheckAmount(a.PriceCents, "priceCents"); err != nil {
		return a, err
	}
	var err error
	if a.Currency, err = console.Currency(a.Currency); err != nil {
		return a, err
	}
	return a, nil
}
