package web

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

type settingsView struct {
	OrderID  string
	Settings map[string]any
	Version  int
	Status   string
	Delivery struct {
		Status, Reason string
		Attempts       int
	}
	Pending *struct {
		ID, Status string
		Settings   map[string]any
		Changed    []string
	}
	LastDecision           *struct{ ID, Status, Note string }
	TransferNumberNational string
}

// settingsMails are the emails about a decision on a settings change.
func settingsMails(msgs []mail.Message) []mail.Message {
	var out []mail.Message
	for _, m := range msgs {
		if strings.HasPrefix(m.Subject, "Your settings change ") {
			out = append(out, m)
		}
	}
	return out
}

// settingsInput is a whole settings body with its greetings passing the
// checks.
func settingsInput(version int, change map[string]any) map[string]any {
	day := []map[string]string{{"from": "09:00", "to": "17:00"}}
	in := map[string]any{
		"greeting": map[string]string{
			"en": "Good morning, you are speaking with the digital assistant of De Vries. This call is recorded.",
			"nl": "Goedemorgen, u spreekt met de digitale assistent van De Vries. Dit gesprek wordt opgenomen.",
		},
		"hours":          map[string]any{"mon": day, "tue": day, "wed": day, "thu": day, "fri": day, "sat": []any{}, "sun": []any{}},
		"closedDays":     []string{"2026-12-25"},
		"timeZone":       "Europe/Amsterdam",
		"afterHours":     map[string]string{"en": "We are closed.", "nl": "We zijn gesloten."},
		"transferNumber": "020 123 4567",
		"qa":             []map[string]string{{"question": "Do you work on Saturdays?", "answer": "No, only on weekdays."}},
		"voicemail":      map[string]string{"en": "Please call us back.", "nl": "Belt u ons terug?"},
		"recordsCalls":   false, // ignored for a buyer
		"version":        version,
	}
	for k, v := range change {
		in[k] = v
	}
	return in
}

