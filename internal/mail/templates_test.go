package mail

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	netmail "net/mail"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/mail/smtptest"
	"github.com/belwise/site/internal/text"
)

const evilName = `<script>alert("x")</script> & Zoë`

// testData fills testEmail, a stand-in for a domain's email (the real ones
// live in auth and quote) with a link, a summary and a validity note.
type testData struct {
	Name       string
	Link       string
	ValidHours int
}

var testCopy = map[string]struct{ subject, intro, button, valid, footer string }{
	"en": {"Confirm your test", "Please confirm.", "Confirm", "This link is valid for %d hours and works only once.", "Belwise · A test."},
	"nl": {"Bevestig je test", "Bevestig alsjeblieft.", "Bevestigen", "Deze link is %d uur geldig en werkt maar één keer.", "Belwise · Een test."},
}

func testEmail(lang string, d testData) Message {
	lang = text.Lang(lang)
	c := testCopy[lang]
	e := Email{
		Lang: lang, Subject: c.subject, Preheader: c.intro, Heading: c.subject,
		Greeting:   Greeting(lang, d.Name),
		Paragraphs: []string{c.intro},
		Details:    []Detail{{Label: "Name", Value: CleanLine(d.Name)}, {Label: "Message", Value: "line one\nline two", Block: true}},
		Actions:    []Action{{Intro: c.intro, Label: c.button, URL: d.Link, Primary: true}},
		Footer:     c.footer,
	}
	if d.ValidHours > 0 {
		e.Notes = append(e.Notes, fmt.Sprintf(c.valid, d.ValidHours))
	}
	return e.Render()
}

func TestLayoutInBothLanguages(t *testing.T) {
	for _, lang := range []string{"en", "nl"} {
		t.Run(lang, func(t *testing.T) {
			link := "https://belwise.test/verify?token=abc&lang=" + lang
			m := testEmail(lang, testData{Name: evilName, Link: link, ValidHours: 24})
			if m.To != "" || m.ReplyTo != "" {
				t.Errorf("To %q, ReplyTo %q: want both left to the caller", m.To, m.ReplyTo)
			}
			if m.Subject != testCopy[lang].subject || m.Text == "" || m.HTML == "" {
				t.Fatalf("empty field in %+v", m)
			}
			if !strings.Contains(m.Text, "\n"+link+"\n") {
				t.Errorf("text part lacks %q on its own line:\n%s", link, m.Text)
			}
			escaped := html.EscapeString(link)
			if !strings.Contains(m.HTML, `href="`+escaped+`"`) || !strings.Contains(m.HTML, ">"+escaped+"</a>") {
				t.Errorf("HTML part lacks a written-out link to %q", escaped)
			}
			if strings.Contains(m.HTML, "<script>") || strings.Contains(m.HTML, `alert("x")`) || !strings.Contains(m.HTML, "&lt;script&gt;") {
				t.Errorf("name not escaped in HTML:\n%s", m.HTML)
			}
			if !strings.Contains(m.Text, evilName) {
				t.Errorf("text part should carry the name verbatim:\n%s", m.Text)
			}
			if !strings.Contains(m.Text, "Message:\n> line one\n> line two\n") || !strings.Contains(m.HTML, "line one<br>line two") {
				t.Errorf("a block detail keeps its lines:\n%s", m.Text)
			}
			if !strings.Contains(m.HTML, `<html lang="`+lang+`"`) {
				t.Errorf("HTML lacks lang=%q", lang)
			}
			lt := layoutTexts[lang]
			for _, want := range []string{lt.SignOff, lt.Team, testCopy[lang].footer, fmt.Sprintf(testCopy[lang].valid, 24)} {
				if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, html.EscapeString(want)) {
					t.Errorf("%q missing", want)
				}
			}
			if !strings.Contains(m.HTML, html.EscapeString(lt.LinkFallback)) {
				t.Errorf("link fallback missing from HTML")
			}
		})
	}
}

// TestLang: text.Lang reads the language (its table is in package text);
// an email in a language without a layout is laid out in English.
func TestLang(t *testing.T) {
	if m := testEmail("de", testData{Link: "https://x.test"}); !strings.Contains(m.HTML, `lang="en"`) || !strings.Contains(m.Text, layoutTexts["en"].SignOff) {
		t.Errorf("an unknown language is laid out in English")
	}
}

func TestGreeting(t *testing.T) {
	for lang, want := range map[string][2]string{
		"en": {"Hello,", "Hi Anna,"},
		"nl": {"Goedendag,", "Beste Anna,"},
	} {
		if got := Greeting(lang, " \t"); got != want[0] {
			t.Errorf("%s without name: %q", lang, got)
		}
		// Line breaks and padding in a name must not restructure the text part.
		named := testEmail(lang, testData{Name: "  Anna\r\nde \tVries ", Link: "https://x.test/v"})
		if !strings.HasPrefix(named.Text, want[1]+"\n") {
			t.Errorf("%s with name: text starts %q", lang, firstLine(named.Text))
		}
	}
	if got := Greeting("en", strings.Repeat("é", 100)); got != "Hi "+strings.Repeat("é", 60)+"…," {
		t.Errorf("a long name is cut: %q", got)
	}
	for name, want := range map[string]string{"Cher": "Beste Cher,", " Zoë  van Dijk": "Beste Zoë,", "": "Goedendag,"} {
		if got := Greeting("nl", name); got != want {
			t.Errorf("Greeting(nl, %q) = %q, want %q", name, got, want)
		}
	}
}

