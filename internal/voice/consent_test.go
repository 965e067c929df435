package voice

import (
	"strings"
	"testing"

	"github.com/belwise/site/internal/store"
)

// compliance.recordingConsent as Vapi documents it (Compliance.ts,
// RecordingConsent: {type: "verbal" | "stay-on-line", grantedAt}): given
// when grantedAt is set, not given when the plan asked and grantedAt is
// null or absent, unknown without a consent plan. It is read from the
// report and from its call (the list-calls API's Call object has it too).
func TestParseRecordingConsent(t *testing.T) {
	const call = `"call":{"id":"c1","assistantId":"a1","type":"inboundPhoneCall"%s}`
	for _, tc := range []struct {
		name, top, inCall, want string
	}{
		{"granted verbal", `,"compliance":{"recordingConsent":{"type":"verbal","grantedAt":"2026-11-20T09:30:04.000Z"}}`, "", store.ConsentGiven},
		{"granted stay-on-line in the call", "", `,"compliance":{"recordingConsent":{"type":"stay-on-line","grantedAt":"2026-11-20T09:30:09.000Z"}}`, store.ConsentGiven},
		{"not granted (null)", `,"compliance":{"recordingConsent":{"type":"verbal","grantedAt":null}}`, "", store.ConsentNotGiven},
		{"not granted (absent)", `,"compliance":{"recordingConsent":{"type":"verbal"}}`, "", store.ConsentNotGiven},
		{"the report's word over the call's", `,"compliance":{"recordingConsent":{"type":"verbal","grantedAt":null}}`,
			`,"compliance":{"recordingConsent":{"type":"verbal","grantedAt":"2026-11-20T09:30:04.000Z"}}`, store.ConsentNotGiven},
		{"no plan", `,"compliance":{}`, "", ""},
		{"no compliance", "", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw := `{"message":{"type":"end-of-call-report","endedReason":"customer-ended-call",` +
				strings.Replace(call, "%s", tc.inCall, 1) + tc.top +
				`,"artifact":{"recordingUrl":"https://storage.vapi.ai/c1.wav"}}}`
			msg, err := ParseMessage([]byte(raw))
			if err != nil {
				t.Fatal(err)
			}
			if msg.Call.RecordingConsent != tc.want {
				t.Fatalf("consent %q, want %q", msg.Call.RecordingConsent, tc.want)
			}
			// The parser keeps the link: dropping it is the call log's rule (calls.Merge).
			if msg.Call.RecordingURL != "https://storage.vapi.ai/c1.wav" {
				t.Fatalf("recording %q", msg.Call.RecordingURL)
			}
		})
	}
}