// TestAgentSettingsWorkflow: a buyer reads the defaults, a save without
// the AI disclosure is refused at the field, a good save is a change
// request (a second save replaces it; a stale version is 409), staff see it
// with the live settings, approve it (version 1), the buyer sees it live
// with the number in national format; a rejection carries its note; the
// buyer is emailed at each decision; staff edit directly and roll back
// (no email); another buyer's order is 404.
func TestAgentSettingsWorkflow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newAccountEnv(t, db, testSiteURL)
		buyer, o := e.buyerWithOrder("buyer@example.com", "")
		other, _ := e.buyerWithOrder("other@example.com", "")
		staff := e.staffCookie("Sam Staff", "sam@example.com")
		path := "/api/orders/" + o.ID + "/settings"

		v := decode[struct{ Settings settingsView }](t, e.call("GET", path, nil, buyer), 200).Settings
		if v.Version != 0 || v.Status != "live" || v.Pending != nil || v.Settings["recordsCalls"] != true {
			t.Fatalf("defaults: %+v", v)
		}
		expectError(t, e.call("GET", path, nil, other), 404, "not_found", "")
		expectError(t, e.call("PUT", path, settingsInput(0, nil), other), 404, "not_found", "")

		// No disclosure in Dutch; no recording notice in English.
		bad := settingsInput(0, map[string]any{"greeting": map[string]string{
			"en": "Hello, you are speaking with the AI assistant of De Vries.",
			"nl": "Goedemorgen, u spreekt met Anna van De Vries. Dit gesprek wordt opgenomen.",
		}})
		rec := e.call("PUT", path, bad, buyer)
		expectError(t, rec, 400, "recording_notice_missing", "greeting.en")
		var all struct {
			Error struct {
				Errors []struct{ Code, Field string }
			}
		}
		json.Unmarshal(rec.Body.Bytes(), &all)
		got := map[string]string{}
		for _, p := range all.Error.Errors {
			got[p.Field] = p.Code
		}
		if got["greeting.en"] != "recording_notice_missing" || got["greeting.nl"] != "ai_disclosure_missing" {
			t.Fatalf("problems: %+v", all.Error.Errors)
		}

		c := decode[struct{ Change struct{ ID, Status string } }](t, e.call("PUT", path, settingsInput(0, nil), buyer), 202).Change
		c2 := decode[struct{ Change struct{ ID, Status string } }](t, e.call("PUT", path, settingsInput(0, map[string]any{"transferNumber": "+31 30 123 4567"}), buyer), 202).Change
		if c.Status != "pending" || c2.ID != c.ID {
			t.Fatalf("second save should replace the pending change: %+v %+v", c, c2)
		}
		expectError(t, e.call("PUT", path, settingsInput(3, nil), buyer), 409, "version_conflict", "")

		v = decode[struct{ Settings settingsView }](t, e.call("GET", path, nil, buyer), 200).Settings
		if v.Status != "pending" || v.Pending == nil || v.Pending.Settings["transferNumber"] != "+31301234567" {
			t.Fatalf("pending: %+v", v)
		}

		list := decode[struct {
			Changes []struct {
				ID, Status  string
				Live        map[string]any
				LiveVersion int
				Stale       bool
				Settings    map[string]any
			}
		}](t, e.call("GET", "/api/console/changes", nil, staff), 200).Changes
		if len(list) != 1 || list[0].ID != c.ID || list[0].Live != nil || list[0].Stale {
			t.Fatalf("changes: %+v", list)
		}
		expectError(t, e.call("GET", "/api/console/changes", nil, buyer), 403, "staff_only", "")

		ok := decode[struct {
			Change struct {
				Status  string
				Version int
			}
			Settings settingsView
		}](t, e.call("POST", "/api/console/changes/"+c.ID+"/approve", nil, staff), 200)
		if ok.Change.Status != "approved" || ok.Change.Version != 1 || ok.Settings.Version != 1 || ok.Settings.Status != "live" {
			t.Fatalf("approve: %+v", ok)
		}
		expectError(t, e.call("POST", "/api/console/changes/"+c.ID+"/approve", nil, staff), 409, "change_decided", "")
		// The buyer is emailed once about the approval, with the settings page's link.
		if got := settingsMails(e.flushMail()); len(got) != 1 || got[0].To != "buyer@example.com" ||
			got[0].Subject != "Your settings change is approved: Appointment Setter" ||
			!strings.Contains(got[0].Text, testSiteURL+"/dashboard/agents/"+o.ID+"/settings") {
			t.Fatalf("approval email: %+v", got)
		}

		v = decode[struct{ Settings settingsView }](t, e.call("GET", path, nil, buyer), 200).Settings
		if v.Version != 1 || v.Status != "live" || v.TransferNumberNational != "030 123 4567" || v.Settings["recordsCalls"] != true {
			t.Fatalf("live: %+v", v)
		}

		// A rejected change keeps the live version and tells the buyer why.
		c3 := decode[struct{ Change struct{ ID string } }](t, e.call("PUT", path, settingsInput(1, map[string]any{"qa": []any{}}), buyer), 202).Change
		expectError(t, e.call("POST", "/api/console/changes/"+c3.ID+"/reject", map[string]any{"note": ""}, staff), 400, "required", "note")
		decode[map[string]any](t, e.call("POST", "/api/console/changes/"+c3.ID+"/reject", map[string]any{"note": "Please keep the Saturday answer."}, staff), 200)
		v = decode[struct{ Settings settingsView }](t, e.call("GET", path, nil, buyer), 200).Settings
		if v.Version != 1 || v.Pending != nil || v.LastDecision == nil || v.LastDecision.Status != "rejected" || v.LastDecision.Note != "Please keep the Saturday answer." {
			t.Fatalf("after reject: %+v", v)
		}
		if got := settingsMails(e.flushMail()); len(got) != 1 || got[0].Subject != "Your settings change was not approved: Appointment Setter" ||
			!strings.Contains(got[0].Text, "> Please keep the Saturday answer.") {
			t.Fatalf("rejection email: %+v", got)
		}

		// Staff edit directly (turning recording off), then roll back to 1.
		staffPath := "/api/console/orders/" + o.ID + "/settings"
		defer func() {
			if t.Failed() {
				t.Log(e.logs.String())
			}
		}()
		expectError(t, e.call("PUT", staffPath, settingsInput(0, nil), staff), 409, "version_conflict", "")
		sv := decode[struct{ Settings settingsView }](t, e.call("PUT", staffPath, settingsInput(1, map[string]any{"recordsCalls": false,
			"greeting": map[string]string{"en": "You are speaking with an AI assistant.", "nl": "U spreekt met een AI-assistent."}}), staff), 200).Settings
		if sv.Version != 2 || sv.Settings["recordsCalls"] != false {
			t.Fatalf("staff edit: %+v", sv)
		}
		sv = decode[struct{ Settings settingsView }](t, e.call("POST", staffPath+"/rollback", map[string]any{"version": 1}, staff), 200).Settings
		if sv.Version != 3 || sv.Settings["recordsCalls"] != true || sv.Settings["transferNumber"] != "+31301234567" {
			t.Fatalf("rollback: %+v", sv)
		}
		expectError(t, e.call("POST", staffPath+"/rollback", map[string]any{"version": 9}, staff), 400, "unknown_version", "version")
		if got := settingsMails(e.flushMail()); len(got) != 0 {
			t.Fatalf("a staff edit or a rollback emailed the buyer: %+v", got)
		}

		vs := decode[struct {
			Versions []struct {
				Number, RolledBackTo int
				Source               string
				Changed              []string
				Author               *struct {
					Name  string
					Email string
					Staff bool
				}
			}
		}](t, e.call("GET", path+"/versions", nil, buyer), 200).Versions
		if len(vs) != 3 || vs[0].Number != 3 || vs[0].Source != "rollback" || vs[0].RolledBackTo != 1 || vs[2].Source != "approved" {
			t.Fatalf("versions: %+v", vs)
		}
		if vs[0].Author == nil || !vs[0].Author.Staff || vs[0].Author.Email != "" {
			t.Fatalf("a buyer sees the agency, not a staff member's address: %+v", vs[0].Author)
		}
		expectError(t, e.call("GET", path+"/versions", nil, other), 404, "not_found", "")

		// The audit trail has a line for each step.
		h, err := db.History(t.Context(), store.EntityOrder, o.ID, store.FieldSettings)
		if err != nil || len(h) != 3 {
			t.Fatalf("audit: %v %+v", err, h)
		}
	})
}
