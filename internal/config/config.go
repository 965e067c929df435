// Package config reads the server's settings from environment variables.
package config

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/mail"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"
)

// Config holds the validated settings the server runs with.
type Config struct {
	Host     string
	Port     int
	SiteURL  string // absolute origin, no trailing slash: "https://belwise.nl"
	DataDir  string // everything the server writes lives here
	LogLevel slog.Level

	// DatabaseURL selects PostgreSQL; empty means the embedded SQLite file
	// in DataDir.
	DatabaseURL string
	// SeedDemo fills an empty embedded database with the demo catalogue and
	// buyer on start. It never applies to PostgreSQL.
	SeedDemo bool

	// SMTPURL sends email over SMTP; empty writes .eml files to
	// DataDir/mail instead. MailFrom is the sender address.
	SMTPURL  string
	MailFrom string
	// QuoteInbox receives quote requests from the site.
	QuoteInbox string
	// StaffAlerts receives the alert that an agent's calls are failing;
	// "" (the default) sends it to every staff account instead.
	StaffAlerts string

	// RateLimitScale multiplies every rate limit, for load tests and the
	// end-to-end suite, which send many requests from one address.
	RateLimitScale int
	// TrustProxy takes the client address from X-Forwarded-For (its last
	// entry), for deployments behind one reverse proxy.
	TrustProxy bool
	// MetricsAddr is where the Prometheus metrics are served (host:port,
	// its own listener, never the public one); empty: no metrics.
	MetricsAddr string

	// Voice calls through Vapi. VapiPublicKey and VapiAssistantID are
	// public values: the browser receives them to start a web call with the
	// site's assistant. Without both the widget runs the offline demo.
	VapiPublicKey   string
	VapiAssistantID string
	// VapiWebhookSecret is the shared secret Vapi sends in the
	// x-vapi-secret header of tool-call webhooks; empty disables the
	// webhook. Never echoed in errors or logs.
	VapiWebhookSecret string
	// VapiPrivateKey is Vapi's private API key, used only by the server's
	// call backfill (GET /call for linked assistants). It grants full
	// control of the Vapi account: it is never sent to a browser, echoed
	// in errors or logged. Empty: nothing is fetched from Vapi.
	VapiPrivateKey string
	// VapiAPIURL is Vapi's API base (tests point it at a fake).
	VapiAPIURL string

	// WebhookAllowPrivate lets buyers' webhook endpoints be http and reach
	// loopback and private addresses (WEBHOOK_ALLOW_PRIVATE), for local
	// development and tests only: it is refused with a public https
	// SITE_URL, the one sign of a production site this config has.
	WebhookAllowPrivate bool
	// AlertsSecret signs the links in call alerts that turn an agent's
	// alerts off without signing in (ALERTS_SECRET, at least 32
	// characters). Required with SMTP_URL (real mail); without it a
	// development default is used. Never echoed.
	AlertsSecret string

	// CallRetentionDays is how long call transcripts, summaries and
	// recording links are kept (CALL_RETENTION_DAYS, default 90).
	CallRetentionDays int

	// Company holds the agency's details the /contact page lists
	// (COMPANY_*); a field left empty is left off the page.
	Company Company
	// CompanyAddress is COMPANY_ADDRESS in its parts, as invoices print
	// it; the zero value while COMPANY_ADDRESS is unset.
	CompanyAddress Address
	// CompanyIBAN is the agency's bank account (COMPANY_IBAN) printed on
	// invoices, without spaces; "" when unset.
	CompanyIBAN string

	// MollieAPIKey is the Mollie API key (MOLLIE_API_KEY, test_… or
	// live_…) invoices are paid online with; empty: no online payment,
	// invoices show bank transfer details only. A secret: never echoed in
	// errors or logs.
	MollieAPIKey string
	// MollieAPIURL is Mollie's API base (tests point it at a fake).
	MollieAPIURL string
}

// Address is a Dutch postal address in its parts.
type Address struct {
	Street   string // street and number: "Keizersgracht 1"
	Postcode string // "1015 AA"
	City     string // "Amsterdam"
}

// Company is the agency's contact details, each optional.
type Company struct {
	Name    string
	Address string
	Phone   string
	Email   string
	KVK     string // Dutch Chamber of Commerce number, 8 digits
	VAT     string // VAT identification number, e.g. NL123456789B01
}

// Addr is the address to listen on, in the form net.Listen expects.
func (c Config) Addr() string {
	return net.JoinHostPort(c.Host, strconv.Itoa(c.Port))
}

