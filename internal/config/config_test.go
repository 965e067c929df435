package config

import (
	"log/slog"
	"strings"
	"testing"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestLoadDefaults(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	want := Config{Host: "127.0.0.1", Port: 3000, SiteURL: "http://localhost:3000", DataDir: "./data", LogLevel: slog.LevelInfo, SeedDemo: true, RateLimitScale: 1, QuoteInbox: "quotes@localhost",
		VapiAPIURL: "https://api.vapi.ai", CallRetentionDays: 90, MollieAPIURL: "https://api.mollie.com/v2"}
	if c != want {
		t.Fatalf("got %+v, want %+v", c, want)
	}
	if c.Addr() != "127.0.0.1:3000" {
		t.Fatalf("Addr=%q", c.Addr())
	}
}

func TestLoadValid(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want func(Config) bool
	}{
		{"port changes default site url", map[string]string{"PORT": "8080"},
			func(c Config) bool { return c.Port == 8080 && c.SiteURL == "http://localhost:8080" }},
		{"https site url", map[string]string{"SITE_URL": "https://belwise.nl"},
			func(c Config) bool { return c.SiteURL == "https://belwise.nl" }},
		{"trailing slash dropped", map[string]string{"SITE_URL": "https://belwise.nl/"},
			func(c Config) bool { return c.SiteURL == "https://belwise.nl" }},
		{"site url with port", map[string]string{"SITE_URL": "http://example.test:8443"},
			func(c Config) bool { return c.SiteURL == "http://example.test:8443" }},
		{"ipv6 host", map[string]string{"HOST": "::1"},
			func(c Config) bool { return c.Addr() == "[::1]:3000" }},
		{"all interfaces", map[string]string{"HOST": "0.0.0.0"},
			func(c Config) bool { return c.Host == "0.0.0.0" }},
		{"data dir", map[string]string{"DATA_DIR": "/var/lib/site"},
			func(c Config) bool { return c.DataDir == "/var/lib/site" }},
		{"log level debug", map[string]string{"LOG_LEVEL": "debug"},
			func(c Config) bool { return c.LogLevel == slog.LevelDebug }},
		{"log level case-insensitive", map[string]string{"LOG_LEVEL": "WARN"},
			func(c Config) bool { return c.LogLevel == slog.LevelWarn }},
		{"port bounds", map[string]string{"PORT": "65535"},
			func(c Config) bool { return c.Port == 65535 }},
		{"postgres", map[string]string{"DATABASE_URL": "postgres://u:p@db:5432/site?sslmode=disable"},
			func(c Config) bool { return c.DatabaseURL == "postgres://u:p@db:5432/site?sslmode=disable" }},
		{"smtp with sender", map[string]string{"SMTP_URL": "smtp://u:p@mail:587", "MAIL_FROM": "Belwise <hi@belwise.nl>", "QUOTE_INBOX": "quotes@belwise.nl",
			"ALERTS_SECRET": strings.Repeat("ab", 16)},
			func(c Config) bool {
				return c.SMTPURL == "smtp://u:p@mail:587" && c.MailFrom == "Belwise <hi@belwise.nl>" && c.QuoteInbox == "quotes@belwise.nl" &&
					c.AlertsSecret == strings.Repeat("ab", 16)
			}},
		{"no alerts secret without smtp", map[string]string{}, func(c Config) bool { return c.AlertsSecret == "" }},
		{"seed off, proxy on, scale", map[string]string{"SEED_DEMO": "false", "TRUST_PROXY": "1", "RATE_LIMIT_SCALE": "50"},
			func(c Config) bool { return !c.SeedDemo && c.TrustProxy && c.RateLimitScale == 50 }},
		{"metrics off by default", map[string]string{}, func(c Config) bool { return c.MetricsAddr == "" }},
		{"metrics on", map[string]string{"METRICS_ADDR": "127.0.0.1:9090"}, func(c Config) bool { return c.MetricsAddr == "127.0.0.1:9090" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Load(env(tt.env))
			if err != nil {
				t.Fatal(err)
			}
			if !tt.want(c) {
				t.Fatalf("unexpected config %+v", c)
			}
		})
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want []string // substrings that must all appear in the error
	}{
		{"port not a number", map[string]string{"PORT": "abc"},
			[]string{`PORT="abc": must be a whole number from 1 to 65535`}},
		{"port zero", map[string]string{"PORT": "0"}, []string{`PORT="0"`}},
		{"port too big", map[string]string{"PORT": "65536"}, []string{`PORT="65536"`}},
		{"port negative", map[string]string{"PORT": "-1"}, []string{`PORT="-1"`}},
		{"host with port", map[string]string{"HOST": "localhost:3000"}, []string{`HOST="localhost:3000"`}},
		{"host with scheme", map[string]string{"HOST": "http://x"}, []string{`HOST="http://x"`}},
		{"site url relative", map[string]string{"SITE_URL": "belwise.nl"}, []string{`SITE_URL="belwise.nl": must be an absolute`}},
		{"site url ftp", map[string]string{"SITE_URL": "ftp://belwise.nl"}, []string{`SITE_URL="ftp://belwise.nl"`}},
		{"site url no host", map[string]string{"SITE_URL": "https://"}, []string{`SITE_URL="https://"`}},
		{"site url path", map[string]string{"SITE_URL": "https://belwise.nl/app"}, []string{`SITE_URL="https://belwise.nl/app"`}},
		{"site url query", map[string]string{"SITE_URL": "https://belwise.nl/?a=1"}, []string{`SITE_URL="https://belwise.nl/?a=1"`}},
		{"site url empty query", map[string]string{"SITE_URL": "https://belwise.nl?"}, []string{`SITE_URL="https://belwise.nl?"`}},
		{"site url fragment", map[string]string{"SITE_URL": "https://belwise.nl#x"}, []string{`SITE_URL="https://belwise.nl#x"`}},
		{"site url credentials", map[string]string{"SITE_URL": "https://u:p@belwise.nl"}, []string{`SITE_URL=`}},
		{"log level unknown", map[string]string{"LOG_LEVEL": "verbose"},
			[]string{`LOG_LEVEL="verbose": must be one of debug, info, warn, error`}},
		{"log level offset", map[string]string{"LOG_LEVEL": "info+2"}, []string{`LOG_LEVEL="info+2"`}},
		{"database url not postgres", map[string]string{"DATABASE_URL": "mysql://x/y"}, []string{"DATABASE_URL: must be a PostgreSQL URL"}},
		{"smtp without sender or inbox", map[string]string{"SMTP_URL": "smtp://mail:25"}, []string{"MAIL_FROM: required when SMTP_URL is set", "QUOTE_INBOX: required", "ALERTS_SECRET: required"}},
		{"short alerts secret", map[string]string{"ALERTS_SECRET": "short-secret"}, []string{"ALERTS_SECRET: must be at least 32"}},
		{"bad inbox", map[string]string{"QUOTE_INBOX": "Quotes <q@belwise.nl>"}, []string{`QUOTE_INBOX="Quotes <q@belwise.nl>"`}},
		{"smtp bad scheme hides password", map[string]string{"SMTP_URL": "http://u:secret@mail", "MAIL_FROM": "a@b.c"}, []string{"SMTP_URL: must look like"}},
		{"bad sender", map[string]string{"MAIL_FROM": "not an address"}, []string{`MAIL_FROM="not an address"`}},
		{"bad bool", map[string]string{"SEED_DEMO": "maybe"}, []string{`SEED_DEMO="maybe": must be true or false`}},
		{"bad scale", map[string]string{"RATE_LIMIT_SCALE": "0"}, []string{`RATE_LIMIT_SCALE="0"`}},
		{"metrics without port", map[string]string{"METRICS_ADDR": "127.0.0.1"}, []string{`METRICS_ADDR="127.0.0.1": must be host:port`}},
		{"metrics as url", map[string]string{"METRICS_ADDR": "http://127.0.0.1:9090/metrics"}, []string{`METRICS_ADDR="http://127.0.0.1:9090/metrics"`}},
		{"metrics bad port", map[string]string{"METRICS_ADDR": ":99999"}, []string{`METRICS_ADDR=":99999"`}},
		{"several at once", map[string]string{"PORT": "x", "SITE_URL": "nope", "LOG_LEVEL": "loud", "HOST": "a b"},
			[]string{`PORT="x"`, `SITE_URL="nope"`, `LOG_LEVEL="loud"`, `HOST="a b"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(env(tt.env))
			if err == nil {
				t.Fatal("expected an error")
			}
			if strings.Contains(err.Error(), "secret") {
				t.Errorf("error leaks the SMTP password: %v", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
			if got, want := strings.Count(err.Error(), "\n")+1, len(tt.want); tt.name == "several at once" && got != want {
				t.Errorf("got %d problems, want %d: %v", got, want, err)
			}
		})
	}
}

const (
	testVapiKey       = "6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60"
	testVapiAssistant = "0b9e8d7c-6a5f-4e3d-2c1b-0a9f8e7d6c5b"
	testVapiSecret    = "4f9a1c7e2b8d6053e1a7c9b2d4f6e8a0"
)

func TestLoadVapi(t *testing.T) {
	c, err := Load(env(map[string]string{
		"VAPI_PUBLIC_KEY": testVapiKey, "VAPI_ASSISTANT_ID": strings.ToUpper(testVapiAssistant),
		"VAPI_WEBHOOK_SECRET": testVapiSecret,
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.VapiPublicKey != testVapiKey || c.VapiAssistantID != strings.ToUpper(testVapiAssistant) || c.VapiWebhookSecret != testVapiSecret {
		t.Fatalf("unexpected config %+v", c)
	}

	// The webhook works without the browser values and vice versa.
	if c, err := Load(env(map[string]string{"VAPI_WEBHOOK_SECRET": testVapiSecret})); err != nil || c.VapiWebhookSecret != testVapiSecret {
		t.Fatalf("secret alone: %v %+v", err, c)
	}
	if c, err := Load(env(map[string]string{"VAPI_PUBLIC_KEY": testVapiKey, "VAPI_ASSISTANT_ID": testVapiAssistant})); err != nil || c.VapiWebhookSecret != "" {
		t.Fatalf("browser values alone: %v %+v", err, c)
	}
}

func TestLoadVapiErrors(t *testing.T) {
	const secret = "s3cr3t-value-x"
	tests := []struct {
		name string
		env  map[string]string
		want []string
	}{
		{"key without assistant", map[string]string{"VAPI_PUBLIC_KEY": testVapiKey},
			[]string{"VAPI_PUBLIC_KEY and VAPI_ASSISTANT_ID: set both or neither"}},
		{"assistant without key", map[string]string{"VAPI_ASSISTANT_ID": testVapiAssistant},
			[]string{"VAPI_PUBLIC_KEY and VAPI_ASSISTANT_ID: set both or neither"}},
		{"key not a uuid", map[string]string{"VAPI_PUBLIC_KEY": "pk_live_123", "VAPI_ASSISTANT_ID": testVapiAssistant},
			[]string{"VAPI_PUBLIC_KEY: must be the public key from the Vapi dashboard, a UUID"}},
		{"key without hyphens", map[string]string{"VAPI_PUBLIC_KEY": strings.ReplaceAll(testVapiKey, "-", ""), "VAPI_ASSISTANT_ID": testVapiAssistant},
			[]string{"VAPI_PUBLIC_KEY: must be"}},
		{"key in braces", map[string]string{"VAPI_PUBLIC_KEY": "{" + testVapiKey + "}", "VAPI_ASSISTANT_ID": testVapiAssistant},
			[]string{"VAPI_PUBLIC_KEY: must be"}},
		{"assistant not a uuid", map[string]string{"VAPI_PUBLIC_KEY": testVapiKey, "VAPI_ASSISTANT_ID": "belwise-assistant"},
			[]string{`VAPI_ASSISTANT_ID="belwise-assistant": must be the id of a Vapi assistant, a UUID`}},
		{"assistant with trailing space", map[string]string{"VAPI_PUBLIC_KEY": testVapiKey, "VAPI_ASSISTANT_ID": testVapiAssistant + " "},
			[]string{`VAPI_ASSISTANT_ID="` + testVapiAssistant + ` "`}},
		{"short secret", map[string]string{"VAPI_WEBHOOK_SECRET": secret},
			[]string{"VAPI_WEBHOOK_SECRET: must be at least 16 visible ASCII characters"}},
		{"secret with a space", map[string]string{"VAPI_WEBHOOK_SECRET": secret + " and more"},
			[]string{"VAPI_WEBHOOK_SECRET: must be at least 16"}},
		{"secret with non-ASCII", map[string]string{"VAPI_WEBHOOK_SECRET": secret + "ééééé"},
			[]string{"VAPI_WEBHOOK_SECRET: must be at least 16"}},
		{"all at once", map[string]string{"VAPI_PUBLIC_KEY": "x", "VAPI_WEBHOOK_SECRET": secret, "PORT": "x"},
			[]string{"VAPI_PUBLIC_KEY: must be", "set both or neither", "VAPI_WEBHOOK_SECRET: must be", `PORT="x"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(env(tt.env))
			if err == nil {
				t.Fatal("expected an error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
			// Neither the secret nor the public key value is ever echoed.
			if strings.Contains(err.Error(), secret) || strings.Contains(err.Error(), "pk_live_123") {
				t.Errorf("error echoes a key or secret: %v", err)
			}
		})
	}
}

func TestLoadCompany(t *testing.T) {
	c, err := Load(env(map[string]string{
		"COMPANY_NAME":        "Belwise B.V.",
		"COMPANY_ADDRESS":     " Keizersgracht 1, 1015 AA Amsterdam ",
		"COMPANY_PHONE":       "+31 (0)20 123-4567",
		"COMPANY_EMAIL":       "hello@belwise.nl",
		"COMPANY_KVK":         "12345678",
		"COMPANY_VAT":         "nl 123456789 b01",
		"CALL_RETENTION_DAYS": "30",
	}))
	if err != nil {
		t.Fatal(err)
	}
	want := Company{Name: "Belwise B.V.", Address: "Keizersgracht 1, 1015 AA Amsterdam", Phone: "+31 (0)20 123-4567",
		Email: "hello@belwise.nl", KVK: "12345678", VAT: "NL123456789B01"}
	if c.Company != want || c.CallRetentionDays != 30 {
		t.Fatalf("got %+v, %d days", c.Company, c.CallRetentionDays)
	}
	if c.CompanyAddress != (Address{Street: "Keizersgracht 1", Postcode: "1015 AA", City: "Amsterdam"}) || c.CompanyIBAN != "" {
		t.Fatalf("address %+v, IBAN %q", c.CompanyAddress, c.CompanyIBAN)
	}

	// Unset details stay empty: nothing is made up.
	c, err = Load(env(map[string]string{"COMPANY_EMAIL": "hello@belwise.nl"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Company != (Company{Email: "hello@belwise.nl"}) {
		t.Fatalf("got %+v", c.Company)
	}
}

// COMPANY_IBAN is checked (mod 97) and kept without spaces; COMPANY_ADDRESS
// is split into the parts an invoice prints.
func TestLoadCompanyBilling(t *testing.T) {
	c, err := Load(env(map[string]string{"COMPANY_IBAN": " nl91 abna 0417 1643 00 ", "COMPANY_ADDRESS": "Herengracht 182-B,1016BR  Den Haag"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.CompanyIBAN != "NL91ABNA0417164300" || c.CompanyAddress != (Address{Street: "Herengracht 182-B", Postcode: "1016 BR", City: "Den Haag"}) {
		t.Fatalf("IBAN %q, address %+v", c.CompanyIBAN, c.CompanyAddress)
	}
	for _, iban := range []string{"DE89370400440532013000", "BE68539007547034", "GB82WEST12345698765432"} {
		if _, ok := NormalizeIBAN(iban); !ok {
			t.Errorf("%s refused", iban)
		}
	}
	for _, iban := range []string{"NL91ABNA0417164301", "NL19ABNA0417164300", "NL91", "1234ABNA0417164300", "NL91ABNA04171643€0"} {
		if _, ok := NormalizeIBAN(iban); ok {
			t.Errorf("%s accepted", iban)
		}
	}
	if _, err := Load(env(map[string]string{"COMPANY_ADDRESS": "Amsterdam"})); err == nil || !strings.Contains(err.Error(), "COMPANY_ADDRESS") {
		t.Errorf("an address without postcode: %v", err)
	}
	for _, addr := range []string{"Keizersgracht 1 1015 AA Amsterdam", "Keizersgracht 1, Amsterdam", ", 1015 AA Amsterdam", "Keizersgracht 1, 1015 AA"} {
		if a, ok := ParseAddress(addr); ok {
			t.Errorf("%q parsed as %+v", addr, a)
		}
	}
}

func TestLoadCompanyInvalid(t *testing.T) {
	for name, value := range map[string]string{
		"COMPANY_NAME":        "Belwise\nB.V.",
		"COMPANY_ADDRESS":     strings.Repeat("a", 201),
		"COMPANY_IBAN":        "NL91 ABNA 0417 1643 01",
		"COMPANY_PHONE":       "call us",
		"COMPANY_EMAIL":       "Belwise <hello@belwise.nl>",
		"COMPANY_KVK":         "1234567",
		"COMPANY_VAT":         "123456789B01",
		"CALL_RETENTION_DAYS": "0",
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Load(env(map[string]string{name: value}))
			if err == nil || !strings.Contains(err.Error(), name) {
				t.Fatalf("%s=%q: got %v, want an error naming the variable", name, value, err)
			}
		})
	}
	for _, v := range []string{"3651", "ninety", "-1"} {
		if _, err := Load(env(map[string]string{"CALL_RETENTION_DAYS": v})); err == nil {
			t.Fatalf("CALL_RETENTION_DAYS=%q accepted", v)

		}
	}
}

func TestLoadCallSettings(t *testing.T) {
	c, err := Load(env(map[string]string{"CALL_RETENTION_DAYS": "30", "VAPI_PRIVATE_KEY": "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0", "VAPI_API_URL": "http://127.0.0.1:9999/"}))
	if err != nil || c.CallRetentionDays != 30 || c.VapiPrivateKey == "" || c.VapiAPIURL != "http://127.0.0.1:9999" {
		t.Fatalf("%+v %v", c, err)
	}
	for _, bad := range []map[string]string{
		{"CALL_RETENTION_DAYS": "0"}, {"CALL_RETENTION_DAYS": "ninety"}, {"CALL_RETENTION_DAYS": "4000"},
		{"VAPI_API_URL": "ftp://api.vapi.ai"}, {"VAPI_PRIVATE_KEY": "short"}, {"VAPI_PRIVATE_KEY": "has a space in it somewhere"},
	} {
		_, err := Load(env(bad))
		if err == nil {
			t.Errorf("%v accepted", bad)
			continue
		}
		if k := bad["VAPI_PRIVATE_KEY"]; k != "" && strings.Contains(err.Error(), k) {
			t.Errorf("the private key was echoed: %v", err)
		}
	}
}

// WEBHOOK_ALLOW_PRIVATE is for development and tests: off by default, and
// refused when SITE_URL is a public https address (a production site).
func TestLoadWebhookAllowPrivate(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil || c.WebhookAllowPrivate {
		t.Fatalf("default: %v %v", c.WebhookAllowPrivate, err)
	}
	for _, site := range []string{"", "http://127.0.0.1:3990", "https://localhost:8443", "https://belwise.test", "http://belwise.nl"} {
		c, err := Load(env(map[string]string{"WEBHOOK_ALLOW_PRIVATE": "true", "SITE_URL": site}))
		if err != nil || !c.WebhookAllowPrivate {
			t.Errorf("SITE_URL %q: %v %v", site, c.WebhookAllowPrivate, err)
		}
	}
	if _, err := Load(env(map[string]string{"WEBHOOK_ALLOW_PRIVATE": "true", "SITE_URL": "https://belwise.nl"})); err == nil ||
		!strings.Contains(err.Error(), "WEBHOOK_ALLOW_PRIVATE") {
		t.Errorf("accepted with a production SITE_URL: %v", err)
	}
	if _, err := Load(env(map[string]string{"WEBHOOK_ALLOW_PRIVATE": "yes please"})); err == nil {
		t.Error("a value that is not a boolean was accepted")
	}
}

func TestLoadMollie(t *testing.T) {
	key := "test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM"
	c, err := Load(env(map[string]string{"MOLLIE_API_KEY": key, "MOLLIE_API_URL": "http://127.0.0.1:9999/v2/"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.MollieAPIKey != key || c.MollieAPIURL != "http://127.0.0.1:9999/v2" {
		t.Fatalf("%q %q", c.MollieAPIKey, c.MollieAPIURL)
	}
	if c, err := Load(env(map[string]string{"MOLLIE_API_KEY": "live_" + key[5:]})); err != nil || c.MollieAPIKey == "" {
		t.Fatalf("a live key: %v", err)
	}
	for _, bad := range []string{"dHar4XY7LxsDOtmnkVtjNVWXLSlXsM", "access_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM", "test_short", "test_dHar4XY7Lxs DOtmnkVtjNVWXLSlXsM"} {
		_, err := Load(env(map[string]string{"MOLLIE_API_KEY": bad}))
		if err == nil || !strings.Contains(err.Error(), "MOLLIE_API_KEY") {
			t.Errorf("%q: %v", bad, err)
		}
		if err != nil && strings.Contains(err.Error(), bad) {
			t.Errorf("the key is echoed: %v", err)
		}
	}
	if _, err := Load(env(map[string]string{"MOLLIE_API_URL": "ftp://mollie"})); err == nil || !strings.Contains(err.Error(), "MOLLIE_API_URL") {
		t.Errorf("a bad URL: %v", err)
	}
}
