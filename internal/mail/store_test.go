package mail

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/mail/smtptest"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/store/storetest"
)

// TestWorkerWithStore runs the worker against the real outbox tables: an
// outage, a retry once the backoff has passed, and exactly one delivery.
func TestWorkerWithStore(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		sink := smtptest.Start(t)
		sender, err := NewSender(sink.URL(), "Belwise <no-reply@belwise.test>", "", nil)
		if err != nil {
			t.Fatal(err)
		}
		clk := newClock()
		w := newWorker(db, sender, nil, jobs.Options{Now: clk.Now})
		registerVerify(w)
		if err := db.EnqueueMail(ctx, clk.Now(), store.NewMail{Kind: "verify", Recipient: "ann@example.nl", Locale: "nl", Payload: []byte(verifyPayload)}); err != nil {
			t.Fatal(err)
		}

		sink.SetDown(true)
		if sent, err := w.RunOnce(ctx); sent != 0 || err != nil {
			t.Fatalf("during outage: sent %d, err %v", sent, err)
		}
		due, ok, err := db.NextJobDue(ctx)
		if err != nil || !ok || due.Sub(clk.Now()) < 8*time.Second || due.Sub(clk.Now()) > 12*time.Second {
			t.Fatalf("next due %v (%v, %v), want about 10s after %v", due, ok, err, clk.Now())
		}

		sink.SetDown(false)
		if sent, err := w.RunOnce(ctx); sent != 0 || err != nil {
			t.Fatalf("before due: sent %d, err %v", sent, err)
		}
		clk.Advance(13 * time.Second)
		if sent, err := w.RunOnce(ctx); sent != 1 || err != nil {
			t.Fatalf("after backoff: sent %d, err %v", sent, err)
		}
		clk.Advance(time.Hour)
		if sent, err := w.RunOnce(ctx); sent != 0 || err != nil {
			t.Fatalf("after delivery: sent %d, err %v", sent, err)
		}
		pending, sent, failed, err := db.MailCounts(ctx)
		if err != nil || pending != 0 || sent != 1 || failed != 0 {
			t.Errorf("counts pending %d sent %d failed %d, err %v", pending, sent, failed, err)
		}
		msgs := sink.Messages()
		if len(msgs) != 1 {
			t.Fatalf("sink has %d messages, want 1", len(msgs))
		}
		if links := msgs[0].Links(); len(links) != 1 || !strings.Contains(links[0], "SECRET123") {
			t.Errorf("links %v", links)
		}
	})
}
