package voice

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
)

// Message types that carry a call.
const (
	TypeEndOfCallReport = "end-of-call-report"
	TypeStatusUpdate    = "status-update"
)

// The parts of Vapi's Call object (GET /call, and message.call in server
// messages) this site stores. Vapi documents them in its API reference
// (Call, Artifact, Analysis, ServerMessageEndOfCallReport,
// ServerMessageStatusUpdate); everything else is ignored.
type vapiCall struct {
	ID          string          `json:"id" text:"line"`
	AssistantID string          `json:"assistantId" text:"line"`
	Type        string          `json:"type" text:"line"` // inboundPhoneCall | outboundPhoneCall | webCall
	Status      string          `json:"status" text:"line"`
	EndedReason string          `json:"endedReason" text:"line"`
	CreatedAt   string          `json:"createdAt" text:"line"`
	StartedAt   string          `json:"startedAt" text:"line"`
	EndedAt     string          `json:"endedAt" text:"line"`
	Cost        *float64        `json:"cost"`
	Customer    *vapiCustomer   `json:"customer"`
	Analysis    *vapiAnalysis   `json:"analysis"`
	Artifact    *vapiArtifact   `json:"artifact"`
	Messages    []vapiTurn      `json:"messages"`                 // older calls: the transcript at the top
	Summary     string          `json:"summary"`                  // older calls
	Recording   string          `json:"recordingUrl" text:"line"` // older calls
	Compliance  *vapiCompliance `json:"compliance"`
}

// vapiCompliance is Vapi's Compliance object (Call.compliance, and the
// end-of-call report's compliance): recordingConsent is there when the
// assistant's compliancePlan.recordingConsentPlan asked for consent, as
// {type: "verbal" | "stay-on-line", grantedAt: the time consent was
// given, null when it was not}.
type vapiCompliance struct {
	RecordingConsent *struct {
		Type      string          `json:"type" text:"line"`
		GrantedAt json.RawMessage `json:"grantedAt"`
	} `json:"recordingConsent"`
}

// consent reads a Compliance object: ConsentGiven when grantedAt is set,
// ConsentNotGiven when consent was asked but not granted, "" when the
// object does not say (no consent plan).
func (c *vapiCompliance) consent() string {
	if c == nil || c.RecordingConsent == nil {
		return ""
	}
	if g := c.RecordingConsent.GrantedAt; !isNull(g) && string(g) != `""` {
		return store.ConsentGiven
	}
	return store.ConsentNotGiven
}

type vapiCustomer struct {
	Number string `json:"number" text:"line"`
}

type vapiAnalysis struct {
	Summary string `json:"summary"`
	// successEvaluation is a string in the schema, but its rubric decides
	// what it holds (true/false, a number, a grade); any scalar is kept as text.
	SuccessEvaluation json.RawMessage `json:"successEvaluation"`
	// structuredData is what the assistant's analysis plan extracted, by
	// key: the call data (package calldata reads it against the order's
	// fields). Anything but an object is ignored, never a reason to lose
	// the call; its strings are cleaned as multi-line text.
	StructuredData json.RawMessage `json:"structuredData"`
}

type vapiArtifact struct {
	Messages     []vapiTurn `json:"messages"`
	RecordingURL string     `json:"recordingUrl" text:"line"`
	Recording    *struct {
		Mono *struct {
			CombinedURL string `json:"combinedUrl" text:"line"`
		} `json:"mono"`
	} `json:"recording"`
}

// vapiTurn is one entry of artifact.messages: {role: bot|user|system|
// tool_calls|…, message, time, endTime, secondsFromStart, duration}.
type vapiTurn struct {
	Role             string   `json:"role" text:"line"`
	Message          string   `json:"message"`
	SecondsFromStart *float64 `json:"secondsFromStart"`
}

// callMessage is an end-of-call-report or status-update message.
type callMessage struct {
	Call      *vapiCall `json:"call"`
	Assistant *struct {
		ID string `json:"id" text:"line"`
	} `json:"assistant"`
	Customer        *vapiCustomer   `json:"customer"`
	Status          string          `json:"status" text:"line"`
	EndedReason     string          `json:"endedReason" text:"line"`
	StartedAt       string          `json:"startedAt" text:"line"`
	EndedAt         string          `json:"endedAt" text:"line"`
	Cost            *float64        `json:"cost"`
	DurationSeconds *float64        `json:"durationSeconds"`
	Analysis        *vapiAnalysis   `json:"analysis"`
	Artifact        *vapiArtifact   `json:"artifact"`
	Summary         string          `json:"summary"`
	RecordingURL    string          `json:"recordingUrl" text:"line"`
	Timestamp       json.RawMessage `json:"timestamp"`
	Compliance      *vapiCompliance `json:"compliance"`
}

