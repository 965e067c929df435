// Package agentsettings keeps the buyer-owned settings of an order's
// agent (issue 23 §1–2): the greeting, opening hours and closed days, the
// after-hours message, the transfer number, questions and answers and the
// voicemail message, each spoken message in English and Dutch.
//
// The law is checked on every save: each greeting must tell the caller
// they are speaking with an AI (EU AI Act art. 50) and, when the agent
// records calls, that the call is recorded (AVG). A buyer's save becomes a
// change request staff approve or reject; every approved change, direct
// staff edit or rollback is a version, which is then delivered to the
// order's Vapi assistant by a job. The Vapi server webhook asks this
// package where to transfer a caller (the current transfer number while
// the business is open, else the after-hours message).
package agentsettings

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/nyaruka/phonenumbers"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/text"
)

// Texts is a spoken message in each language the agent speaks.
type SpokenTexts struct {
	En string `json:"en"`
	Nl string `json:"nl"`
}

// Range is one opening period of a day, in the order's time zone.
type HoursRange struct {
	From string `json:"from" doc:"HH:MM, 24-hour clock." example:"09:00"`
	To   string `json:"to" doc:"HH:MM after from; 24:00 is the end of the day." example:"17:00"`
}

// Week is the opening hours per weekday; an empty day is closed.
type OpeningHours struct {
	Mon []HoursRange `json:"mon"`
	Tue []HoursRange `json:"tue"`
	Wed []HoursRange `json:"wed"`
	Thu []HoursRange `json:"thu"`
	Fri []HoursRange `json:"fri"`
	Sat []HoursRange `json:"sat"`
	Sun []HoursRange `json:"sun"`
}

// days lists the week's days with their JSON names, Monday first.
func (w *OpeningHours) days() []struct {
	name string
	day  time.Weekday
	r    *[]HoursRange
} {
	return []struct {
		name string
		day  time.Weekday
		r    *[]HoursRange
	}{
		{"mon", time.Monday, &w.Mon}, {"tue", time.Tuesday, &w.Tue}, {"wed", time.Wednesday, &w.Wed},
		{"thu", time.Thursday, &w.Thu}, {"fri", time.Friday, &w.Fri}, {"sat", time.Saturday, &w.Sat}, {"sun", time.Sunday, &w.Sun},
	}
}

// Day returns the ranges of a weekday.
func (w OpeningHours) Day(d time.Weekday) []HoursRange {
	for _, x := range w.days() {
		if x.day == d {
			return *x.r
		}
	}
	return nil
}

// QA is a question callers ask with the answer the agent should give.
type QuestionAnswer struct {
	Question string `json:"question"`
	Answer   string `json:"answer"`
}

// Settings are an order's agent settings, as stored (JSON) and answered.
type AgentSettings struct {
	Greeting       SpokenTexts      `json:"greeting" doc:"The first thing the agent says; must tell the caller it is an AI (and that the call is recorded when recordsCalls)."`
	Hours          OpeningHours     `json:"hours" doc:"Opening hours per weekday in timeZone; an empty day is closed."`
	ClosedDays     []string         `json:"closedDays" doc:"Dates (YYYY-MM-DD) the business is closed all day, such as holidays."`
	TimeZone       string           `json:"timeZone" doc:"IANA time zone of the hours." example:"Europe/Amsterdam"`
	AfterHours     SpokenTexts      `json:"afterHours" doc:"Said instead of transferring while closed."`
	TransferNumber string           `json:"transferNumber" doc:"Where a caller asking for a person is put through, stored in E.164 (+31201234567); empty: no transfers."`
	QuestionAnswer []QuestionAnswer `json:"qa" doc:"Up to 50 questions and answers the agent should know."`
	Voicemail      SpokenTexts      `json:"voicemail" doc:"Left on a voicemail box when the agent calls out and nobody answers."`
	RecordsCalls   bool             `json:"recordsCalls" doc:"Whether the agent records calls; set by staff (a buyer's value is ignored)."`
}

// Limits.
const (
	MaxQA          = 50
	maxRanges      = 6
	maxClosedDays  = 100
	maxMessage     = 600
	maxQuestion    = 300
	maxAnswer      = 1500
	DefaultTZ      = "Europe/Amsterdam"
	defaultRegion  = "NL"
	maxCompanyName = 80
)

