package web

import (
	"strings"
	"testing"
	"testing/fstest"
)

// contactPage is the contact page as the prerender writes it (web/src/pages/Contact.tsx with the
// placeholders of web/src/content/siteFacts.ts), plus the privacy sentence with the retention period.
func contactPage() *fstest.MapFile {
	meta := ""
	for _, f := range []string{"name", "address", "phone", "email", "kvk", "vat"} {
		meta += `<meta name="company-` + f + `" content="company-` + f + `.placeholder.invalid">`
	}
	meta += `<meta name="call-retention-days" content="call-retention-days.placeholder.invalid">`
	entry := func(field, dd string) string {
		return `<div data-company="` + field + `"><dt>` + field + `</dt><dd>` + dd + `</dd></div>`
	}
	return &fstest.MapFile{Data: []byte(`<!doctype html><html><head>` + meta + `</head><body><dl class="company">` +
		entry("name", "company-name.placeholder.invalid") +
		entry("address", "company-address.placeholder.invalid") +
		entry("phone", `<a href="tel:company-phone-tel.placeholder.invalid">company-phone.placeholder.invalid</a>`) +
		entry("email", `<a href="mailto:company-email.placeholder.invalid">company-email.placeholder.invalid</a>`) +
		entry("kvk", "company-kvk.placeholder.invalid") +
		entry("vat", "company-vat.placeholder.invalid") +
		`</dl><p>Transcripts are kept for call-retention-days.placeholder.invalid days.</p>` +
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

// TestNoCompanyDetails: with nothing configured, no entry is left and nothing is made up.
func TestNoCompanyDetails(t *testing.T) {
	dist := fakeDist()
	dist["contact/index.html"] = contactPage()
	h, err := New(Options{Site: dist, SiteURL: testSiteURL, CallRetentionDays: 90})
	if err != nil {
		t.Fatal(err)
	}
	body := do(h, "GET", "/contact").Body.String()
	if strings.Contains(body, "data-company=") || strings.Contains(body, "company-") && strings.Contains(body, "placeholder.invalid\"") {
		t.Errorf("unset details left on the page: %.600s", body)
	}
	if !strings.Contains(body, `<dl class="company"></dl>`) || !strings.Contains(body, "kept for 90 days") {
		t.Errorf("page: %.800s", body)
	}
}

func TestTelHref(t *testing.T) {
	for in, want := range map[string]string{"+31 (0)20 123-4567": "tel:+31201234567", "020 123 4567": "tel:0201234567"} {
		if got := telHref(in); got != want {
			t.Errorf("telHref(%q) = %q, want %q", in, got, want)
		}
	}
}
