package mail

import (
	"html"
	"reflect"
	"strings"
	"testing"
)

const evilName = `<script>alert("x")</script> & Zoë`

// templateCases renders every template with a given name; links contains
// every link the message must carry.
var templateCases = []struct {
	name   string
	render func(lang, name string) Message
	links  []string
}{
	{
		name: "VerifyEmail",
		render: func(lang, name string) Message {
			return VerifyEmail(lang, VerifyData{Name: name, Link: "https://belwise.test/verify?token=abc&lang=" + lang, ValidHours: 24})
		},
		links: []string{"https://belwise.test/verify?token=abc&lang="},
	},
	{
		name: "ResetPassword",
		render: func(lang, name string) Message {
			return ResetPassword(lang, ResetData{Name: name, Link: "https://belwise.test/reset?token=def&lang=" + lang, ValidMinutes: 30})
		},
		links: []string{"https://belwise.test/reset?token=def&lang="},
	},
	{
		name: "AccountExists",
		render: func(lang, name string) Message {
			return AccountExists(lang, AccountExistsData{
				Name:       name,
				SignInLink: "https://belwise.test/signin?lang=" + lang,
				ResetLink:  "https://belwise.test/forgot?x=1&lang=" + lang,
			})
		},
		links: []string{"https://belwise.test/signin?lang=", "https://belwise.test/forgot?x=1&lang="},
	},
}

func TestTemplatesRenderInBothLanguages(t *testing.T) {
	for _, tc := range templateCases {
		for _, lang := range []string{"en", "nl"} {
			t.Run(tc.name+"/"+lang, func(t *testing.T) {
				m := tc.render(lang, evilName)
				if m.To != "" {
					t.Errorf("To = %q, want empty", m.To)
				}
				if m.Subject == "" || m.Text == "" || m.HTML == "" {
					t.Fatalf("empty field in %+v", m)
				}
				for _, l := range tc.links {
					link := l + lang
					if !strings.Contains(m.Text, "\n"+link+"\n") {
						t.Errorf("text part lacks %q on its own line:\n%s", link, m.Text)
					}
					escaped := html.EscapeString(link)
					if !strings.Contains(m.HTML, `href="`+escaped+`"`) {
						t.Errorf("HTML part lacks a link to %q", escaped)
					}
					if !strings.Contains(m.HTML, ">"+escaped+"</a>") {
						t.Errorf("HTML part does not write out %q as text", escaped)
					}
				}
				if strings.Contains(m.HTML, "<script>") || strings.Contains(m.HTML, `alert("x")`) {
					t.Errorf("name not escaped in HTML:\n%s", m.HTML)
				}
				if !strings.Contains(m.HTML, "&lt;script&gt;") {
					t.Errorf("escaped name missing from HTML")
				}
				if !strings.Contains(m.Text, evilName) {
					t.Errorf("text part should carry the name verbatim:\n%s", m.Text)
				}
				if !strings.Contains(m.HTML, `<html lang="`+lang+`"`) {
					t.Errorf("HTML lacks lang=%q", lang)
				}
				if !strings.Contains(m.Text, "Belwise") || !strings.Contains(m.HTML, "Belwise") {
					t.Errorf("brand missing")
				}
			})
		}
		t.Run(tc.name+"/subjects differ", func(t *testing.T) {
			en, nl := tc.render("en", ""), tc.render("nl", "")
			if en.Subject == nl.Subject {
				t.Errorf("en and nl subjects are both %q", en.Subject)
			}
			if en.Text == nl.Text {
				t.Errorf("en and nl text are the same")
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

func TestTemplateGreeting(t *testing.T) {
	for lang, want := range map[string][2]string{
		"en": {"Hi there,", "Hi Anna de Vries,"},
		"nl": {"Hoi,", "Hoi Anna de Vries,"},
	} {
		noName := VerifyEmail(lang, VerifyData{Link: "https://x.test/v", ValidHours: 1})
		if !strings.HasPrefix(noName.Text, want[0]+"\n") {
			t.Errorf("%s without name: text starts %q", lang, firstLine(noName.Text))
		}
		if strings.Contains(noName.Text, " ,") {
			t.Errorf("%s: dangling comma in %q", lang, firstLine(noName.Text))
		}
		// Line breaks and padding in a name must not restructure the text part.
		named := VerifyEmail(lang, VerifyData{Name: "  Anna\r\nde \tVries ", Link: "https://x.test/v"})
		if !strings.HasPrefix(named.Text, want[1]+"\n") {
			t.Errorf("%s with name: text starts %q", lang, firstLine(named.Text))
		}
	}
}

func TestTemplateValidity(t *testing.T) {
	for _, tc := range []struct {
		m    Message
		want string
	}{
		{VerifyEmail("en", VerifyData{Link: "https://x.test", ValidHours: 24}), "valid for 24 hours"},
		{VerifyEmail("en", VerifyData{Link: "https://x.test", ValidHours: 1}), "valid for 1 hour."},
		{VerifyEmail("nl", VerifyData{Link: "https://x.test", ValidHours: 24}), "Deze link is 24 uur geldig."},
		{ResetPassword("en", ResetData{Link: "https://x.test", ValidMinutes: 30}), "valid for 30 minutes"},
		{ResetPassword("nl", ResetData{Link: "https://x.test", ValidMinutes: 30}), "30 minuten geldig"},
		{ResetPassword("nl", ResetData{Link: "https://x.test", ValidMinutes: 1}), "1 minuut geldig"},
		{ResetPassword("nl", ResetData{Link: "https://x.test"}), "Heb jij dit niet aangevraagd? Dan kun je deze e-mail negeren."},
	} {
		if !strings.Contains(tc.m.Text, tc.want) || !strings.Contains(tc.m.HTML, html.EscapeString(tc.want)) {
			t.Errorf("%q missing from\n%s", tc.want, tc.m.Text)
		}
	}
	if m := ResetPassword("en", ResetData{Link: "https://x.test"}); strings.Contains(m.Text, "valid for") {
		t.Errorf("no validity given, but the text claims one:\n%s", m.Text)
	}
}

func TestTemplateRejectsScriptURL(t *testing.T) {
	m := VerifyEmail("en", VerifyData{Link: "javascript:alert(1)"})
	if strings.Contains(m.HTML, `href="javascript:`) {
		t.Errorf("javascript: URL survived in href")
	}
}

// TestCopyComplete checks that no string is missing in any language, so a
// field added for one language cannot silently stay empty in the other.
func TestCopyComplete(t *testing.T) {
	for lang, c := range copies {
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
	if copies["en"].VerifySubject == copies["nl"].VerifySubject {
		t.Error("nl copy looks untranslated")
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
