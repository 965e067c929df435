package quote

import (
	"html"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/store"
)

const evilName = `<script>alert("x")</script> & Zoë`

const testInboxAddr = "quotes@belwise.test"

// submitted is 22:05 UTC on 21 November 2026: 23:05 in Amsterdam.
var submitted = time.Date(2026, 11, 21, 22, 5, 30, 0, time.UTC)

// fullQuote is a stored request as the emails get it: the record itself.
func fullQuote() store.QuoteRequest {
	return store.QuoteRequest{
		ID:           "0b6f3c1e-8d2a-4f5b-9c7e-1a2b3c4d5e6f",
		FullName:     "Anna de Vries",
		CompanyName:  "Tandartspraktijk Zuid",
		BusinessType: "Dental clinic",
		Email:        "anna@example.nl",
		Phone:        "+31 20 123 4567",
		Description:  "We miss calls at lunch.\r\nCan an agent book appointments?",
		Language:     "dutch",
		Locale:       "nl",
		SubmittedAt:  submitted,
	}
}

func TestQuoteInboxIsNotSignedByTheTeam(t *testing.T) {
	m := inboxEmail(fullQuote())
	for _, part := range []string{m.Text, m.HTML} {
		if strings.Contains(part, "The Belwise team") || strings.Contains(part, "Warm regards") {
			t.Errorf("the email to the agency's own inbox is signed by the team:\n%s", part)
		}
	}
	if c := confirmationEmail("en", fullQuote(), testInboxAddr); !strings.Contains(c.Text, "The Belwise team") {
		t.Errorf("the confirmation to the requester should stay signed")
	}
}

func TestQuoteInboxBlanks(t *testing.T) {
	d := fullQuote()
	d.CompanyName, d.BusinessType, d.Phone = "", "  ", "\t"
	m := inboxEmail(d)
	for _, want := range []string{
		"Full name: Anna de Vries\n",
		"Company: Not provided\n",
		"Business type: Not specified\n",
		"Email: anna@example.nl\n",
		"Phone: Not provided\n",
		"Language: Dutch\n",
		"Description:\n> We miss calls at lunch.\n> Can an agent book appointments?\n",
		"Submission time: 21 November 2026, 22:05 UTC\n",
		"Reference: " + d.ID,
		"confirmation email in Dutch",
	} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("text part lacks %q:\n%s", want, m.Text)
		}
	}
	for _, want := range []string{">Not provided</td>", ">Not specified</td>", "lunch.<br>Can an agent"} {
		if !strings.Contains(m.HTML, want) {
			t.Errorf("HTML part lacks %q", want)
		}
	}
	// The rows come in the order the spec lists them.
	last := -1
	for _, label := range []string{"Full name:", "Company:", "Business type:", "Email:", "Phone:", "Language:", "Description:", "Submission time:"} {
		i := strings.Index(m.Text, "\n"+label)
		if i <= last {
			t.Errorf("%q out of order in:\n%s", label, m.Text)
		}
		last = i
	}

	full := inboxEmail(fullQuote())
	for _, want := range []string{"Company: Tandartspraktijk Zuid\n", "Business type: Dental clinic\n", "Phone: +31 20 123 4567\n"} {
		if !strings.Contains(full.Text, want) {
			t.Errorf("text part lacks %q", want)
		}
	}
	if strings.Contains(full.Text, "Not provided") || strings.Contains(full.Text, "Not specified") {
		t.Errorf("filled-in request shows a blank marker:\n%s", full.Text)
	}
}

func TestQuoteInboxSubjectAndReplyTo(t *testing.T) {
	d := fullQuote()
	d.FullName = "  Zoë \n van  Dijk "
	m := inboxEmail(d)
	if m.Subject != "New Quote Request from Zoë van Dijk" {
		t.Errorf("subject %q", m.Subject)
	}
	if m.ReplyTo != "anna@example.nl" || m.To != "" {
		t.Errorf("ReplyTo %q, To %q", m.ReplyTo, m.To)
	}
	if !strings.Contains(m.HTML, `<html lang="en"`) || !strings.Contains(m.Text, "Belwise") {
		t.Errorf("not an English Belwise email")
	}
}

func TestQuoteTime(t *testing.T) {
	for _, tc := range []struct {
		at   time.Time
		zone string
		want string
	}{
		{submitted, "", "21 November 2026, 22:05 UTC"},
		{submitted, "Mars/Olympus_Mons", "21 November 2026, 22:05 UTC"},
		{submitted, "Europe/Amsterdam", "21 November 2026, 23:05 (Europe/Amsterdam) · 21 November 2026, 22:05 UTC"},
		// The local date can differ from the UTC one.
		{submitted, "Pacific/Auckland", "22 November 2026, 11:05 (Pacific/Auckland) · 21 November 2026, 22:05 UTC"},
		{submitted, "America/New_York", "21 November 2026, 17:05 (America/New_York) · 21 November 2026, 22:05 UTC"},
		// Summer time in Amsterdam is UTC+2.
		{time.Date(2026, 7, 1, 9, 0, 0, 0, time.UTC), "Europe/Amsterdam", "1 July 2026, 11:00 (Europe/Amsterdam) · 1 July 2026, 09:00 UTC"},
	} {
		d := fullQuote()
		d.SubmittedAt, d.TimeZone = tc.at, tc.zone
		if got := quoteTime(submittedAt(d)); got != tc.want {
			t.Errorf("quoteTime(%v in %q) = %q, want %q", tc.at, tc.zone, got, tc.want)
		}
		m := inboxEmail(d)
		if !strings.Contains(m.Text, "Submission time: "+tc.want+"\n") || !strings.Contains(m.HTML, tc.want) {
			t.Errorf("inbox email lacks the time %q:\n%s", tc.want, m.Text)
		}
	}
}