func TestUnsignedEmailHasNoSignOff(t *testing.T) {
	e := Email{Lang: "en", Subject: "s", Greeting: "Hi team,", Paragraphs: []string{"p"}, Footer: "f"}
	signed := e.Render()
	e.Unsigned = true
	unsigned := e.Render()
	if !strings.Contains(signed.Text, "The Belwise team") || !strings.Contains(signed.HTML, "The Belwise team") {
		t.Fatalf("signed email lacks the sign-off")
	}
	if strings.Contains(unsigned.Text, "The Belwise team") || strings.Contains(unsigned.HTML, "The Belwise team") ||
		strings.Contains(unsigned.Text, "Warm regards") {
		t.Errorf("unsigned email is signed:\n%s", unsigned.Text)
	}
}

func TestLayoutRejectsScriptURL(t *testing.T) {
	m := testEmail("en", testData{Link: "javascript:alert(1)"})
	if strings.Contains(m.HTML, `href="javascript:`) {
		t.Errorf("javascript: URL survived in href")
	}
}

// TestLayoutTextsComplete: no word of the layout may be missing in a
// language.
func TestLayoutTextsComplete(t *testing.T) {
	for lang, c := range layoutTexts {
		for name, v := range map[string]string{"Greeting": c.Greeting, "GreetingNoName": c.GreetingNoName, "LinkFallback": c.LinkFallback, "SignOff": c.SignOff, "Team": c.Team} {
			if strings.TrimSpace(v) == "" {
				t.Errorf("%s: %s is empty", lang, name)
			}
		}
		if strings.Count(c.Greeting, "%s") != 1 {
			t.Errorf("%s: Greeting needs exactly one %%s", lang)
		}
	}
	if layoutTexts["en"].SignOff == layoutTexts["nl"].SignOff {
		t.Error("nl layout looks untranslated")
	}
}

// TestReplyToHeader checks that Message.ReplyTo reaches the wire, and that
// an unusable one is a permanent error like a bad recipient.
func TestReplyToHeader(t *testing.T) {
	from := &netmail.Address{Name: "Belwise", Address: "no-reply@belwise.test"}
	m := testEmail("en", testData{Name: "Anna de Vries", Link: "https://x.test/v"})
	m.To = "quotes@belwise.test"
	m.ReplyTo = "anna@example.nl"
	msg, err := build(from, m, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	var raw bytes.Buffer
	if _, err := msg.WriteTo(&raw); err != nil {
		t.Fatal(err)
	}
	p, err := smtptest.Parse(raw.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Header.Get("Reply-To"); got != "<anna@example.nl>" {
		t.Errorf("Reply-To header %q", got)
	}
	if p.Subject != m.Subject {
		t.Errorf("subject %q", p.Subject)
	}

	// Without ReplyTo there is no header.
	plain := testEmail("en", testData{Link: "https://x.test/v"})
	plain.To = "a@example.com"
	msg, err = build(from, plain, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	raw.Reset()
	msg.WriteTo(&raw)
	if strings.Contains(raw.String(), "Reply-To") {
		t.Error("Reply-To header without a ReplyTo")
	}

	m.ReplyTo = "not an address"
	if _, err := build(from, m, time.Now()); !errors.Is(err, ErrPermanent) {
		t.Errorf("bad Reply-To: err %v, want ErrPermanent", err)
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// TestListUnsubscribeHeaders: Message.ListUnsubscribe becomes RFC 8058's pair
// of headers, the long signed link intact; without it there are none.
func TestListUnsubscribeHeaders(t *testing.T) {
	from := &netmail.Address{Name: "Belwise", Address: "no-reply@belwise.test"}
	link := "https://belwise.test/api/digests/off?u=e43e80cd-2a92-4475-ae23-cf55fcf00d21&s=0f0e57c3b22e0134d209aed7ae079243edf70389186f3b16b4e475c4991ea70c"
	for _, with := range []bool{true, false} {
		m := testEmail("nl", testData{Link: "https://x.test/v"})
		m.To = "anna@example.nl"
		if with {
			m.ListUnsubscribe = link
		}
		msg, err := build(from, m, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		var raw bytes.Buffer
		if _, err := msg.WriteTo(&raw); err != nil {
			t.Fatal(err)
		}
		p, err := smtptest.Parse(raw.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		got, post := p.Header.Get("List-Unsubscribe"), p.Header.Get("List-Unsubscribe-Post")
		if with && (got != "<"+link+">" || post != "List-Unsubscribe=One-Click") {
			t.Errorf("List-Unsubscribe %q, List-Unsubscribe-Post %q", got, post)
		}
		if !with && (got != "" || post != "") {
			t.Errorf("headers without a link: %q %q", got, post)
		}
	}
}
