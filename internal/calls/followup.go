package calls

import (
	"slices"

	"github.com/belwise/site/internal/calldata"
	"github.com/belwise/site/internal/store"
)

// NeedsFollowUp is the one rule of which calls need follow-up (issue 21):
// a missed or failed call, or one whose call data holds a flagging value
// of a field staff marked "needs follow-up" (store.CallField.FollowUp): a
// yes/no field's yes, a choice field's value among its FollowUpOptions.
// fields are the call's order's fields (none for an unassigned call);
// values are read as calldata.Values reads them, so a value that does not
// fit its field flags nothing. A call still in progress (pending) needs
// none yet.
func NeedsFollowUp(outcome string, fields []store.CallField, data map[string]any) bool {
	if outcome == store.OutcomeMissed || outcome == store.OutcomeFailed {
		return true
	}
	return FlaggedBy(fields, data) != nil
}

// FlaggedBy is the first marked field (in the order's order) whose value
// flags the call, nil when none does: what an alert's subject names
// ("Callback wanted: …").
func FlaggedBy(fields []store.CallField, data map[string]any) *store.CallField {
	for i, f := range fields {
		if !f.FollowUp {
			continue
		}
		v, ok := data[f.Name]
		if !ok {
			continue
		}
		n, ok := calldata.Value(f, v)
		if !ok {
			continue
		}
		switch f.Type {
		case calldata.TypeYesNo:
			if b, _ := n.(bool); b {
				return &fields[i]
			}
		case calldata.TypeChoice:
			if s, _ := n.(string); slices.Contains(f.FollowUpOptions, s) {
				return &fields[i]
			}
		}
	}
	return nil
}
