package agentsettings

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/store"
)

// Vapi's answer to a transfer-destination-request server message
// (ServerMessageResponseTransferDestinationRequest): a destination to put
// the caller through to, or an error saying why the transfer should not
// be made, which the assistant tells the caller.
type TransferAnswer struct {
	Destination *Destination `json:"destination,omitempty"`
	Error       string       `json:"error,omitempty"`
}

// Destination is a TransferDestinationNumber.
type Destination struct {
	Type    string `json:"type"`    // "number"
	Number  string `json:"number"`  // E.164
	Message string `json:"message"` // spoken to the caller before connecting
}

var transferMessages = SpokenTexts{
	En: "One moment please, I am putting you through.",
	Nl: "Een moment alstublieft, ik verbind u door.",
}

// noTransfer is said when the business has no transfer number.
var noTransfer = SpokenTexts{
	En: "I cannot put you through to a colleague right now. I am happy to take a message.",
	Nl: "Ik kan u nu niet doorverbinden met een medewerker. Ik noteer graag uw bericht.",
}

var locations sync.Map // time zone name → *time.Location

func location(name string) *time.Location {
	if l, ok := locations.Load(name); ok {
		return l.(*time.Location)
	}
	l, err := time.LoadLocation(name)
	if err != nil {
		l, _ = time.LoadLocation(DefaultTZ)
		if l == nil {
			l = time.UTC
		}
	}
	locations.Store(name, l)
	return l
}

// OpenAt reports whether the business is open at t, in its time zone: not
// on a closed day, and within one of the weekday's ranges (from included,
// to excluded). The wall clock of the zone decides, so a range keeps its
// local times across a daylight-saving change.
func OpenAt(s AgentSettings, t time.Time) bool {
	local := t.In(location(s.TimeZone))
	day := local.Format(time.DateOnly)
	for _, d := range s.ClosedDays {
		if d == day {
			return false
		}
	}
	m := local.Hour()*60 + local.Minute()
	for _, r := range s.Hours.Day(local.Weekday()) {
		if len(r.From) != 5 || len(r.To) != 5 {
			continue
		}
		if minutes(r.From) <= m && m < minutes(r.To) {
			return true
		}
	}
	return false
}

// Answer is the transfer answer for settings s at t for a caller speaking
// lang: the transfer number while open, else the after-hours message.
func Answer(s AgentSettings, t time.Time, lang string) TransferAnswer {
	if lang != "en" {
		lang = "nl"
	}
	switch {
	case s.TransferNumber == "":
		return TransferAnswer{Error: pickOne(noTransfer, lang)}
	case !OpenAt(s, t):
		msg := pickOne(s.AfterHours, lang)
		if msg == "" {
			msg = pickOne(Defaults("").AfterHours, lang)
		}
		return TransferAnswer{Error: msg}
	}
	return TransferAnswer{Destination: &Destination{Type: "number", Number: s.TransferNumber, Message: pickOne(transferMessages, lang)}}
}

func pickOne(t SpokenTexts, lang string) string {
	if lang == "en" {
		if t.En != "" {
			return t.En
		}
		return t.Nl
	}
	if t.Nl != "" {
		return t.Nl
	}
	return t.En
}

// Transfer answers Vapi's transfer-destination-request for an assistant:
// found is false when no order is linked to it (or the order has no
// settings yet), and the webhook then answers as before.
func (s *Service) Transfer(ctx context.Context, assistantID, lang string) (answer TransferAnswer, found bool, err error) {
	raw, err := s.db.SettingsByAssistant(ctx, assistantID)
	if errors.Is(err, store.ErrNotFound) {
		return TransferAnswer{}, false, nil
	}
	if err != nil {
		return TransferAnswer{}, false, apierr.Wrap("settings: transfer", err)
	}
	var st AgentSettings
	if err := json.Unmarshal(raw, &st); err != nil {
		return TransferAnswer{}, false, apierr.Wrap("settings: transfer", err)
	}
	if st.TimeZone == "" {
		st.TimeZone = DefaultTZ
	}
	return Answer(st, s.now(), lang), true, nil
}
