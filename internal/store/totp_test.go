package store_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// PassSecondStep spends a code once: of many sign-ins racing with codes of
// the same time step, or the same recovery code, exactly one gets through,
// and each replaces only its own pending session.
func TestPassSecondStepOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := ctxT(t)
		u := mkUser(t, db, "")
		pending := func(name string) []byte {
			h := hashOf(name)
			if err := db.CreateSession(ctx, store.Session{TokenHash: h, UserID: u.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: t0.Add(time.Hour), TOTPSetupSecret: "KEY"}); err != nil {
				t.Fatal(err)
			}
			return h
		}
		full := func(name string) store.Session {
			at := t0.Add(time.Minute)
			return store.Session{TokenHash: hashOf(name), UserID: u.ID, CreatedAt: at, LastSeenAt: at, ExpiresAt: t0.Add(time.Hour), SecondStepAt: &at}
		}
		if _, err := db.TOTPFactor(ctx, u.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("a factor before setup: %v", err)
		}
		setup := store.SecondStep{UserID: u.ID, Pending: pending("p0"), Next: full("f0"), Step: 100,
			Setup: &store.FactorSetup{Secret: "KEY", RecoveryHashes: [][]byte{hashOf("r1"), hashOf("r2")}}}
		if err := db.PassSecondStep(ctx, setup); err != nil {
			t.Fatal(err)
		}
		f, err := db.TOTPFactor(ctx, u.ID)
		if err != nil || f.Secret != "KEY" || f.LastStep != 100 {
			t.Fatalf("factor %+v, %v", f, err)
		}
		setup.Pending, setup.Next = pending("p1"), full("f1")
		wantErr(t, "a second setup", db.PassSecondStep(ctx, setup), store.ErrConflict)
		sess, _, err := db.SessionUser(ctx, hashOf("f0"), t0.Add(time.Minute))
		if err != nil || sess.SecondStepAt == nil {
			t.Fatalf("the complete session: %+v, %v", sess, err)
		}
		if _, _, err := db.SessionUser(ctx, hashOf("p0"), t0); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("the pending session outlived its step: %v", err)
		}

		race := func(what string, step store.SecondStep) {
			t.Helper()
			var wg sync.WaitGroup
			errs := make([]error, 4)
			for i := range errs {
				s := step
				s.Pending, s.Next = pending(what+"p"+string(rune('a'+i))), full(what+"f"+string(rune('a'+i)))
				wg.Go(func() { errs[i] = db.PassSecondStep(ctx, s) })
			}
			wg.Wait()
			ok := 0
			for _, err := range errs {
				switch {
				case err == nil:
					ok++
				case !errors.Is(err, store.ErrCodeUsed):
					t.Fatalf("%s: %v", what, err)
				}
			}
			if ok != 1 {
				t.Fatalf("%s: %d of 4 got through", what, ok)
			}
		}
		race("step 101", store.SecondStep{UserID: u.ID, Step: 101})
		old := pending("old")
		for _, step := range []int64{100, 101} {
			wantErr(t, "an old step", db.PassSecondStep(ctx, store.SecondStep{UserID: u.ID, Pending: old, Next: full("old-f"), Step: step}), store.ErrCodeUsed)
		}
		race("recovery", store.SecondStep{UserID: u.ID, Step: -1, RecoveryHash: hashOf("r2")})
		wantErr(t, "an unknown recovery code", db.PassSecondStep(ctx, store.SecondStep{UserID: u.ID, Pending: hashOf("old"), Next: full("old-g"), Step: -1, RecoveryHash: hashOf("r3")}), store.ErrCodeUsed)
		if n, err := db.UnusedRecoveryCodes(ctx, u.ID); err != nil || n != 1 {
			t.Fatalf("%d unused recovery codes, %v", n, err)
		}
	})
}
