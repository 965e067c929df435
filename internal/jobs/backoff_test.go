package jobs

import (
	"testing"
	"time"
)

func TestBackoff(t *testing.T) {
	w := New(nil, nil, Options{})
	for n, nominal := range map[int]time.Duration{1: 10 * time.Second, 2: 20 * time.Second, 5: 160 * time.Second} {
		for range 50 {
			if d := w.backoff(n); d < nominal*8/10 || d > nominal*12/10 {
				t.Fatalf("backoff(%d) = %v, want %v ±20%%", n, d, nominal)
			}
		}
	}
	for _, n := range []int{10, 12, 64, 1000} {
		if d := w.backoff(n); d > time.Hour || d < 48*time.Minute {
			t.Errorf("backoff(%d) = %v, want ≤ 1h and near it", n, d)
		}
	}
}
