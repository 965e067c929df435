package orders_test

import (
	"testing"
	"time"

	"github.com/belwise/site/internal/orders"
)

// Cancelled and refunded orders stay in the history but count toward no
// figure: neither the purchases nor the amount invested.
func TestSummarizeLeavesOutCancelledAndRefunded(t *testing.T) {
	list := []orders.Order{
		{Status: orders.StatusCompleted, AmountCents: 100_000, Currency: "EUR"},
		{Status: orders.StatusPending, AmountCents: 30_000, Currency: "USD"},
		{Status: orders.StatusCancelled, AmountCents: 70_000, Currency: "EUR"},
		{Status: orders.StatusRefunded, AmountCents: 50_000, Currency: "GBP"},
		{Status: orders.StatusPending, AmountCents: 5_000, Currency: "EUR"},
	}
	st := orders.Summarize(list)
	if st.TotalPurchases != 3 || st.Active != 1 || st.SettingUp != 2 || len(st.TotalInvested) != 2 ||
		st.TotalInvested[0] != (orders.Money{Currency: "EUR", AmountCents: 105_000}) ||
		st.TotalInvested[1] != (orders.Money{Currency: "USD", AmountCents: 30_000}) {
		t.Fatalf("stats = %+v", st)
	}
	if st := orders.Summarize([]orders.Order{{Status: orders.StatusRefunded, AmountCents: 1, Currency: "EUR"}}); st.TotalPurchases != 0 || len(st.TotalInvested) != 0 {
		t.Fatalf("only a refunded order: %+v", st)
	}
}

func TestExpectedDate(t *testing.T) {
	for _, c := range []struct {
		created time.Time
		days    int
		want    string
	}{
		{time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC), 7, "2026-12-04"},
		// 23:30 UTC on 31 December is 1 January in Amsterdam: the order's day is the agency's.
		{time.Date(2026, 12, 31, 23, 30, 0, 0, time.UTC), 14, "2027-01-15"},
		{time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), 0, "2026-03-01"},
	} {
		if got := orders.ExpectedDate(c.created, c.days); got != c.want {
			t.Errorf("ExpectedDate(%s, %d) = %s, want %s", c.created, c.days, got, c.want)
		}
	}
}