// Load reads the configuration through getenv (os.Getenv in production, a
// map in tests). It reports every problem at once, so a misconfigured
// deployment can be fixed in one pass instead of one restart per mistake.
func Load(getenv func(string) string) (Config, error) {
	var errs []error
	bad := func(name, value, expected string) {
		errs = append(errs, fmt.Errorf("%s=%q: %s", name, value, expected))
	}
	get := func(name, def string) string {
		if v := getenv(name); v != "" {
			return v
		}
		return def
	}

	c := Config{
		Host:    get("HOST", "127.0.0.1"),
		DataDir: get("DATA_DIR", "./data"),
	}

	if !validHost(c.Host) {
		bad("HOST", c.Host, "must be a host name or IP address without a port, such as 127.0.0.1 or 0.0.0.0")
	}

	portText := get("PORT", "3000")
	port, err := strconv.Atoi(portText)
	if err != nil || port < 1 || port > 65535 {
		bad("PORT", portText, "must be a whole number from 1 to 65535")
	} else {
		c.Port = port
	}

	if raw := getenv("SITE_URL"); raw != "" {
		site, problem := parseSiteURL(raw)
		if problem != "" {
			bad("SITE_URL", raw, problem)
		}
		c.SiteURL = site
	} else if c.Port != 0 {
		// Without a valid PORT there is no sensible default; the PORT error
		// already explains what to fix.
		c.SiteURL = "http://localhost:" + strconv.Itoa(c.Port)
	}

	levelText := get("LOG_LEVEL", "info")
	if err := c.LogLevel.UnmarshalText([]byte(levelText)); err != nil || !namedLevel(levelText) {
		bad("LOG_LEVEL", levelText, "must be one of debug, info, warn, error")
	}

	c.DatabaseURL = getenv("DATABASE_URL")
	if c.DatabaseURL != "" {
		if u, err := url.Parse(c.DatabaseURL); err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") || u.Host == "" {
			errs = append(errs, errors.New(`DATABASE_URL: must be a PostgreSQL URL such as postgres://user:password@host:5432/dbname`))
		}
	}
	c.SeedDemo = parseBool(get("SEED_DEMO", "true"), func(v string) { bad("SEED_DEMO", v, "must be true or false") })
	c.TrustProxy = parseBool(get("TRUST_PROXY", "false"), func(v string) { bad("TRUST_PROXY", v, "must be true or false") })
	if c.MetricsAddr = strings.TrimSpace(getenv("METRICS_ADDR")); c.MetricsAddr != "" {
		if _, port, err := net.SplitHostPort(c.MetricsAddr); err != nil || port == "" || strings.Contains(c.MetricsAddr, "/") {
			bad("METRICS_ADDR", c.MetricsAddr, "must be host:port, such as 127.0.0.1:9090 (its own port, not the site's)")
		} else if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			bad("METRICS_ADDR", c.MetricsAddr, "must be host:port, such as 127.0.0.1:9090 (its own port, not the site's)")
		}
	}

	c.SMTPURL = getenv("SMTP_URL")
	c.MailFrom = getenv("MAIL_FROM")
	if c.SMTPURL != "" {
		// The URL may hold a password, so it is never echoed back.
		if u, err := url.Parse(c.SMTPURL); err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
			errs = append(errs, errors.New("SMTP_URL: must look like smtp://user:password@host:587 or smtps://user:password@host:465"))
		}
		if c.MailFrom == "" {
			errs = append(errs, errors.New("MAIL_FROM: required when SMTP_URL is set, such as Belwise <hello@belwise.nl>"))
		}
		// Real mail must not go to the development default.
		if getenv("QUOTE_INBOX") == "" {
			errs = append(errs, errors.New("QUOTE_INBOX: required when SMTP_URL is set, such as quotes@belwise.nl"))
		}
	}
	c.QuoteInbox = get("QUOTE_INBOX", "quotes@localhost")
	c.StaffAlerts = get("STAFF_ALERTS", "")
	if c.StaffAlerts != "" {
		if a, err := mail.ParseAddress(c.StaffAlerts); err != nil || a.Name != "" {
			bad("STAFF_ALERTS", c.StaffAlerts, "must be an email address, such as ops@belwise.nl")
		}
	}
	if a, err := mail.ParseAddress(c.QuoteInbox); err != nil || a.Name != "" {
		bad("QUOTE_INBOX", c.QuoteInbox, "must be an email address, such as quotes@belwise.nl")
	}
	if c.MailFrom != "" {
		if _, err := mail.ParseAddress(c.MailFrom); err != nil {
			bad("MAIL_FROM", c.MailFrom, "must be an email address, optionally with a name: Belwise <hello@belwise.nl>")
		}
	}

	scaleText := get("RATE_LIMIT_SCALE", "1")
	scale, err := strconv.Atoi(scaleText)
	if err != nil || scale < 1 || scale > 10000 {
		bad("RATE_LIMIT_SCALE", scaleText, "must be a whole number from 1 to 10000")
	} else {
		c.RateLimitScale = scale
	}

	c.AlertsSecret = getenv("ALERTS_SECRET")
	switch {
	case c.AlertsSecret != "" && (len(c.AlertsSecret) < minAlertsSecret || strings.IndexFunc(c.AlertsSecret, func(r rune) bool { return r <= ' ' || r > '~' }) >= 0):
		errs = append(errs, fmt.Errorf("ALERTS_SECRET: must be at least %d visible ASCII characters without spaces, such as the output of `openssl rand -hex 32`", minAlertsSecret))
	case c.AlertsSecret == "" && c.SMTPURL != "":
		// Real mail must not carry links signed with the development default.
		errs = append(errs, errors.New("ALERTS_SECRET: required when SMTP_URL is set (for example the output of `openssl rand -hex 32`)"))
	}

	errs = append(errs, c.loadVapi(getenv)...)
	errs = append(errs, c.loadCompany(getenv)...)
	errs = append(errs, c.loadMollie(getenv)...)

	c.WebhookAllowPrivate = parseBool(get("WEBHOOK_ALLOW_PRIVATE", "false"), func(v string) { bad("WEBHOOK_ALLOW_PRIVATE", v, "must be true or false") })
	if c.WebhookAllowPrivate && productionSite(c.SiteURL) {
		errs = append(errs, errors.New("WEBHOOK_ALLOW_PRIVATE: only for local development and tests; refused with a public https SITE_URL"))
	}

	retention := get("CALL_RETENTION_DAYS", "90")
	if days, err := strconv.Atoi(retention); err != nil || days < 1 || days > 3650 {
		bad("CALL_RETENTION_DAYS", retention, "must be a whole number of days from 1 to 3650")
	} else {
		c.CallRetentionDays = days
	}

	return c, errors.Join(errs...)
}