// parseCallMessage reads the call an end-of-call-report or status-update
// message is about. Its texts are cleaned (package text; the fields tagged
// text:"line" as one line), so a control character never costs the call:
// a NUL in a summary or in the call's id is removed, and Vapi's retries of
// the same report clean to the same call.
func parseCallMessage(typ string, raw json.RawMessage) (store.CallReport, error) {
	var m callMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return store.CallReport{}, malformed("The %s message could not be read: %s.", typ, jsonProblem(err))
	}
	text.CleanAll(&m)
	if m.Call == nil || strings.TrimSpace(m.Call.ID) == "" {
		return store.CallReport{}, malformed(`"message.call.id" must be a non-empty string.`)
	}
	r, err := m.Call.report()
	if err != nil {
		return store.CallReport{}, err
	}
	if r.AssistantID == "" && m.Assistant != nil {
		r.AssistantID = m.Assistant.ID
	}
	if r.CustomerNumber == "" && m.Customer != nil {
		r.CustomerNumber = m.Customer.Number
	}
	if m.EndedReason != "" {
		r.EndedReason = m.EndedReason
	}
	if typ == TypeStatusUpdate {
		if m.Status == "" {
			return store.CallReport{}, malformed(`"message.status" must be a non-empty string.`)
		}
		r.Status, r.Report = m.Status, false
		return r, nil
	}
	// The report: its own fields are the final word over the call object's.
	r.Report, r.Status = true, store.StatusEnded
	for _, t := range []struct {
		s   string
		dst **time.Time
		f   string
	}{{m.StartedAt, &r.StartedAt, "startedAt"}, {m.EndedAt, &r.EndedAt, "endedAt"}} {
		if t.s == "" {
			continue
		}
		v, err := parseTime(t.s, "message."+t.f)
		if err != nil {
			return store.CallReport{}, err
		}
		*t.dst = v
	}
	if m.Cost != nil {
		r.Cost = *m.Cost
	}
	if m.Analysis != nil {
		if err := applyAnalysis(&r, m.Analysis); err != nil {
			return store.CallReport{}, err
		}
	} else if m.Summary != "" {
		r.Summary = m.Summary
	}
	if m.Artifact != nil {
		applyArtifact(&r, m.Artifact)
	}
	if r.RecordingURL == "" {
		r.RecordingURL = m.RecordingURL
	}
	if c := m.Compliance.consent(); c != "" {
		r.RecordingConsent = c
	}
	switch {
	case m.DurationSeconds != nil:
		r.DurationSeconds = int(math.Round(max(*m.DurationSeconds, 0)))
	case r.StartedAt != nil && r.EndedAt != nil:
		r.DurationSeconds = seconds(*r.StartedAt, *r.EndedAt)
	}
	if err := checkRecording(r.RecordingURL); err != nil {
		return store.CallReport{}, err
	}
	return r, nil
}

// report turns a Call object into what the store keeps, its texts
// cleaned as parseCallMessage's.
func (c *vapiCall) report() (store.CallReport, error) {
	text.CleanAll(c)
	r := store.CallReport{VapiCallID: strings.TrimSpace(c.ID), AssistantID: c.AssistantID, Status: c.Status,
		EndedReason: c.EndedReason, Summary: c.Summary, RecordingURL: c.Recording}
	switch c.Type {
	case "inboundPhoneCall":
		r.Type = store.CallInbound
	case "outboundPhoneCall":
		r.Type = store.CallOutbound
	case "webCall":
		r.Type = store.CallWeb
	}
	if c.Customer != nil {
		r.CustomerNumber = c.Customer.Number
	}
	r.RecordingConsent = c.Compliance.consent()
	for _, t := range []struct {
		s   string
		dst **time.Time
		f   string
	}{{c.CreatedAt, &r.CreatedAt, "createdAt"}, {c.StartedAt, &r.StartedAt, "startedAt"}, {c.EndedAt, &r.EndedAt, "endedAt"}} {
		if t.s == "" {
			continue
		}
		v, err := parseTime(t.s, "call."+t.f)
		if err != nil {
			return store.CallReport{}, err
		}
		*t.dst = v
	}
	if c.Cost != nil {
		r.Cost = *c.Cost
	}
	if c.Analysis != nil {
		if err := applyAnalysis(&r, c.Analysis); err != nil {
			return store.CallReport{}, err
		}
	}
	if len(c.Messages) > 0 {
		r.Transcript = transcript(c.Messages)
	}
	if c.Artifact != nil {
		applyArtifact(&r, c.Artifact)
	}
	if r.StartedAt != nil && r.EndedAt != nil {
		r.DurationSeconds = seconds(*r.StartedAt, *r.EndedAt)
	}
	if err := checkRecording(r.RecordingURL); err != nil {
		return store.CallReport{}, err
	}
	return r, nil
}

