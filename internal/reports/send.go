package reports

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/store"
)

// Which digests Send sends.
const (
	Week  = "week"
	Month = "month"
)

// Mail kinds and job kinds of this package.
const (
	KindWeekly  = "reports.weekly"
	KindMonthly = "reports.monthly"
	KindFailing = "reports.failing"

	// JobDue is the periodic job that sends the digests and reports whose
	// time has come; JobFailingCheck checks one order's recent calls.
	JobDue          = "reports.due"
	JobFailingCheck = "reports.failing-check"
)

// Sent is what one Send did.
type Sent struct {
	Queued  int // newly queued emails
	Already int // digests or reports already sent (or queued) before
	NotDue  int // not yet due (without force)
	Off     int // buyers who turned the weekly digest off
}

type weeklyPayload struct {
	UserID string `json:"userId"`
	Week   string `json:"week"`  // "2026-W48"
	Start  string `json:"start"` // the week's Monday, YYYY-MM-DD in tz
	TZ     string `json:"tz"`
}

type monthlyPayload struct {
	OrderID string `json:"orderId"`
	Month   string `json:"month"` // YYYY-MM
}

// Send queues the weekly digest (what=Week) for the week just ended, or the
// monthly report (Month) for the month just ended, for every buyer or order
// whose Monday 08:00 or first of the month 08:00 (in the buyer's time zone)
// has come; force ignores that time. Each is queued once ever: running
// Send again queues nothing it queued before.
func (s *Service) Send(ctx context.Context, what string, force bool) (Sent, error) {
	now := s.now()
	// An order created after the period ended has nothing to report; a
	// generous bound here, the exact one per buyer below.
	orders, err := s.db.ReportOrders(ctx, now)
	if err != nil {
		return Sent{}, err
	}
	var res Sent
	var mails []store.NewJob
	seen := map[string]bool{}
	for _, o := range orders {
		prefs, err := s.buyerPrefs(ctx, o)
		if err != nil {
			return res, err
		}
		loc := location(prefs.TimeZone)
		switch what {
		case Week:
			if seen[o.BuyerID] {
				continue
			}
			start, due := weekBefore(now, loc)
			if o.CreatedAt.After(start.AddDate(0, 0, 7)) {
				continue
			}
			seen[o.BuyerID] = true
			if !prefs.Weekly {
				res.Off++
				continue
			}
			if !force && now.Before(due) {
				res.NotDue++
				continue
			}
			p, _ := json.Marshal(weeklyPayload{UserID: o.BuyerID, Week: weekKey(start), Start: start.Format(time.DateOnly), TZ: loc.String()})
			job, err := mailJob(store.NewMail{Kind: KindWeekly, Recipient: o.Buyer.Email, Locale: o.BuyerLocale, Payload: p},
				"digest:week:"+o.BuyerID+":"+weekKey(start))
			if err != nil {
				return res, err
			}
			mails = append(mails, job)
		case Month:
			start, due := monthBefore(now, loc)
			if o.CreatedAt.After(start.AddDate(0, 1, 0)) {
				continue
			}
			if !force && now.Before(due) {
				res.NotDue++
				continue
			}
			month := start.Format("2006-01")
			p, _ := json.Marshal(monthlyPayload{OrderID: o.ID, Month: month})
			job, err := mailJob(store.NewMail{Kind: KindMonthly, Recipient: o.Buyer.Email, Locale: o.BuyerLocale, Payload: p},
				"report:month:"+o.ID+":"+month)
			if err != nil {
				return res, err
			}
			mails = append(mails, job)
		default:
			return res, fmt.Errorf("reports: nothing called %q to send", what)
		}
	}
	for _, j := range mails {
		var n int
		err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
			var err error
			n, err = s.db.EnqueueJobsCountTx(ctx, tx, now, j)
			return err
		})
		if err != nil {
			return res, err
		}
		if n > 0 {
			res.Queued++
		} else {
			res.Already++
		}
	}
	if res.Queued > 0 {
		s.notify()
	}
	return res, nil
}

func mailJob(m store.NewMail, key string) (store.NewJob, error) {
	p, err := store.MailPayload(m)
	if err != nil {
		return store.NewJob{}, err
	}
	return store.NewJob{Kind: store.JobMail, Payload: p, UniqueKey: key, UniqueEver: true}, nil
}

// RegisterJobs has w check every 10 minutes whose digest or report is due,
// and check an order's recent calls after a failed one.
func (s *Service) RegisterJobs(w *jobs.Worker) {
	w.Every(JobDue, 10*time.Minute, func(ctx context.Context, _ store.Job) error {
		wk, err := s.Send(ctx, Week, false)
		if err != nil {
			return err
		}
		mo, err := s.Send(ctx, Month, false)
		if err != nil {
			return err
		}
		if wk.Queued+mo.Queued > 0 {
			s.log.Info("digests queued", "weekly", wk.Queued, "monthly", mo.Queued)
		}
		return nil
	})
	w.Register(JobFailingCheck, s.checkFailing)
}
