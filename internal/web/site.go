package web

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// placeholder is what the frontend build writes wherever an absolute URL
// is needed (canonical, hreflang, sitemap); the real origin is only known
// at run time.
const placeholder = "https://site-url.invalid"

// inboxPlaceholder is what the frontend build writes in every page's
// <meta name="quote-inbox"> for the agency's address (QUOTE_INBOX), which
// the app names when a quote request fails: read from the page itself, it
// is there exactly when the API is not.
const inboxPlaceholder = "quote-inbox@placeholder.invalid"

// Language codes; English is the default and has no path prefix.
const (
	langEN = "en"
	langNL = "nl"
)

// site is the frontend build loaded into memory, keyed by URL path.
type site struct {
	pages        map[string]*asset           // "/", "/features", "/nl", "/nl/features"
	public       map[string]bool             // the pages search engines may index (no robots noindex): the marketing pages
	files        map[string]*asset           // "/assets/app-1a2b.js", "/favicon.svg"
	notFound     map[string]*asset           // by language
	appShell     map[string]*asset           // by language
	clientRoutes []string                    // "/dashboard"
	scriptHashes []string                    // "sha256-…", for the CSP
	stylesheet   string                      // "/assets/entry-1a2b.css": the whole stylesheet
	chunks       []screenChunks              // each client-only screen's script chunks (firstdata.go)
	forms        map[string]formMessages     // by language: what a form posted without JavaScript says (forms.go)
	pay          map[string]payWords         // by language: the pay page's words (payments.go)
	unsubscribe  map[string]unsubscribeWords // by language: the one-click off pages' words (offpages.go)
	screensJS    []byte                      // the signed-in screens' server render (internal/screens); nil in a build without it
	// screenCSS is the whole stylesheet as a list of rules, of which a drawn
	// screen carries those its markup uses (screencss.go); nil in a build
	// without it.
	screenCSS cssRules
}

// siteManifest is _internal/site.json, written by the prerender step.
type siteManifest struct {
	ScriptHashes []string       `json:"scriptHashes"`
	ClientRoutes []string       `json:"clientRoutes"`
	Stylesheet   string         `json:"stylesheet"`
	ScreenChunks []screenChunks `json:"screenChunks"`
}

// screenChunks are the script files a client-only screen runs, by
// language: the entry's, its shell's, its own and its dictionaries'.
type screenChunks struct {
	// Path is the screen's route, unprefixed: "/dashboard/agents/:orderId"
	// (a segment starting with ":" stands for any one segment).
	Path  string              `json:"path"`
	Files map[string][]string `json:"files"`
}

var errBuildMissing = errors.New(`frontend build missing: run "make build"`)

// pageFacts are the values of the server's configuration the prerendered
// pages show, filled into them at start.
type pageFacts struct {
	// QuoteInbox replaces inboxPlaceholder; empty leaves it.
	QuoteInbox string
	// Company fills the contact page's details; an empty field's entry is
	// removed from the page, and the whole section when all are empty. Its
	// email, else QuoteInbox, is the privacy page's contact-email.
	Company Company
	// CallRetentionDays fills the privacy page's retention period; zero
	// leaves its placeholder.
	CallRetentionDays int
}

// Company is the agency's details for the contact page (COMPANY_*), each
// optional.
type Company struct {
	Name    string
	Address string
	Phone   string
	Email   string
	KVK     string
	VAT     string
}

// factPlaceholder is what the frontend build (web/src/shared/content/siteFacts.ts)
// writes for a fact, in the page's <meta name="{fact}"> and wherever the
// page shows it.
func factPlaceholder(fact string) string { return fact + ".placeholder.invalid" }

// companyEntry matches one company detail's entry on the contact page:
// <div data-company="phone"><dt>…</dt><dd>…</dd></div>, which holds no
// other div.
func companyEntry(field string) *regexp.Regexp {
	return regexp.MustCompile(`(?s)<div data-company="` + regexp.QuoteMeta(field) + `">.*?</div>`)
}

var companyEntries = map[string]*regexp.Regexp{}

// companySection matches the contact page's whole section of company
// details, its heading included: <section data-company-details …>…</section>,
// which holds no other section. It goes when no detail is set, so the page
// never shows a heading over nothing.
var companySection = regexp.MustCompile(`(?s)<section [^>]*data-company-details[^>]*>.*?</section>`)