var (
	phonePattern = regexp.MustCompile(`^\+?[0-9][0-9 ()-]{5,24}$`)
	kvkPattern   = regexp.MustCompile(`^[0-9]{8}$`)
	vatPattern   = regexp.MustCompile(`^[A-Z]{2}[0-9A-Z]{2,13}$`)
)

// loadCompany reads the COMPANY_ variables: the details the contact page
// shows exactly as given, so each is checked for what it claims to be.
func (c *Config) loadCompany(getenv func(string) string) []error {
	var errs []error
	bad := func(name, value, expected string) {
		errs = append(errs, fmt.Errorf("%s=%q: %s", name, value, expected))
	}
	trim := func(name string) string { return strings.TrimSpace(getenv(name)) }
	c.Company = Company{
		Name:    trim("COMPANY_NAME"),
		Address: trim("COMPANY_ADDRESS"),
		Phone:   trim("COMPANY_PHONE"),
		Email:   trim("COMPANY_EMAIL"),
		KVK:     trim("COMPANY_KVK"),
		VAT:     strings.ToUpper(strings.ReplaceAll(trim("COMPANY_VAT"), " ", "")),
	}
	text := func(name, v string, max int) {
		if utf8.RuneCountInString(v) > max || strings.IndexFunc(v, unicode.IsControl) >= 0 || !utf8.ValidString(v) {
			bad(name, v, fmt.Sprintf("must be one line of at most %d characters", max))
		}
	}
	text("COMPANY_NAME", c.Company.Name, 100)
	text("COMPANY_ADDRESS", c.Company.Address, 200)
	if v := c.Company.Phone; v != "" && !phonePattern.MatchString(v) {
		bad("COMPANY_PHONE", v, "must be a phone number of digits, spaces, dashes and brackets, optionally starting with +, such as +31 20 123 4567")
	}
	if v := c.Company.Email; v != "" {
		if a, err := mail.ParseAddress(v); err != nil || a.Name != "" || a.Address != v {
			bad("COMPANY_EMAIL", v, "must be an email address, such as hello@belwise.nl")
		}
	}
	if v := c.Company.KVK; v != "" && !kvkPattern.MatchString(v) {
		bad("COMPANY_KVK", v, "must be the 8-digit Chamber of Commerce (KvK) number, such as 12345678")
	}
	if v := c.Company.VAT; v != "" && !vatPattern.MatchString(v) {
		bad("COMPANY_VAT", v, "must be a VAT number starting with its country code, such as NL123456789B01")
	}
	if v := c.Company.Address; v != "" {
		a, ok := ParseAddress(v)
		if !ok {
			bad("COMPANY_ADDRESS", v, "must be the street and number, a comma, then the postcode and city, such as Keizersgracht 1, 1015 AA Amsterdam")
		}
		c.CompanyAddress = a
	}
	if v := trim("COMPANY_IBAN"); v != "" {
		iban, ok := NormalizeIBAN(v)
		if !ok {
			bad("COMPANY_IBAN", v, "must be an IBAN (country code, check digits and account number, which pass the mod-97 check), such as NL91 ABNA 0417 1643 00")
		}
		c.CompanyIBAN = iban
	}
	return errs
}

