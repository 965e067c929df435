package main

import (
	"testing"

	"github.com/belwise/site/internal/config"
)

// Without VAPI_PRIVATE_KEY there is no client, so nothing is ever fetched
// from Vapi; with it, the client uses VAPI_API_URL.
func TestVapiClient(t *testing.T) {
	if l := vapiClient(config.Config{VapiAPIURL: "https://api.vapi.ai"}); l != nil {
		t.Fatalf("a client without a key: %#v", l)
	}
	l := vapiClient(config.Config{VapiAPIURL: "http://127.0.0.1:1", VapiPrivateKey: "k-0123456789abcdef"})
	if l == nil || l.BaseURL != "http://127.0.0.1:1" || l.Key != "k-0123456789abcdef" {
		t.Fatalf("client = %#v", l)
	}
}