func TestQuoteEmailsEscapeHTML(t *testing.T) {
	d := fullQuote()
	d.FullName = evilName
	d.CompanyName = `Acme "Calls" & <b>Co</b>`
	d.Description = "<script>alert('pwned')</script>\n<img src=x onerror=alert(1)>"
	for name, m := range map[string]mail.Message{
		"inbox":           inboxEmail(d),
		"confirmation/en": confirmationEmail("en", d, testInboxAddr),
		"confirmation/nl": confirmationEmail("nl", d, testInboxAddr),
	} {
		for _, bad := range []string{"<script>", "<img", "<b>Co</b>", `alert("x")`} {
			if strings.Contains(m.HTML, bad) {
				t.Errorf("%s: %q survived in the HTML part", name, bad)
			}
		}
		for _, want := range []string{"&lt;script&gt;alert(&#39;pwned&#39;)&lt;/script&gt;", "&lt;img src=x", "Acme &#34;Calls&#34; &amp; &lt;b&gt;Co&lt;/b&gt;"} {
			if !strings.Contains(m.HTML, want) {
				t.Errorf("%s: HTML part lacks the escaped %q", name, want)
			}
		}
		// The text part is plain text: it carries the values verbatim.
		if !strings.Contains(m.Text, "> <script>alert('pwned')</script>\n") {
			t.Errorf("%s: text part:\n%s", name, m.Text)
		}
	}
}

func TestQuoteConfirmation(t *testing.T) {
	d := fullQuote()
	d.Phone = ""
	for lang, want := range map[string][]string{
		"en": {"Hi Anna,", "within one business day", "Here’s what you sent us:", "Full name: Anna de Vries\n",
			"Company: Tandartspraktijk Zuid\n", "Preferred language: Dutch\n",
			"Your message:\n> We miss calls at lunch.\n> Can an agent book appointments?\n", "write to us at quotes@belwise.test."},
		"nl": {"Beste Anna,", "binnen één werkdag", "Dit hebt u ons gestuurd:", "Naam: Anna de Vries\n",
			"Bedrijf: Tandartspraktijk Zuid\n", "Type bedrijf: Dental clinic\n", "Voorkeurstaal: Nederlands\n",
			"Uw bericht:\n> We miss calls at lunch.\n", "mail ons op quotes@belwise.test."},
	} {
		m := confirmationEmail(lang, d, testInboxAddr)
		if m.Subject != quoteCopies[lang].Subject || m.ReplyTo != "quotes@belwise.test" || m.To != "" {
			t.Errorf("%s: subject %q, ReplyTo %q, To %q", lang, m.Subject, m.ReplyTo, m.To)
		}
		for _, w := range want {
			if !strings.Contains(m.Text, w) {
				t.Errorf("%s: text part lacks %q:\n%s", lang, w, m.Text)
			}
			// The HTML part has the same labels and values, in table cells.
			for _, frag := range strings.FieldsFunc(w, func(r rune) bool { return r == ':' || r == '\n' || r == '>' }) {
				if frag = strings.TrimSpace(frag); !strings.Contains(m.HTML, html.EscapeString(frag)) {
					t.Errorf("%s: HTML part lacks %q", lang, frag)
				}
			}
		}
		// A skipped optional field is left out rather than shown empty.
		if strings.Contains(m.Text, "Phone") || strings.Contains(m.Text, "Telefoon") {
			t.Errorf("%s: blank phone shown:\n%s", lang, m.Text)
		}
		if strings.Contains(m.Text, "account") {
			t.Errorf("%s: the account footer leaked into the quote email:\n%s", lang, m.Text)
		}
		if !strings.Contains(m.HTML, `<html lang="`+lang+`"`) {
			t.Errorf("%s: HTML lang", lang)
		}
	}
	if got := confirmationEmail("de", d, testInboxAddr); got.Subject != quoteCopies["en"].Subject {
		t.Errorf("unknown language should fall back to English, got %q", got.Subject)
	}
}

// TestQuoteCopyComplete: no string may be missing in either language.
func TestQuoteCopyComplete(t *testing.T) {
	for _, lang := range []string{"en", "nl"} {
		c, ok := quoteCopies[lang]
		if !ok {
			t.Fatalf("no quote copy for %s", lang)
		}
		v := reflect.ValueOf(c)
		for i := range v.NumField() {
			if strings.TrimSpace(v.Field(i).String()) == "" {
				t.Errorf("%s: %s is empty", lang, v.Type().Field(i).Name)
			}
		}
		if strings.Count(c.Reply, "%s") != 1 {
			t.Errorf("%s: Reply needs exactly one %%s", lang)
		}
	}
}
