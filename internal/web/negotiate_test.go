package web

import "testing"

func TestNegotiateEncoding(t *testing.T) {
	tests := []struct {
		header         string
		haveBr, haveGz bool
		want           string
	}{
		{"", true, true, ""},
		{"br", true, true, "br"},
		{"gzip, br", true, true, "br"},
		{"BR, GZIP", true, true, "br"},
		{"br", false, true, ""},
		{"gzip, br", false, true, "gzip"},
		{"gzip;q=1.0, br;q=0.8", true, true, "gzip"},
		{"gzip;q=0.5, br;q=0.5", true, true, "br"},
		{"br;q=0", true, true, ""},
		{"*;q=0", true, true, ""},
		{"*;q=0, gzip", true, true, "gzip"},
		{"deflate", true, true, ""},
		{"gzip ; q=0", true, true, ""},
	}
	for _, tt := range tests {
		if got := negotiateEncoding(tt.header, tt.haveBr, tt.haveGz); got != tt.want {
			t.Errorf("negotiateEncoding(%q, br=%v, gz=%v) = %q, want %q", tt.header, tt.haveBr, tt.haveGz, got, tt.want)
		}
	}
}

func TestETagMatches(t *testing.T) {
	tests := []struct {
		header string
		want   bool
	}{
		{"", false},
		{`"abc"`, true},
		{`W/"abc"`, true},
		{`"x", "abc"`, true},
		{`*`, true},
		{`"abc-br"`, false},
	}
	for _, tt := range tests {
		if got := etagMatches(tt.header, `"abc"`); got != tt.want {
			t.Errorf("etagMatches(%q) = %v", tt.header, got)
		}
	}
}
