package calls

import (
	"strings"

	"github.com/belwise/site/internal/calldata"
	"github.com/belwise/site/internal/store"
)

// statusRank orders Vapi's call statuses: a call only ever moves forward,
// so an update that arrives late never takes it back. Unknown statuses
// rank lowest.
var statusRank = map[string]int{"scheduled": 1, "queued": 2, "ringing": 3, "in-progress": 4, "forwarding": 5, store.StatusEnded: 6}

// Outcome is the one mapping from what Vapi reports to what a buyer sees:
// pending until the call has ended; missed when nobody answered (Vapi's
// no-answer, busy and voicemail reasons, a call cancelled before it
// connected, or no time connected at all); failed when it broke (an error,
// a fault, a failure to connect or start); answered otherwise.
func Outcome(status, endedReason string, durationSeconds int, report bool) string {
	if status != store.StatusEnded && !report {
		return store.OutcomePending
	}
	r := strings.ToLower(endedReason)
	switch {
	case strings.Contains(r, "did-not-answer"), strings.Contains(r, "busy"), strings.Contains(r, "no-answer"),
		strings.Contains(r, "voicemail"), strings.Contains(r, "manually-canceled"), strings.Contains(r, "did-not-give-microphone"):
		return store.OutcomeMissed
	case strings.Contains(r, "error"), strings.Contains(r, "fault"), strings.Contains(r, "failed"),
		strings.Contains(r, "join-timed-out"), strings.Contains(r, "pipeline"):
		return store.OutcomeFailed
	case durationSeconds <= 0:
		return store.OutcomeMissed
	}
	return store.OutcomeAnswered
}

// Merge applies what r tells to c and derives the outcome. A report
// replaces what it knows; anything else only fills in what is unknown.
// Call data merges key by key (calldata.Merge): no word ever removes a
// value.
// The status never moves back. The store applies it to the call it holds
// locked (store.DB.RecordCall), and to a new call a first report makes.
func Merge(c *store.Call, r store.CallReport) {
	authoritative := r.Report || !c.ReportReceived
	setS := func(dst *string, v string) {
		if v != "" && (authoritative || *dst == "") {
			*dst = v
		}
	}
	if c.AssistantID == "" {
		c.AssistantID = r.AssistantID
	}
	setS(&c.Type, r.Type)
	setS(&c.CustomerNumber, r.CustomerNumber)
	setS(&c.EndedReason, r.EndedReason)
	setS(&c.Summary, r.Summary)
	setS(&c.SuccessEval, r.SuccessEval)
	setS(&c.RecordingURL, r.RecordingURL)
	// Recording consent: a report's word (given or not) is final; an
	// unknown one never erases a known one. A call without consent keeps
	// no recording link, whatever word brought it.
	if r.RecordingConsent == store.ConsentGiven || r.RecordingConsent == store.ConsentNotGiven {
		if authoritative || c.RecordingConsent == "" || c.RecordingConsent == store.ConsentUnknown {
			c.RecordingConsent = r.RecordingConsent
		}
	}
	if c.RecordingConsent == store.ConsentNotGiven {
		c.RecordingURL = ""
	}
	if r.StartedAt != nil && authoritative {
		c.StartedAt = r.StartedAt.UTC()
	}
	if r.EndedAt != nil && (authoritative || c.EndedAt == nil) {
		t := r.EndedAt.UTC()
		c.EndedAt = &t
	}
	// An unknown duration or cost (0) never erases a known one: the
	// list-calls API, say, has no duration when it lacks the times.
	if r.DurationSeconds > 0 && (authoritative || c.DurationSeconds == 0) {
		c.DurationSeconds = r.DurationSeconds
	}
	if r.Cost > 0 && (authoritative || c.Cost == 0) {
		c.Cost = r.Cost
	}
	if len(r.Transcript) > 0 && (authoritative || len(c.Transcript) == 0) {
		c.Transcript = r.Transcript
	}
	c.Data = calldata.Merge(c.Data, r.Data, authoritative)
	status := r.Status
	if r.Report {
		status = store.StatusEnded
	}
	if statusRank[status] > statusRank[c.Status] {
		c.Status = status
	}
	c.ReportReceived = c.ReportReceived || r.Report
	c.Outcome = Outcome(c.Status, c.EndedReason, c.DurationSeconds, c.ReportReceived)
}