var (
	addressPattern = regexp.MustCompile(`^(.+?),\s*([0-9]{4})\s?([A-Za-z]{2})\s+(\S.*)$`)
	ibanPattern    = regexp.MustCompile(`^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$`)
)

// ParseAddress splits a Dutch address written on one line, "Keizersgracht
// 1, 1015 AA Amsterdam", into its street, postcode (written "1015 AA") and
// city.
func ParseAddress(s string) (Address, bool) {
	m := addressPattern.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil || strings.TrimSpace(m[1]) == "" {
		return Address{}, false
	}
	return Address{Street: strings.TrimSpace(m[1]), Postcode: m[2] + " " + strings.ToUpper(m[3]), City: strings.TrimSpace(m[4])}, true
}

// NormalizeIBAN writes an IBAN without spaces in upper case, and reports
// whether it is one: a country code, two check digits and 11 to 30
// letters and digits that pass the ISO 13616 mod-97 check.
func NormalizeIBAN(s string) (string, bool) {
	iban := strings.ToUpper(strings.Join(strings.Fields(s), ""))
	if !ibanPattern.MatchString(iban) {
		return iban, false
	}
	rearranged := iban[4:] + iban[:4]
	rem := 0
	for _, r := range rearranged {
		var v int
		switch {
		case r >= '0' && r <= '9':
			v = int(r - '0')
			rem = (rem*10 + v) % 97
		default:
			v = int(r-'A') + 10
			rem = (rem*100 + v) % 97
		}
	}
	return iban, rem == 1
}

// mollieKeyPattern is a Mollie API key: test_ or live_ and the key's
// characters (30 in the keys Mollie issues; a little leeway either way).
var mollieKeyPattern = regexp.MustCompile(`^(test|live)_[A-Za-z0-9]{20,64}$`)

// loadMollie reads MOLLIE_API_KEY and MOLLIE_API_URL.
func (c *Config) loadMollie(getenv func(string) string) []error {
	var errs []error
	c.MollieAPIKey = strings.TrimSpace(getenv("MOLLIE_API_KEY"))
	c.MollieAPIURL = strings.TrimSuffix(getenv("MOLLIE_API_URL"), "/")
	if c.MollieAPIURL == "" {
		c.MollieAPIURL = "https://api.mollie.com/v2"
	}
	if u, err := url.Parse(c.MollieAPIURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		errs = append(errs, fmt.Errorf("MOLLIE_API_URL=%q: must be an http(s) URL such as https://api.mollie.com/v2", c.MollieAPIURL))
	}
	// The key is never echoed: it is a secret.
	if k := c.MollieAPIKey; k != "" && !mollieKeyPattern.MatchString(k) {
		errs = append(errs, errors.New("MOLLIE_API_KEY: must be a Mollie API key from the dashboard (Developers, API keys), starting with test_ or live_"))
	}
	return errs
}

// minAlertsSecret is the shortest ALERTS_SECRET accepted.
const minAlertsSecret = 32

// minWebhookSecret is the shortest VAPI_WEBHOOK_SECRET accepted: a shared
// secret anyone could guess in a few tries protects nothing.
const minWebhookSecret = 16

