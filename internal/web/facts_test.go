package web

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

// contactPage is the contact page as the prerender writes it (web/src/features/marketing/Contact.tsx with the
// placeholders of web/src/shared/content/siteFacts.ts), plus the privacy sentences with the retention period
// and the address requests go to.
func contactPage() *fstest.MapFile {
	meta := ""
	for _, f := range []string{"name", "address", "phone", "email", "kvk", "vat"} {
		meta += `<meta name="company-` + f + `" content="company-` + f + `.placeholder.invalid">`
	}
	meta += `<meta name="call-retention-days" content="call-retention-days.placeholder.invalid">`
	meta += `<meta name="contact-email" content="contact-email.placeholder.invalid">`
	entry := func(field, dd string) string {
		return `<div data-company="` + field + `"><dt>` + field + `</dt><dd>` + dd + `</dd></div>`
	}
	return &fstest.MapFile{Data: []byte(`<!doctype html><html><head>` + meta + `</head><body>` +
		`<section class="mt-12"><h2>Talk to us</h2></section>` +
		`<section aria-labelledby="contact-company" class="mt-12" data-company-details=""><h2 id="contact-company">Company details</h2><dl class="company">` +
		entry("name", "company-name.placeholder.invalid") +
		entry("address", "company-address.placeholder.invalid") +
		entry("phone", `<a href="tel:company-phone-tel.placeholder.invalid">company-phone.placeholder.invalid</a>`) +
		entry("email", `<a href="mailto:company-email.placeholder.invalid">company-email.placeholder.invalid</a>`) +
		entry("kvk", "company-kvk.placeholder.invalid") +
		entry("vat", "company-vat.placeholder.invalid") +
		`</dl></section><p>Transcripts are kept for call-retention-days.placeholder.invalid days.</p>` +
		`<p>Email your request to <a href="mailto:contact-email.placeholder.invalid">contact-email.placeholder.invalid</a>.</p>` +
		strings.Repeat("<p>Belwise builds custom AI voice agents.</p>", 20) + `</body></html>`)}
}

// TestCompanyDetailsFilledIn: the contact page lists exactly the configured company details, escaped
// for HTML, and leaves out the entries of the others; the page's <meta>s carry the same values for
// the app, and the privacy text the retention period.
func TestCompanyDetailsFilledIn(t *testing.T) {
	dist := fakeDist()
	dist["contact/index.html"] = contactPage()
	dist["nl/contact/index.html"] = contactPage()
	h, err := New(Options{Site: dist, SiteURL: testSiteURL, QuoteInbox: testInbox, CallRetentionDays: 45,
		Company: Company{Name: "Belwise & Co B.V.", Phone: "+31 (0)20 123-4567", Email: "hello@belwise.test", KVK: "12345678"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/contact", "/nl/contact"} {
		body := do(h, "GET", path).Body.String()
		for _, want := range []string{
			`<div data-company="name"><dt>name</dt><dd>Belwise &amp; Co B.V.</dd></div>`,
			`<a href="tel:+31201234567">+31 (0)20 123-4567</a>`,
			`<a href="mailto:hello@belwise.test">hello@belwise.test</a>`,
			`<dd>12345678</dd>`,
			`<meta name="company-name" content="Belwise &amp; Co B.V.">`,
			`<meta name="company-address" content="">`,
			`<meta name="company-vat" content="">`,
			`<meta name="call-retention-days" content="45">`,
			`kept for 45 days`,
			`<h2 id="contact-company">Company details</h2>`,
			// The company's own address takes the privacy requests.
			`<meta name="contact-email" content="hello@belwise.test">`,
			`Email your request to <a href="mailto:hello@belwise.test">hello@belwise.test</a>.`,
		} {
			if !strings.Contains(body, want) {
				t.Errorf("%s: missing %s", path, want)
			}
		}
		for _, unwanted := range []string{"placeholder.invalid", `data-company="address"`, `data-company="vat"`} {
			if strings.Contains(body, unwanted) {
				t.Errorf("%s: still has %s", path, unwanted)
			}
		}
	}
}

// TestNoCompanyDetails: with nothing configured, no entry is left, nothing is made up, and the
// section goes with its heading (it used to leave "Company details" over an empty list); the
// privacy requests go to the quote inbox.
func TestNoCompanyDetails(t *testing.T) {
	dist := fakeDist()
	dist["contact/index.html"] = contactPage()
	h, err := New(Options{Site: dist, SiteURL: testSiteURL, QuoteInbox: testInbox, CallRetentionDays: 90})
	if err != nil {
		t.Fatal(err)
	}
	body := do(h, "GET", "/contact").Body.String()
	if strings.Contains(body, "data-company") || strings.Contains(body, "Company details") || strings.Contains(body, `class="company"`) ||
		strings.Contains(body, "placeholder.invalid") {
		t.Errorf("unset details or their heading left on the page: %.900s", body)
	}
	for _, want := range []string{"kept for 90 days", "<h2>Talk to us</h2>", `<meta name="contact-email" content="` + testInbox + `">`,
		`Email your request to <a href="mailto:` + testInbox + `">` + testInbox + `</a>.`} {
		if !strings.Contains(body, want) {
			t.Errorf("missing %s in %.900s", want, body)
		}
	}
}

// TestCompanySectionInBuild: the real prerendered contact page (when make build has run) carries
// the marker the server removes its company section by, so the heading goes when nothing is set
// and stays when something is; its privacy page names a working address either way.
func TestCompanySectionInBuild(t *testing.T) {
	if _, err := fs.Stat(Dist(), "contact/index.html"); err != nil {
		t.Skip("no frontend build in dist/")
	}
	for _, tc := range []struct {
		company Company
		heading bool
		email   string
	}{
		{Company{}, false, testInbox},
		{Company{KVK: "12345678"}, true, testInbox},
		{Company{Email: "privacy@belwise.test"}, true, "privacy@belwise.test"},
	} {
		h, err := New(Options{Site: Dist(), SiteURL: testSiteURL, QuoteInbox: testInbox, CallRetentionDays: 60, Company: tc.company})
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range []struct{ prefix, heading string }{{"", "Company details"}, {"/nl", "Bedrijfsgegevens"}} {
			// Without the soft hyphens the Dutch dictionary puts in long words of headings.
			contact := strings.ReplaceAll(do(h, "GET", lang.prefix+"/contact").Body.String(), "\u00ad", "")
			if got := strings.Contains(contact, lang.heading); got != tc.heading || strings.Contains(contact, "data-company-details") != tc.heading {
				t.Errorf("%+v %s/contact: heading shown %v, want %v", tc.company, lang.prefix, got, tc.heading)
			}
			privacy := do(h, "GET", lang.prefix+"/privacy").Body.String()
			if !strings.Contains(privacy, `<a href="mailto:`+tc.email+`">`+tc.email+`</a>`) || strings.Contains(privacy, "placeholder.invalid") {
				t.Errorf("%+v %s/privacy: no working address %s", tc.company, lang.prefix, tc.email)
			}
		}
	}
}

func TestTelHref(t *testing.T) {
	for in, want := range map[string]string{"+31 (0)20 123-4567": "tel:+31201234567", "020 123 4567": "tel:0201234567"} {
		if got := telHref(in); got != want {
			t.Errorf("telHref(%q) = %q, want %q", in, got, want)
		}
	}
}
