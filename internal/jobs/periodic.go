package jobs

import (
	"context"
	"errors"
	"time"

	"github.com/belwise/site/internal/store"
)

type periodic struct {
	kind  string
	every time.Duration
}

// Every registers h for kind and has the Worker schedule a job of that kind
// once per period of length every (periods are aligned to the Unix epoch,
// so an hourly job's period is a clock hour). The job's unique key names
// its period, e.g. "retention:2026-11-25T16:00", and a key that was ever
// used stops a second job: however many instances share the database, one
// period runs once. A period missed while no instance ran is not caught up;
// the current one runs.
func (w *Worker) Every(kind string, every time.Duration, h Handler) {
	if every <= 0 {
		panic("jobs: Every needs a positive period")
	}
	w.Register(kind, h)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.periodic = append(w.periodic, periodic{kind: kind, every: every})
}

// PeriodKey is the unique key of kind's job for the period holding now.
func PeriodKey(kind string, every time.Duration, now time.Time) string {
	return kind + ":" + now.UTC().Truncate(every).Format("2006-01-02T15:04")
}

// schedule inserts the current period's job of every periodic kind that
// this Worker has not scheduled yet.
func (w *Worker) schedule(ctx context.Context) error {
	w.mu.RLock()
	ps := w.periodic
	w.mu.RUnlock()
	now := w.opts.Now()
	var errs []error
	for _, p := range ps {
		key := PeriodKey(p.kind, p.every, now)
		if w.scheduled[p.kind] == key {
			continue
		}
		err := w.q.EnqueueJobs(ctx, now, store.NewJob{Kind: p.kind, UniqueKey: key, UniqueEver: true})
		if err != nil {
			errs = append(errs, err)
			continue
		}
		w.scheduled[p.kind] = key
	}
	return errors.Join(errs...)
}