func init() {
	for _, f := range []string{"name", "address", "phone", "email", "kvk", "vat"} {
		companyEntries[f] = companyEntry(f)
	}
}

// telHref is a phone number as a tel: link target: its digits and a
// leading +, without the "(0)" written after a country code, as the app
// computes it (siteFacts.ts telHref).
func telHref(phone string) string {
	var b strings.Builder
	for _, r := range strings.ReplaceAll(phone, "(0)", "") {
		if (r >= '0' && r <= '9') || r == '+' {
			b.WriteRune(r)
		}
	}
	return "tel:" + b.String()
}

// fill writes the facts into one HTML page.
func (f pageFacts) fill(body []byte) []byte {
	replace := func(placeholder, value string) {
		body = bytes.ReplaceAll(body, []byte(placeholder), []byte(html.EscapeString(value)))
	}
	if f.QuoteInbox != "" {
		replace(inboxPlaceholder, f.QuoteInbox)
	}
	c := f.Company
	if c == (Company{}) {
		body = companySection.ReplaceAll(body, nil)
	}
	// Where a visitor's request about their data reaches the agency (the privacy page names it):
	// the company's address, else the quote inbox.
	if contact := cmp.Or(c.Email, f.QuoteInbox); contact != "" {
		replace(factPlaceholder("contact-email"), contact)
	}
	for field, value := range map[string]string{"name": c.Name, "address": c.Address, "phone": c.Phone,
		"email": c.Email, "kvk": c.KVK, "vat": c.VAT} {
		if value == "" {
			body = companyEntries[field].ReplaceAll(body, nil)
		}
		if field == "phone" {
			replace("tel:company-phone-tel.placeholder.invalid", telHref(value))
		}
		replace(factPlaceholder("company-"+field), value)
	}
	if f.CallRetentionDays > 0 {
		replace(factPlaceholder("call-retention-days"), strconv.Itoa(f.CallRetentionDays))
	}
	return body
}

// loadSite reads every file of the build once, substitutes the site URL
// and the configuration's facts (the quote inbox's address, the company
// details, the call retention), and precompresses, so requests never
// touch the file system.
func loadSite(fsys fs.FS, siteURL string, facts pageFacts) (*site, error) {
	if _, err := fs.Stat(fsys, "index.html"); err != nil {
		return nil, errBuildMissing
	}
	s := &site{
		pages:    map[string]*asset{},
		public:   map[string]bool{},
		files:    map[string]*asset{},
		notFound: map[string]*asset{},
		appShell: map[string]*asset{},
	}
	internal := map[string]*asset{}
	var manifest, forms, pay, unsubscribe []byte

	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || hiddenPath(name) {
			return err
		}
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		switch path.Ext(name) {
		case ".html", ".xml", ".txt":
			body = bytes.ReplaceAll(body, []byte(placeholder), []byte(siteURL))
		}
		if path.Ext(name) == ".html" {
			body = facts.fill(body)
		}
		if name == "_internal/site.json" {
			manifest = body
			return nil
		}
		if name == "_internal/forms.json" {
			forms = body
			return nil
		}
		if name == "_internal/pay.json" {
			pay = body
			return nil
		}
		if name == "_internal/unsubscribe.json" {
			unsubscribe = body
			return nil
		}
		if name == "_internal/screens.js" {
			s.screensJS = body
			return nil
		}
		if name == "_internal/screen-css.json" {
			rules, err := readCSSRules(body)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			s.screenCSS = rules
			return nil
		}
		a, err := newAsset(name, body)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		switch {
		case strings.HasPrefix(name, "_internal/"):
			internal[strings.TrimPrefix(name, "_internal/")] = a
		case name == "index.html" || strings.HasSuffix(name, "/index.html"):
			p := "/" + strings.TrimSuffix(strings.TrimSuffix(name, "index.html"), "/")
			s.pages[p] = a
			s.public[p] = !bytes.Contains(body, []byte(`<meta name="robots" content="noindex">`))
		case path.Ext(name) == ".html":
			// Pages are only served at their directory path, never as files.
		default:
			s.files["/"+name] = a
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("loading frontend build: %w", err)
	}

	for _, lang := range []string{langEN, langNL} {
		if s.notFound[lang] = internal["404."+lang+".html"]; s.notFound[lang] == nil {
			return nil, fmt.Errorf("frontend build incomplete: _internal/404.%s.html is missing", lang)
		}
		if s.appShell[lang] = internal["app."+lang+".html"]; s.appShell[lang] == nil {
			return nil, fmt.Errorf("frontend build incomplete: _internal/app.%s.html is missing", lang)
		}
	}
	if manifest == nil {
		return nil, errors.New("frontend build incomplete: _internal/site.json is missing")
	}
	if err := s.readManifest(manifest); err != nil {
		return nil, fmt.Errorf("frontend build: _internal/site.json: %w", err)
	}
	// Optional: without it (tests of the static site) a form answered again shows the API's message.
	if forms != nil {
		if s.forms, err = parseFormMessages(forms); err != nil {
			return nil, fmt.Errorf("frontend build: _internal/forms.json: %w", err)
		}
	}
	// Needed only with payments (New checks): a build's file must be complete.
	if pay != nil {
		if s.pay, err = parsePayMessages(pay); err != nil {
			return nil, fmt.Errorf("frontend build: _internal/pay.json: %w", err)
		}
	}
	// Needed only with call alerts or digests (New checks), likewise.
	if unsubscribe != nil {
		if s.unsubscribe, err = parseUnsubscribeMessages(unsubscribe); err != nil {
			return nil, fmt.Errorf("frontend build: _internal/unsubscribe.json: %w", err)
		}
	}
	return s, nil
}

