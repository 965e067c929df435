package main

import (
	"testing"

	"github.com/belwise/site/internal/config"
	"github.com/belwise/site/internal/voice"
)

// Without VAPI_PRIVATE_KEY the backfill has no client, so nothing is ever
// fetched from Vapi; with it, the client uses VAPI_API_URL.
func TestVapiLister(t *testing.T) {
	if l := vapiLister(config.Config{VapiAPIURL: "https://api.vapi.ai"}); l != nil {
		t.Fatalf("a lister without a key: %#v", l)
	}
	l, ok := vapiLister(config.Config{VapiAPIURL: "http://127.0.0.1:1", VapiPrivateKey: "k-0123456789abcdef"}).(*voice.Client)
	if !ok || l.BaseURL != "http://127.0.0.1:1" || l.Key != "k-0123456789abcdef" {
		t.Fatalf("lister = %#v", l)
	}
}
