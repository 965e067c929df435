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

func TestReserveCountsFailuresOnly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
		l := New(db, 1, func() time.Time { return now })
		pair := Rule{Name: "pair", Limit: 2, Window: 10 * time.Minute}
		wide := Rule{Name: "wide", Limit: 5, Window: time.Hour}
		checks := func(ip string) []Check {
			return []Check{ByIPAndEmail(pair, ip, "a@example.com"), ByEmail(wide, "a@example.com")}
		}

		// Successes are given back and never add up.
		for i := 0; i < 10; i++ {
			r, wait, err := l.Reserve(ctx, checks("192.0.2.1")...)
			if err != nil || wait != 0 {
				t.Fatalf("success %d: wait %v err %v", i, wait, err)
			}
			if err := l.Refund(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		// Two failures spend the pair's budget; the third attempt is refused
		// and not counted anywhere.
		for i := 0; i < 2; i++ {
			if _, wait, err := l.Reserve(ctx, checks("192.0.2.1")...); err != nil || wait != 0 {
				t.Fatalf("failure %d: wait %v err %v", i, wait, err)
			}
		}
		for i := 0; i < 3; i++ {
			if _, wait, _ := l.Reserve(ctx, checks("192.0.2.1")...); wait != 10*time.Minute {
				t.Fatalf("refused attempt %d: wait %v", i, wait)
			}
		}
		if n, _ := db.HitCount(ctx, ByEmail(wide, "a@example.com").key(), now); n != 2 {
			t.Fatalf("the account counted %d, want the 2 failures", n)
		}
		// Other addresses still have their own pair budget; the shared one runs out at 5.
		for i := 3; i <= 5; i++ {
			if _, wait, _ := l.Reserve(ctx, checks("192.0.2."+string(rune('0'+i)))...); wait != 0 {
				t.Fatalf("failure from another address %d refused", i)
			}
		}
		if _, wait, _ := l.Reserve(ctx, checks("192.0.2.9")...); wait != time.Hour {
			t.Fatalf("the account budget: wait %v", wait)
		}
		// Clear forgets one counter.
		if err := l.Clear(ctx, ByIPAndEmail(pair, "192.0.2.1", "a@example.com")); err != nil {
			t.Fatal(err)
		}
		if _, wait, _ := l.Reserve(ctx, ByIPAndEmail(pair, "192.0.2.1", "a@example.com")); wait != 0 {
			t.Fatal("Clear left the pair spent")
		}
	})
}

func TestMarkSlides(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
		l := New(db, 1, func() time.Time { return now })
		known := ByIPAndEmail(Rule{Name: "known", Limit: 1, Window: 24 * time.Hour}, "2001:db8::1", "a@example.com")
		if ok, err := l.Marked(ctx, known); err != nil || ok {
			t.Fatalf("unmarked: %v %v", ok, err)
		}
		if err := l.Mark(ctx, known); err != nil {
			t.Fatal(err)
		}
		now = now.Add(20 * time.Hour)
		if err := l.Mark(ctx, known); err != nil { // extends to 44 h
			t.Fatal(err)
		}
		now = now.Add(20 * time.Hour)
		other := ByIPAndEmail(Rule{Name: "known", Limit: 1, Window: 24 * time.Hour}, "2001:db8::ffff", "a@example.com")
		if ok, _ := l.Marked(ctx, other); !ok {
			t.Fatal("the mark did not slide, or does not cover the /64")
		}
		now = now.Add(5 * time.Hour)
		if ok, _ := l.Marked(ctx, known); ok {
			t.Fatal("the mark outlived its window")
		}
	})
}
