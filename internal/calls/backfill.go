package calls

import (
	"context"
	"time"

	"github.com/belwise/site/internal/store"
)

// Lister is Vapi's list-calls API (voice.Client).
type Lister interface {
	ListCalls(ctx context.Context, assistantID string, since time.Time) ([]store.CallReport, error)
}

// BackfillInterval is how often the backfill asks Vapi for recent calls.
const BackfillInterval = 10 * time.Minute

// BackfillWindow is how far back each run looks: a webhook missed during
// an outage of up to a day is caught up.
const BackfillWindow = 24 * time.Hour

// Backfill fetches the recent calls of every linked assistant from Vapi
// and stores them as the webhook would, so a missed webhook is caught up.
// Calls already stored merge (nothing is duplicated); calls a buyer
// deleted stay deleted.
func (s *Service) Backfill(ctx context.Context, vapi Lister) (stored int, err error) {
	assistants, err := s.db.LinkedAssistants(ctx)
	if err != nil {
		return 0, err
	}
	since := s.now().Add(-BackfillWindow)
	for _, a := range assistants {
		reports, err := vapi.ListCalls(ctx, a, since)
		if err != nil {
			s.log.Warn("call backfill: Vapi did not answer", "assistant", a, "err", err)
			continue
		}
		for _, r := range reports {
			if _, err := s.Record(ctx, r); err != nil {
				return stored, err
			}
			stored++
		}
	}
	return stored, nil
}

// RunWorkers runs the retention purge every hour and, when vapi is not
// nil (VAPI_PRIVATE_KEY is set), the backfill every BackfillInterval,
// until ctx ends. ready reports whether the database can be used.
func (s *Service) RunWorkers(ctx context.Context, vapi Lister, ready func() bool) {
	purge := time.NewTicker(time.Hour)
	defer purge.Stop()
	var backfill <-chan time.Time
	if vapi != nil {
		t := time.NewTicker(BackfillInterval)
		defer t.Stop()
		backfill = t.C
	}
	run := func(what string, fn func() error) {
		if !ready() {
			return
		}
		if err := fn(); err != nil && ctx.Err() == nil {
			s.log.Error("calls: "+what+" failed", "err", err)
		}
	}
	doPurge := func() error { _, err := s.Purge(ctx); return err }
	doBackfill := func() error {
		n, err := s.Backfill(ctx, vapi)
		if n > 0 {
			s.log.Info("call backfill", "calls", n)
		}
		return err
	}
	// A first round shortly after start.
	first := time.NewTimer(30 * time.Second)
	defer first.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-first.C:
			run("retention", doPurge)
			if vapi != nil {
				run("backfill", doBackfill)
			}
		case <-purge.C:
			run("retention", doPurge)
		case <-backfill:
			run("backfill", doBackfill)
		}
	}
}
