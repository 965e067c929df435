package calls

import (
	"context"
	"time"

	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/vapiapi"
	"github.com/belwise/site/internal/voice"
)

// BackfillInterval is how often the backfill asks Vapi for recent calls.
const BackfillInterval = 10 * time.Minute

// BackfillWindow is how far back each run looks: a webhook missed during
// an outage of up to a day is caught up.
const BackfillWindow = 24 * time.Hour

// Backfill fetches the recent calls of every linked assistant from Vapi
// and stores them as the webhook would, so a missed webhook is caught up.
// Calls already stored merge (nothing is duplicated); calls a buyer
// deleted stay deleted.
func (s *Service) Backfill(ctx context.Context, vapi *vapiapi.Client) (stored int, err error) {
	assistants, err := s.db.LinkedAssistants(ctx)
	if err != nil {
		return 0, err
	}
	since := s.now().Add(-BackfillWindow)
	for _, a := range assistants {
		reports, err := voice.ListCalls(ctx, vapi, a, since)
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

// Job kinds of the call log's periodic work.
const (
	JobRetention = "calls.retention"
	JobBackfill  = "calls.backfill"
)

// RegisterJobs has the job queue run the retention purge every hour and,
// when vapi is not nil (VAPI_PRIVATE_KEY is set), the backfill every
// BackfillInterval: one job per period, however many instances run. With
// Options.Vapi it also deletes Vapi's copies of deleted and erased calls
// (JobVapiDelete).
func (s *Service) RegisterJobs(w *jobs.Worker, vapi *vapiapi.Client) {
	s.registerVapiDelete(w)
	w.Every(JobRetention, time.Hour, func(ctx context.Context, _ store.Job) error {
		n, err := s.Purge(ctx)
		if n > 0 {
			s.log.Info("call retention", "calls", n)
		}
		return err
	})
	if vapi == nil {
		return
	}
	w.Every(JobBackfill, BackfillInterval, func(ctx context.Context, _ store.Job) error {
		n, err := s.Backfill(ctx, vapi)
		if n > 0 {
			s.log.Info("call backfill", "calls", n)
		}
		return err
	})
}
