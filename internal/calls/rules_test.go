package calls_test

import (
	"testing"

	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/store"
)

func TestOutcome(t *testing.T) {
	cases := []struct {
		status, reason string
		secs           int
		report         bool
		want           string
	}{
		{"in-progress", "", 30, false, store.OutcomePending},
		{"ended", "customer-ended-call", 95, false, store.OutcomeAnswered},
		{"", "assistant-ended-call", 12, true, store.OutcomeAnswered},
		{"ended", "silence-timed-out", 40, true, store.OutcomeAnswered},
		{"ended", "customer-did-not-answer", 0, true, store.OutcomeMissed},
		{"ended", "customer-busy", 0, true, store.OutcomeMissed},
		{"ended", "voicemail", 25, true, store.OutcomeMissed},
		{"ended", "customer-ended-call", 0, true, store.OutcomeMissed},
		{"ended", "pipeline-error-openai-llm-failed", 3, true, store.OutcomeFailed},
		{"ended", "twilio-failed-to-connect-call", 0, true, store.OutcomeFailed},
		{"ended", "call.in-progress.error-vapifault-openai-llm-failed", 20, true, store.OutcomeFailed},
		{"ended", "assistant-join-timed-out", 0, true, store.OutcomeFailed},
	}
	for _, c := range cases {
		if got := calls.Outcome(c.status, c.reason, c.secs, c.report); got != c.want {
			t.Errorf("Outcome(%q, %q, %d, %v) = %q, want %q", c.status, c.reason, c.secs, c.report, got, c.want)
		}
	}
}