// hiddenPath skips dot files such as dist/.gitkeep, which is embedded
// because of "all:" but is not part of the site.
func hiddenPath(name string) bool {
	for seg := range strings.SplitSeq(name, "/") {
		if strings.HasPrefix(seg, ".") {
			return true
		}
	}
	return false
}

// scriptHash is a CSP hash source; checked strictly because it is pasted
// into a response header.
var scriptHash = regexp.MustCompile(`^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$`)

// clientRoute is an absolute path without a trailing slash.
var clientRoute = regexp.MustCompile(`^(/[A-Za-z0-9._~-]+)+$`)

func (s *site) readManifest(b []byte) error {
	var m siteManifest
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	for _, h := range m.ScriptHashes {
		if !scriptHash.MatchString(h) {
			return fmt.Errorf("script hash %q is not of the form sha256-BASE64", h)
		}
	}
	for _, r := range m.ClientRoutes {
		if !clientRoute.MatchString(r) {
			return fmt.Errorf("client route %q must start with / and have no trailing slash", r)
		}
	}
	if m.Stylesheet != "" && !assetFile.MatchString(m.Stylesheet) {
		return fmt.Errorf("stylesheet %q is not a file in /assets/", m.Stylesheet)
	}
	for _, c := range m.ScreenChunks {
		if !screenRoute.MatchString(c.Path) {
			return fmt.Errorf("screen route %q must start with / and have no trailing slash", c.Path)
		}
		for _, files := range c.Files {
			for _, f := range files {
				if !assetFile.MatchString(f) {
					return fmt.Errorf("screen %s: chunk %q is not a file in /assets/", c.Path, f)
				}
			}
		}
	}
	s.scriptHashes, s.clientRoutes = m.ScriptHashes, m.ClientRoutes
	s.stylesheet, s.chunks = m.Stylesheet, m.ScreenChunks
	return nil
}

// assetFile is a built file's URL path: it goes into the HTML as it is.
var assetFile = regexp.MustCompile(`^/assets/[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.(js|css)$`)

// screenRoute is a client route pattern: segments, ":name" for any one.
var screenRoute = regexp.MustCompile(`^(/:?[A-Za-z0-9._~-]+)+$`)

// screenChunks is the script files the screen at the unprefixed path runs
// in lang: those of the route that matches it with the most literal
// segments; nil when none does.
func (s *site) screenChunks(lang, path string) []string {
	segs := strings.Split(strings.TrimPrefix(path, "/"), "/")
	best, bestScore := -1, -1
	for i, c := range s.chunks {
		pat := strings.Split(strings.TrimPrefix(c.Path, "/"), "/")
		if len(pat) != len(segs) {
			continue
		}
		score := 0
		for j, p := range pat {
			switch {
			case strings.HasPrefix(p, ":") && segs[j] != "":
			case p == segs[j]:
				score++
			default:
				score = -1
			}
			if score < 0 {
				break
			}
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		return nil
	}
	return s.chunks[best].Files[lang]
}
