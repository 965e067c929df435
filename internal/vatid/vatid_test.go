package vatid

import "testing"

func TestValid(t *testing.T) {
	for _, c := range []struct {
		country, id string
		want        bool
	}{
		{"NL", "NL123456789B01", true},
		{"nl", "nl 1234.56789 b01", true},
		{"NL", "NL123456789", false},
		{"NL", "BE0123456789", false},
		{"BE", "BE0123456789", true},
		{"BE", "BE2123456789", false},
		{"GR", "EL123456789", true},
		{"GR", "GR123456789", false},
		{"DE", "DE123456789", true},
		{"US", "US123456789", false},
		{"AT", "ATU12345678", true},
	} {
		if got := Valid(c.country, c.id); got != c.want {
			t.Errorf("Valid(%q, %q) = %v, want %v", c.country, c.id, got, c.want)
		}
	}
	for c := range formats {
		if !Valid(c, Example(c)) {
			t.Errorf("the example for %s (%s) is not valid", c, Example(c))
		}
	}
	if len(Countries()) != 27 {
		t.Errorf("%d EU member states, want 27", len(Countries()))
	}
}

func TestReverseCharge(t *testing.T) {
	if ReverseCharge("NL", "NL123456789B01") {
		t.Error("a Dutch buyer is reverse charged")
	}
	if !ReverseCharge("BE", "BE0123456789") {
		t.Error("a Belgian business is not reverse charged")
	}
	if ReverseCharge("BE", "") {
		t.Error("a Belgian buyer without a VAT id is reverse charged")
	}
}