var clock = regexp.MustCompile(`^([01]\d|2[0-3]):[0-5]\d$|^24:00$`)

// minutes is "HH:MM" as minutes after midnight.
func minutes(s string) int {
	h, _ := strconv.Atoi(s[:2])
	m, _ := strconv.Atoi(s[3:])
	return h*60 + m
}

// Validate tidies the settings (each text one paragraph of single spaces,
// the transfer number in E.164, closed days sorted) and checks them,
// answering every problem at once: an apierr.Join of one *apierr.Error per
// field, with paths such as greeting.nl, hours.mon.0.from, qa.3.answer and
// transferNumber. company names the business in the greeting suggestions.
func Validate(in AgentSettings, company string) (AgentSettings, error) {
	s := AgentSettings{
		Greeting:       SpokenTexts{En: clean(in.Greeting.En), Nl: clean(in.Greeting.Nl)},
		AfterHours:     SpokenTexts{En: clean(in.AfterHours.En), Nl: clean(in.AfterHours.Nl)},
		Voicemail:      SpokenTexts{En: clean(in.Voicemail.En), Nl: clean(in.Voicemail.Nl)},
		TimeZone:       text.Squash(in.TimeZone),
		TransferNumber: text.Squash(in.TransferNumber),
		RecordsCalls:   in.RecordsCalls,
		QuestionAnswer: []QuestionAnswer{},
		ClosedDays:     []string{},
	}
	var problems []*apierr.Error
	add := func(field string, code apierr.Code, message string) {
		problems = append(problems, &apierr.Error{Kind: apierr.Invalid, Code: code, Field: field, Message: message})
	}
	long := func(field, value string, limit int) bool {
		if utf8.RuneCountInString(value) > limit {
			add(field, apierr.CodeTooLong, fmt.Sprintf("This is too long: at most %d characters.", limit))
			return true
		}
		return false
	}

	// Greetings: required, the AI disclosure and (when recording) the notice.
	company = text.Squash(company)
	if utf8.RuneCountInString(company) > maxCompanyName || company == "" {
		company = ""
	}
	for _, g := range []struct {
		lang, field, value string
	}{{"en", "greeting.en", s.Greeting.En}, {"nl", "greeting.nl", s.Greeting.Nl}} {
		switch {
		case g.value == "":
			if g.lang == "en" {
				add(g.field, apierr.CodeRequired, "Enter the English greeting. "+suggestion("en", company))
			} else {
				add(g.field, apierr.CodeRequired, "Enter the Dutch greeting. "+suggestion("nl", company))
			}
		case long(g.field, g.value, maxMessage):
		case !DisclosesAI(g.lang, g.value):
			add(g.field, apierr.CodeAIDisclosureMissing, disclosureMessage(g.lang, company))
		case s.RecordsCalls && !AnnouncesRecording(g.lang, g.value):
			add(g.field, apierr.CodeRecordingNoticeMissing, recordingMessage(g.lang))
		}
	}

	// Opening hours.
	for _, d := range s.Hours.days() {
		src := in.Hours.Day(d.day)
		if len(src) > maxRanges {
			add("hours."+d.name, apierr.CodeTooLong, fmt.Sprintf("At most %d opening periods a day.", maxRanges))
			src = src[:maxRanges]
		}
		out := make([]HoursRange, 0, len(src))
		for i, r := range src {
			r = HoursRange{From: strings.TrimSpace(r.From), To: strings.TrimSpace(r.To)}
			if len(r.From) == 4 && r.From[1] == ':' {
				r.From = "0" + r.From
			}
			if len(r.To) == 4 && r.To[1] == ':' {
				r.To = "0" + r.To
			}
			path := fmt.Sprintf("hours.%s.%d", d.name, i)
			ok := true
			if !clock.MatchString(r.From) || r.From == "24:00" {
				add(path+".from", apierr.CodeInvalidTime, "Enter a time as HH:MM, such as 09:00.")
				ok = false
			}
			if !clock.MatchString(r.To) {
				add(path+".to", apierr.CodeInvalidTime, "Enter a time as HH:MM, such as 17:30.")
				ok = false
			}
			if ok && minutes(r.To) <= minutes(r.From) {
				add(path+".to", apierr.CodeInvalidTime, "The closing time must be after the opening time (on the same day).")
				ok = false
			}
			if ok {
				for j, prev := range out {
					if minutes(r.From) < minutes(prev.To) && minutes(prev.From) < minutes(r.To) {
						add(path+".from", apierr.CodeOverlappingHours, fmt.Sprintf("This period overlaps period %d of the same day.", j+1))
						break
					}
				}
			}
			out = append(out, r)
		}
		slices.SortStableFunc(out, func(a, b HoursRange) int { return strings.Compare(a.From, b.From) })
		*d.r = out
	}

	// Closed days.
	if len(in.ClosedDays) > maxClosedDays {
		add("closedDays", apierr.CodeTooLong, fmt.Sprintf("At most %d closed days.", maxClosedDays))
	}
	for i, day := range in.ClosedDays {
		if i >= maxClosedDays {
			break
		}
		day = strings.TrimSpace(day)
		if _, err := time.Parse(time.DateOnly, day); err != nil {
			add(fmt.Sprintf("closedDays.%d", i), apierr.CodeInvalidDate, "Enter a date as YYYY-MM-DD, such as 2026-12-25.")
			continue
		}
		if !slices.Contains(s.ClosedDays, day) {
			s.ClosedDays = append(s.ClosedDays, day)
		}
	}
	slices.Sort(s.ClosedDays)

	// Time zone.
	if s.TimeZone == "" {
		s.TimeZone = DefaultTZ
	}
	if _, err := time.LoadLocation(s.TimeZone); err != nil || s.TimeZone == "Local" {
		add("timeZone", apierr.CodeInvalidTimeZone, "Choose a time zone such as Europe/Amsterdam.")
	}

	long("afterHours.en", s.AfterHours.En, maxMessage)
	long("afterHours.nl", s.AfterHours.Nl, maxMessage)
	long("voicemail.en", s.Voicemail.En, maxMessage)
	long("voicemail.nl", s.Voicemail.Nl, maxMessage)

	// Transfer number.
	if s.TransferNumber != "" {
		if e164, ok := PhoneE164(s.TransferNumber); ok {
			s.TransferNumber = e164
		} else {
			add("transferNumber", apierr.CodeInvalidPhone, "Enter a phone number we can put callers through to, such as 020 123 4567 or +32 2 123 45 67.")
		}
	}

	// Questions and answers.
	if len(in.QuestionAnswer) > MaxQA {
		add("qa", apierr.CodeTooMany, fmt.Sprintf("At most %d questions and answers.", MaxQA))
	}
	for i, qa := range in.QuestionAnswer {
		if i >= MaxQA {
			break
		}
		q, a := clean(qa.Question), clean(qa.Answer)
		if q == "" && a == "" {
			continue // an empty row of the form
		}
		path := fmt.Sprintf("qa.%d", i)
		switch {
		case q == "":
			add(path+".question", apierr.CodeRequired, "Enter the question, or remove this row.")
		default:
			long(path+".question", q, maxQuestion)
		}
		switch {
		case a == "":
			add(path+".answer", apierr.CodeRequired, "Enter the answer, or remove this row.")
		default:
			long(path+".answer", a, maxAnswer)
		}
		s.QuestionAnswer = append(s.QuestionAnswer, QuestionAnswer{Question: q, Answer: a})
	}
	return s, apierr.Join(problems)
}

