package ratelimit

import (
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

func TestIPSubject(t *testing.T) {
	for in, want := range map[string]string{
		"192.0.2.1":               "192.0.2.1",
		"::ffff:192.0.2.1":        "192.0.2.1",
		"2001:db8:1:2:3:4:5:6":    "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff::9999": "2001:db8:1:2::/64",
		"garbage":                 "unknown",
	} {
		if got := ipSubject(in); got != want {
			t.Errorf("ipSubject(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAllowScalesAndResets(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
		l := New(db, 2, func() time.Time { return now })
		rule := Rule{Name: "test", Limit: 3, Window: 10 * time.Minute}
		for i := 1; i <= 6; i++ { // 3 × scale 2
			if wait, err := l.Allow(t.Context(), ByIP(rule, "192.0.2.1")); err != nil || wait != 0 {
				t.Fatalf("attempt %d: wait %v err %v", i, wait, err)
			}
		}
		wait, err := l.Allow(t.Context(), ByIP(rule, "192.0.2.1"))
		if err != nil || wait != 10*time.Minute {
			t.Fatalf("7th attempt: wait %v err %v", wait, err)
		}
		if wait, _ := l.Allow(t.Context(), ByIP(rule, "192.0.2.2")); wait != 0 {
			t.Fatal("another address shares the budget")
		}
		now = now.Add(10 * time.Minute)
		if wait, _ := l.Allow(t.Context(), ByIP(rule, "192.0.2.1")); wait != 0 {
			t.Fatal("the window did not reset")
		}
	})
}