func applyAnalysis(r *store.CallReport, a *vapiAnalysis) error {
	if a.Summary != "" {
		r.Summary = a.Summary
	}
	s, ok := scalarText(a.SuccessEvaluation)
	if !ok {
		return malformed(`"analysis.successEvaluation" must be a string, number or boolean.`)
	}
	if s = text.MultiLine(s); s != "" {
		r.SuccessEval = s
	}
	var data map[string]any
	if len(a.StructuredData) > 0 && json.Unmarshal(a.StructuredData, &data) == nil && data != nil {
		text.CleanAll(&data)
		r.Data = data
	}
	return nil
}

func applyArtifact(r *store.CallReport, a *vapiArtifact) {
	if len(a.Messages) > 0 {
		r.Transcript = transcript(a.Messages)
	}
	switch {
	case a.RecordingURL != "":
		r.RecordingURL = a.RecordingURL
	case a.Recording != nil && a.Recording.Mono != nil && a.Recording.Mono.CombinedURL != "":
		r.RecordingURL = a.Recording.Mono.CombinedURL
	}
}

// transcript keeps what was said: the assistant's turns ("bot") as the
// agent's, the customer's ("user") as the caller's; system prompts and tool
// calls are not part of the conversation.
func transcript(turns []vapiTurn) []store.TranscriptLine {
	out := []store.TranscriptLine{}
	for _, t := range turns {
		var role string
		switch t.Role {
		case "bot", "assistant":
			role = "agent"
		case "user":
			role = "caller"
		default:
			continue
		}
		text := strings.TrimSpace(t.Message)
		if text == "" {
			continue
		}
		line := store.TranscriptLine{Role: role, Text: text}
		if t.SecondsFromStart != nil {
			line.SecondsFromStart = math.Round(max(*t.SecondsFromStart, 0)*100) / 100
		}
		out = append(out, line)
	}
	return out
}

func parseTime(s, field string) (*time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return nil, malformed("%q must be an ISO 8601 time such as 2026-11-22T10:15:00.000Z.", field)
	}
	t = t.UTC()
	return &t, nil
}

func seconds(from, to time.Time) int {
	if !to.After(from) {
		return 0
	}
	return int(math.Round(to.Sub(from).Seconds()))
}

// scalarText is a JSON string, number or boolean as text; null or absent is "".
func scalarText(raw json.RawMessage) (string, bool) {
	if isNull(raw) {
		return "", true
	}
	switch raw[0] {
	case '"':
		var s string
		return s, json.Unmarshal(raw, &s) == nil
	case '{', '[':
		return "", false
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return "", false
	}
	switch x := v.(type) {
	case bool:
		return strconv.FormatBool(x), true
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64), true
	}
	return "", false
}

// checkRecording accepts only an https URL on one real host (or none) as
// a recording link: it becomes an <audio> source and widens the call
// page's CSP to its origin, which must never be a wildcard.
func checkRecording(u string) error {
	if u == "" {
		return nil
	}
	if _, ok := RecordingOrigin(u); !ok {
		return malformed("The recording URL must be an https URL on one named host, without a user name or a port other than 443.")
	}
	return nil
}

// RecordingOrigin is the origin (https://host, or https://host:443) of a
// recording URL, for the call page's media-src; false unless the URL is
// https, has no user info, no port but 443 and names one host by its DNS
// name: letters, digits and hyphens in two or more dot-separated labels,
// the last not a number. A wildcard ("*"), an IP literal (Vapi stores
// recordings on named hosts; an address would pin the policy to one
// machine), an empty host and any other character are refused, so the
// origin can be written into a CSP as it is.
func RecordingOrigin(raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "https" || u.Opaque != "" || u.User != nil {
		return "", false
	}
	if p := u.Port(); p != "" && p != "443" {
		return "", false
	}
	host := strings.ToLower(u.Hostname())
	if !dnsName(host) || (u.Port() == "" && u.Host != u.Hostname()) {
		// "host:" (an empty port) is not an origin either.
		return "", false
	}
	if u.Port() != "" {
		return "https://" + host + ":" + u.Port(), true
	}
	return "https://" + host, true
}

// dnsName reports whether host (lower case) is a DNS name of two or more
// labels whose last is not all digits.
func dnsName(host string) bool {
	if len(host) == 0 || len(host) > 253 {
		return false
	}
	labels := strings.Split(host, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		for _, c := range []byte(l) {
			if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '-' {
				return false
			}
		}
	}
	last := labels[len(labels)-1]
	return strings.Trim(last, "0123456789") != ""
}

// jsonProblem names the field of a type error without echoing values.
func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return fmt.Sprintf("%q must be a %s", te.Field, te.Type.String())
	}
	return "it is not the documented shape"
}