// clean is a spoken text as one paragraph: control characters (NUL
// included) out, runs of white space one space.
func clean(s string) string { return text.Squash(s) }

// PhoneE164 parses a phone number (national numbers as Dutch) into E.164.
func PhoneE164(s string) (string, bool) {
	n, err := phonenumbers.Parse(s, defaultRegion)
	if err != nil || !phonenumbers.IsValidNumber(n) {
		return "", false
	}
	return phonenumbers.Format(n, phonenumbers.E164), true
}

// PhoneNational is an E.164 number as its country writes it (020 123
// 4567), or as international for a number abroad from the Netherlands.
func PhoneNational(e164 string) string {
	if e164 == "" {
		return ""
	}
	n, err := phonenumbers.Parse(e164, defaultRegion)
	if err != nil {
		return e164
	}
	if phonenumbers.GetRegionCodeForNumber(n) == defaultRegion {
		return phonenumbers.Format(n, phonenumbers.NATIONAL)
	}
	return phonenumbers.Format(n, phonenumbers.INTERNATIONAL)
}

func suggestion(lang, company string) string {
	if lang == "nl" {
		if company == "" {
			return `For example: "U spreekt met de digitale assistent."`
		}
		return `For example: "U spreekt met de digitale assistent van ` + company + `."`
	}
	if company == "" {
		return `For example: "You are speaking with the digital assistant."`
	}
	return `For example: "You are speaking with the digital assistant of ` + company + `."`
}

