package auth

import (
	"html"
	"reflect"
	"strings"
	"testing"

	"github.com/belwise/site/internal/mail"
)

const evilName = `<script>alert("x")</script> & Zoë`

// emailCases renders every account email with a given name; links holds
// every link the message must carry.
var emailCases = []struct {
	name   string
	render func(lang, name string) mail.Message
	links  []string
	footer func(emailText) string // default: the account footer
}{
	{
		name: "verify",
		render: func(lang, name string) mail.Message {
			return verifyEmail(lang, verifyData{Name: name, Link: "https://belwise.test/auth#verify=abc&lang=" + lang, ValidHours: 24})
		},
		links: []string{"https://belwise.test/auth#verify=abc&lang="},
	},
	{
		name: "reset",
		render: func(lang, name string) mail.Message {
			return resetEmail(lang, resetData{Name: name, Link: "https://belwise.test/auth#reset=def&lang=" + lang, ValidMinutes: 30})
		},
		links: []string{"https://belwise.test/auth#reset=def&lang="},
	},
	{
		name: "account exists",
		render: func(lang, name string) mail.Message {
			return accountExistsEmail(lang, accountExistsData{
				Name:       name,
				SignInLink: "https://belwise.test/auth?lang=" + lang,
				ResetLink:  "https://belwise.test/auth#forgot&x=1&lang=" + lang,
			})
		},
		links: []string{"https://belwise.test/auth?lang=", "https://belwise.test/auth#forgot&x=1&lang="},
	},
	{
		name: "invite",
		render: func(lang, name string) mail.Message {
			return inviteEmail(lang, inviteData{Name: name, Link: "https://belwise.test/auth#invite=ghi&lang=" + lang, ValidDays: 7})
		},
		links:  []string{"https://belwise.test/auth#invite=ghi&lang="},
		footer: func(c emailText) string { return c.InviteFooter },
	},
}

func TestEmailsInBothLanguages(t *testing.T) {
	for _, tc := range emailCases {
		for _, lang := range []string{"en", "nl"} {
			t.Run(tc.name+"/"+lang, func(t *testing.T) {
				m := tc.render(lang, evilName)
				if m.To != "" || m.Subject == "" || m.Text == "" || m.HTML == "" {
					t.Fatalf("message %+v", m)
				}
				for _, l := range tc.links {
					link := l + lang
					if !strings.Contains(m.Text, "\n"+link+"\n") {
						t.Errorf("text part lacks %q on its own line:\n%s", link, m.Text)
					}
					if !strings.Contains(m.HTML, `href="`+html.EscapeString(link)+`"`) {
						t.Errorf("HTML part lacks a link to %q", link)
					}
				}
				if strings.Contains(m.HTML, "<script>") || !strings.Contains(m.HTML, "&lt;script&gt;") || !strings.Contains(m.Text, strings.Fields(evilName)[0]) { // the greeting uses the first name
					t.Errorf("the name is escaped in HTML only")
				}
				if !strings.Contains(m.HTML, `<html lang="`+lang+`"`) {
					t.Errorf("HTML lacks lang=%q", lang)
				}
				footer := emailTexts[lang].Footer
				if tc.footer != nil {
					footer = tc.footer(emailTexts[lang])
				}
				if !strings.Contains(m.Text, footer) || !strings.Contains(m.HTML, html.EscapeString(footer)) {
					t.Errorf("the account footer is missing")
				}
			})
		}
		t.Run(tc.name+"/subjects differ", func(t *testing.T) {
			en, nl := tc.render("en", ""), tc.render("nl", "")
			if en.Subject == nl.Subject || en.Text == nl.Text {
				t.Errorf("en and nl are the same: %q", en.Subject)
			}
		})
		t.Run(tc.name+"/fallback to en", func(t *testing.T) {
			want := tc.render("en", "Ann").Subject
			for _, lang := range []string{"", "de", "EN-gb", "xx"} {
				if got := tc.render(lang, "Ann"); got.Subject != want || !strings.Contains(got.HTML, `lang="en"`) {
					t.Errorf("lang %q: subject %q, want the English %q", lang, got.Subject, want)
				}
			}
			if got := tc.render("nl-BE", "Ann"); !strings.Contains(got.HTML, `lang="nl"`) {
				t.Errorf("nl-BE should render Dutch")
			}
		})
	}
}

func TestEmailGreeting(t *testing.T) {
	for lang, want := range map[string][2]string{
		"en": {"Hello,", "Hi Anna,"},
		"nl": {"Goedendag,", "Beste Anna,"},
	} {
		noName := verifyEmail(lang, verifyData{Link: "https://x.test/v", ValidHours: 1})
		if line, _, _ := strings.Cut(noName.Text, "\n"); line != want[0] {
			t.Errorf("%s without name: text starts %q", lang, line)
		}
		named := verifyEmail(lang, verifyData{Name: "  Anna\r\nde \tVries ", Link: "https://x.test/v"})
		if line, _, _ := strings.Cut(named.Text, "\n"); line != want[1] {
			t.Errorf("%s with name: text starts %q", lang, line)
		}
	}
}

func TestEmailValidity(t *testing.T) {
	for _, tc := range []struct {
		m    mail.Message
		want string
	}{
		{verifyEmail("en", verifyData{Link: "https://x.test", ValidHours: 24}), "valid for 24 hours"},
		{verifyEmail("en", verifyData{Link: "https://x.test", ValidHours: 1}), "valid for 1 hour."},
		{verifyEmail("nl", verifyData{Link: "https://x.test", ValidHours: 24}), "Deze link is 24 uur geldig."},
		{resetEmail("en", resetData{Link: "https://x.test", ValidMinutes: 30}), "valid for 30 minutes"},
		{resetEmail("nl", resetData{Link: "https://x.test", ValidMinutes: 30}), "30 minuten geldig"},
		{resetEmail("nl", resetData{Link: "https://x.test", ValidMinutes: 1}), "1 minuut geldig"},
		{resetEmail("nl", resetData{Link: "https://x.test"}), "Hebt u dit niet aangevraagd? Dan kunt u deze e-mail negeren."},
	} {
		if !strings.Contains(tc.m.Text, tc.want) || !strings.Contains(tc.m.HTML, html.EscapeString(tc.want)) {
			t.Errorf("%q missing from\n%s", tc.want, tc.m.Text)
		}
	}
	if m := resetEmail("en", resetData{Link: "https://x.test"}); strings.Contains(m.Text, "valid for") {
		t.Errorf("no validity given, but the text claims one:\n%s", m.Text)
	}
}

// TestEmailTextsComplete checks that no string is missing in any language,
// so a field added for one language cannot silently stay empty in the
// other.
func TestEmailTextsComplete(t *testing.T) {
	for lang, c := range emailTexts {
		v := reflect.ValueOf(c)
		for i := range v.NumField() {
			f, name := v.Field(i), v.Type().Field(i).Name
			switch f.Kind() {
			case reflect.String:
				if strings.TrimSpace(f.String()) == "" {
					t.Errorf("%s: %s is empty", lang, name)
				}
			case reflect.Array:
				for j := range f.Len() {
					if !strings.Contains(f.Index(j).String(), "%d") {
						t.Errorf("%s: %s[%d] lacks %%d", lang, name, j)
					}
				}
			}
		}
	}
	if emailTexts["en"].VerifySubject == emailTexts["nl"].VerifySubject {
		t.Error("nl text looks untranslated")
	}
	if len(emailTexts) != 2 {
		t.Errorf("account emails in %d languages, want en and nl", len(emailTexts))
	}
}
