package orders

import (
	"strings"
	"testing"

	"github.com/belwise/site/internal/mail"
)

func TestFormatMoney(t *testing.T) {
	for _, tc := range []struct {
		cents          int64
		currency, lang string
		want           string
	}{
		{249900, "EUR", "en", "€2,499.00"},
		{249900, "EUR", "nl", "€\u00a02.499,00"},
		{5, "USD", "en", "$0.05"},
		{123456789, "GBP", "nl", "£\u00a01.234.567,89"},
		{100000, "CHF", "en", "CHF\u00a01,000.00"},
		{-1050, "EUR", "nl", "€\u00a0-10,50"},
		{0, "EUR", "en", "€0.00"},
	} {
		if got := FormatMoney(tc.cents, tc.currency, tc.lang); got != tc.want {
			t.Errorf("FormatMoney(%d, %s, %s) = %q, want %q", tc.cents, tc.currency, tc.lang, got, tc.want)
		}
	}
}

// Every status has its email in both languages, greeting the buyer through
// the layout's shared greeting and linking to the order.
func TestStatusEmails(t *testing.T) {
	d := statusData{Name: "Anna de Vries", Number: "1a2b3c4d", Agent: "Bestellijn", Title: "Telefonische bestellingen", Amount: "€\u00a01.499,50",
		OrderLink: "https://belwise.test/nl/dashboard/orders/x"}
	subjects := map[string]bool{}
	for _, lang := range []string{"en", "nl"} {
		for _, status := range Statuses {
			m, ok := statusEmail(lang, status, d)
			if !ok {
				t.Fatalf("%s: no %s email", lang, status)
			}
			if subjects[m.Subject] || strings.Contains(m.Subject, "{") || !strings.Contains(m.Text, mail.Greeting(lang, d.Name)) ||
				!strings.Contains(m.Text, d.OrderLink) || !strings.Contains(m.Text, "1a2b3c4d") || strings.Contains(m.Text, "{") {
				t.Errorf("%s %s email:\n%s\n%s", lang, status, m.Subject, m.Text)
			}
			subjects[m.Subject] = true
		}
		if _, ok := statusEmail(lang, "shipped", d); ok {
			t.Errorf("%s: an email for an unknown status", lang)
		}
	}
	m, _ := statusEmail("nl", StatusRefunded, d)
	if !strings.Contains(m.Text, "€\u00a01.499,50") || !strings.Contains(m.Subject, "terugbetaald") {
		t.Errorf("Dutch refund email:\n%s", m.Text)
	}
	m, _ = statusEmail("en", StatusCompleted, d)
	if m.Subject != "Your agent is live: Bestellijn" {
		t.Errorf("English completed subject %q", m.Subject)
	}
}