// The messages are in English, as every API message is (the app
// translates the code); the suggestion carries the greeting's own language.
func disclosureMessage(lang, company string) string {
	return "The greeting must tell callers they are speaking with an AI assistant (EU AI Act, article 50). " + suggestion(lang, company)
}

func recordingMessage(lang string) string {
	if lang == "nl" {
		return `The agent records calls, so the greeting must say so. For example: "Dit gesprek wordt opgenomen."`
	}
	return `The agent records calls, so the greeting must say so. For example: "This call is recorded."`
}

// Changed lists the top-level fields (JSON names) in which b differs from a.
func Changed(a, b AgentSettings) []string {
	var out []string
	add := func(name string, x, y any) {
		jx, _ := json.Marshal(x)
		jy, _ := json.Marshal(y)
		if string(jx) != string(jy) {
			out = append(out, name)
		}
	}
	add("greeting", a.Greeting, b.Greeting)
	add("hours", a.Hours, b.Hours)
	add("closedDays", a.ClosedDays, b.ClosedDays)
	add("timeZone", a.TimeZone, b.TimeZone)
	add("afterHours", a.AfterHours, b.AfterHours)
	add("transferNumber", a.TransferNumber, b.TransferNumber)
	add("qa", a.QuestionAnswer, b.QuestionAnswer)
	add("voicemail", a.Voicemail, b.Voicemail)
	add("recordsCalls", a.RecordsCalls, b.RecordsCalls)
	if out == nil {
		out = []string{}
	}
	return out
}

// normalized fills nil lists so the JSON has [] rather than null.
func (s AgentSettings) normalized() AgentSettings {
	for _, d := range s.Hours.days() {
		if *d.r == nil {
			*d.r = []HoursRange{}
		}
	}
	if s.ClosedDays == nil {
		s.ClosedDays = []string{}
	}
	if s.QuestionAnswer == nil {
		s.QuestionAnswer = []QuestionAnswer{}
	}
	if s.TimeZone == "" {
		s.TimeZone = DefaultTZ
	}
	return s
}

// Defaults are the settings of an order that has none yet: open on
// weekdays 09:00–17:00 and a greeting that passes the checks.
func Defaults(company string) AgentSettings {
	who, wie := "", ""
	if company = text.Squash(company); company != "" && utf8.RuneCountInString(company) <= maxCompanyName {
		who, wie = " of "+company, " van "+company
	}
	day := []HoursRange{{From: "09:00", To: "17:00"}}
	return AgentSettings{
		Greeting: SpokenTexts{
			En: "Hello, you are speaking with the digital assistant" + who + ". This call is recorded. How can I help you?",
			Nl: "Goedendag, u spreekt met de digitale assistent" + wie + ". Dit gesprek wordt opgenomen. Waarmee kan ik u helpen?",
		},
		Hours:    OpeningHours{Mon: day, Tue: day, Wed: day, Thu: day, Fri: day, Sat: []HoursRange{}, Sun: []HoursRange{}},
		TimeZone: DefaultTZ,
		AfterHours: SpokenTexts{
			En: "We are closed right now. I am happy to take a message, and we will call you back.",
			Nl: "We zijn op dit moment gesloten. Ik noteer graag uw bericht, dan bellen we u terug.",
		},
		QuestionAnswer: []QuestionAnswer{},
		ClosedDays:     []string{},
		RecordsCalls:   true,
	}
}
