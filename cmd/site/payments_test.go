package main

import (
	"log/slog"
	"testing"

	"github.com/belwise/site/internal/config"
	"github.com/belwise/site/internal/mollie/mollietest"
)

// Without MOLLIE_API_KEY there is no payments service (no pay links, no
// webhook); with it, one on MOLLIE_API_URL, without a webhook on localhost.
func TestMolliePaymentsOnlyWithAKey(t *testing.T) {
	if s := molliePayments(config.Config{SiteURL: "https://belwise.nl", MollieAPIURL: "https://api.mollie.com/v2"}, nil, discardLog()); s != nil {
		t.Fatal("a service without a key")
	}
	s := molliePayments(config.Config{SiteURL: "http://localhost:3000", MollieAPIKey: mollietest.Key, MollieAPIURL: "https://api.mollie.com/v2"}, nil, discardLog())
	if s == nil || s.WebhookURL() != "" {
		t.Fatalf("%#v", s)
	}
}

func discardLog() *slog.Logger { return slog.New(slog.DiscardHandler) }