// loadVapi reads and checks the three VAPI_ variables.
func (c *Config) loadVapi(getenv func(string) string) []error {
	var errs []error
	c.VapiPublicKey = getenv("VAPI_PUBLIC_KEY")
	c.VapiAssistantID = getenv("VAPI_ASSISTANT_ID")
	c.VapiWebhookSecret = getenv("VAPI_WEBHOOK_SECRET")
	c.VapiPrivateKey = getenv("VAPI_PRIVATE_KEY")
	c.VapiAPIURL = strings.TrimSuffix(getenv("VAPI_API_URL"), "/")
	if c.VapiAPIURL == "" {
		c.VapiAPIURL = "https://api.vapi.ai"
	}
	if u, err := url.Parse(c.VapiAPIURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		errs = append(errs, fmt.Errorf("VAPI_API_URL=%q: must be an http(s) URL such as https://api.vapi.ai", c.VapiAPIURL))
	}
	if k := c.VapiPrivateKey; k != "" {
		// Never echoed: it is a secret.
		if strings.IndexFunc(k, func(r rune) bool { return r <= ' ' || r > '~' }) >= 0 || len(k) < 16 {
			errs = append(errs, errors.New("VAPI_PRIVATE_KEY: must be the private API key from the Vapi dashboard (visible characters, no spaces)"))
		}
		if k == c.VapiPublicKey {
			errs = append(errs, errors.New("VAPI_PRIVATE_KEY: is the same as VAPI_PUBLIC_KEY; the backfill needs the private key"))
		}
	}

	// The value is not echoed: a private key pasted here by mistake must
	// not end up in a log.
	if c.VapiPublicKey != "" && !isUUID(c.VapiPublicKey) {
		errs = append(errs, errors.New("VAPI_PUBLIC_KEY: must be the public key from the Vapi dashboard, a UUID such as 6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60"))
	}
	if c.VapiAssistantID != "" && !isUUID(c.VapiAssistantID) {
		errs = append(errs, fmt.Errorf("VAPI_ASSISTANT_ID=%q: must be the id of a Vapi assistant, a UUID such as 6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60", c.VapiAssistantID))
	}
	if (c.VapiPublicKey == "") != (c.VapiAssistantID == "") {
		errs = append(errs, errors.New("VAPI_PUBLIC_KEY and VAPI_ASSISTANT_ID: set both or neither (with neither, the voice widget runs the offline demo)"))
	}
	if s := c.VapiWebhookSecret; s != "" {
		// Vapi sends the secret as a header value; surrounding or inner
		// spaces and control characters would not survive the trip
		// intact, so they are refused here rather than failing every call.
		if len(s) < minWebhookSecret || strings.IndexFunc(s, func(r rune) bool { return r <= ' ' || r > '~' }) >= 0 {
			errs = append(errs, fmt.Errorf("VAPI_WEBHOOK_SECRET: must be at least %d visible ASCII characters without spaces, such as the output of `openssl rand -hex 32`", minWebhookSecret))
		}
	}
	return errs
}

// isUUID accepts only the canonical 8-4-4-4-12 hexadecimal form, which is
// how Vapi shows keys and ids (uuid.Validate also takes braces, URNs and
// the form without hyphens).
func isUUID(s string) bool {
	return len(s) == 36 && uuid.Validate(s) == nil
}

func parseBool(v string, bad func(string)) bool {
	switch strings.ToLower(v) {
	case "1", "true", "yes", "on":
		return true
	case "0", "false", "no", "off":
		return false
	}
	bad(v)
	return false
}

// validHost rejects the common mistakes of putting a port, a scheme or
// spaces into HOST; anything else is left for net.Listen to judge.
func validHost(h string) bool {
	if strings.ContainsAny(h, " \t/[]") {
		return false
	}
	if strings.Contains(h, ":") {
		return net.ParseIP(h) != nil // only IPv6 literals contain colons
	}
	return true
}

// namedLevel accepts only the four plain names: slog also parses "info+2",
// which would be a confusing thing to allow in an env var.
func namedLevel(s string) bool {
	switch strings.ToLower(s) {
	case "debug", "info", "warn", "error":
		return true
	}
	return false
}

// parseSiteURL checks that raw is a bare origin (scheme and host only),
// because it is pasted in front of paths in canonical links, hreflang and
// e-mails. It returns the URL without a trailing slash, or a problem.
func parseSiteURL(raw string) (string, string) {
	const expected = "must be an absolute http:// or https:// URL with a host and no path, query or fragment, such as https://belwise.nl"
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Opaque != "" {
		return "", expected
	}
	if u.User != nil || u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || strings.Contains(raw, "#") {
		return "", expected
	}
	if u.Path != "" && u.Path != "/" {
		return "", expected
	}
	return u.Scheme + "://" + u.Host, ""
}

// productionSite reports whether the site is served at a public https
// address: not localhost, a .localhost or .test name, or a loopback or
// private address.
func productionSite(siteURL string) bool {
	u, err := url.Parse(siteURL)
	if err != nil || u.Scheme != "https" {
		return false
	}
	h := strings.ToLower(u.Hostname())
	if h == "localhost" || strings.HasSuffix(h, ".localhost") || strings.HasSuffix(h, ".test") {
		return false
	}
	if ip := net.ParseIP(h); ip != nil && (ip.IsLoopback() || ip.IsPrivate()) {
		return false
	}
	return true
}
