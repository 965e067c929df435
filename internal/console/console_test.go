package console

import (
	"testing"

	"github.com/belwise/site/internal/apierr"
)

func TestCurrency(t *testing.T) {
	for in, want := range map[string]string{"EUR": "EUR", " eur ": "EUR", "": "EUR", "usd": "USD", "GBP": "GBP", "XOF": "XOF", "CHF": "CHF"} {
		if got, err := Currency(in); err != nil || got != want {
			t.Errorf("Currency(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"XYZ", "EU", "EURO", "XXX", "XAU", "NLG", "€", "E U"} {
		_, err := Currency(in)
		if e, ok := apierr.As(err); !ok || e.Code != apierr.CodeInvalidCurrency || e.Field != "currency" {
			t.Errorf("Currency(%q) = %v, want invalid_currency", in, err)
		}
	}
}

func TestCheckAmount(t *testing.T) {
	for cents, ok := range map[int64]bool{0: true, 1: true, MaxAmountCents: true, -1: false, MaxAmountCents + 1: false} {
		err := CheckAmount(cents, "priceCents")
		if e, _ := apierr.As(err); (err == nil) != ok || !ok && (e.Code != apierr.CodeInvalidAmount || e.Field != "priceCents") {
			t.Errorf("CheckAmount(%d) = %v", cents, err)
		}
	}
}
