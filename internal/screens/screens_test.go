package screens

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// renderer is a Renderer of testdata/screens.js, compiled, with its log.
func renderer(t *testing.T) (*Renderer, *bytes.Buffer) {
	t.Helper()
	script, err := os.ReadFile("testdata/screens.js")
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	r := New(script, slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{Level: slog.LevelDebug})))
	if err := r.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	return r, &log
}

func TestRender(t *testing.T) {
	r, _ := renderer(t)
	zone, err := time.LoadLocation("Europe/Amsterdam")
	if err != nil {
		t.Fatal(err)
	}
	in := Input{URL: "/dashboard", Data: []byte(`{"name":"Demi"}`), TimeZone: zone}
	for range 3 {
		got, err := r.Render(context.Background(), in)
		if err != nil {
			t.Fatal(err)
		}
		// The URL and the data as given; a fresh engine each time (one render
		// in it); the date in the visitor's zone: 01:30 UTC is 03:30 in
		// Amsterdam, on summer time since 01:00 UTC that Sunday, 29 March.
		if want := "<p>/dashboard Demi 1 Europe/Amsterdam 2026-3-29 3:30 0</p>"; got != want {
			t.Fatalf("Render = %q, want %q", got, want)
		}
	}
}

func TestRenderFailures(t *testing.T) {
	r, _ := renderer(t)
	r.timeout = 100 * time.Millisecond
	for url, want := range map[string]string{
		"/reject":  "the screen failed",
		"/pending": "never came",
		"/slow":    ErrTimeout.Error(),
	} {
		began := time.Now()
		got, err := r.Render(context.Background(), Input{URL: url, Data: []byte(`{}`), TimeZone: time.UTC})
		if err == nil || !strings.Contains(err.Error(), want) || got != "" {
			t.Errorf("%s: Render = %q, %v; want an error saying %q", url, got, err, want)
		}
		if took := time.Since(began); took > time.Second {
			t.Errorf("%s: took %v", url, took)
		}
	}

	// The request's context ends the render too.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	r.timeout = time.Minute
	if _, err := r.Render(ctx, Input{URL: "/slow", Data: []byte(`{}`), TimeZone: time.UTC}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Render past the request's deadline: %v", err)
	}

	// Data that is not JSON fails the render, nothing more.
	if _, err := r.Render(context.Background(), Input{URL: "/dashboard", Data: []byte(`{`), TimeZone: time.UTC}); err == nil {
		t.Error("Render with broken data: no error")
	}
	// And the renderer goes on.
	if got, err := r.Render(context.Background(), Input{URL: "/x", Data: []byte(`{"name":"A"}`), TimeZone: time.UTC}); err != nil || !strings.HasPrefix(got, "<p>/x A 1 UTC") {
		t.Errorf("Render after failures = %q, %v", got, err)
	}
}

func TestRenderLogsTheScriptsConsole(t *testing.T) {
	r, log := renderer(t)
	if _, err := r.Render(context.Background(), Input{URL: "/console", Data: []byte(`{}`), TimeZone: time.UTC}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "a warning from the script") {
		t.Errorf("log = %q", log.String())
	}
}

func TestNotReadyAndBroken(t *testing.T) {
	// Until the script has compiled, renders are refused at once.
	r := &Renderer{ready: make(chan struct{}), running: make(chan struct{}, 1)}
	if r.Ready() {
		t.Error("Ready before compiling")
	}
	if _, err := r.Render(context.Background(), Input{TimeZone: time.UTC}); !errors.Is(err, ErrNotReady) {
		t.Errorf("Render before compiling: %v", err)
	}

	// A script that does not compile: never ready, every render fails.
	var log bytes.Buffer
	broken := New([]byte("function ("), slog.New(slog.NewTextHandler(&log, nil)))
	if err := broken.Wait(context.Background()); err == nil {
		t.Fatal("Wait: no error for a broken script")
	}
	if broken.Ready() {
		t.Error("a broken script is ready")
	}
	if _, err := broken.Render(context.Background(), Input{TimeZone: time.UTC}); err == nil {
		t.Error("Render with a broken script: no error")
	}
	if !strings.Contains(log.String(), "does not compile") {
		t.Errorf("log = %q", log.String())
	}

	// A script without renderScreen.
	none := New([]byte("var x = 1"), slog.New(slog.DiscardHandler))
	if err := none.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := none.Render(context.Background(), Input{TimeZone: time.UTC}); err == nil || !strings.Contains(err.Error(), "no renderScreen") {
		t.Errorf("Render without renderScreen: %v", err)
	}
}

func TestBusy(t *testing.T) {
	r, _ := renderer(t)
	r.running = make(chan struct{}, 2)
	r.timeout = 300 * time.Millisecond
	// Two slow renders take both places; a third is refused at once.
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() { r.Render(context.Background(), Input{URL: "/slow", Data: []byte(`{}`), TimeZone: time.UTC}) })
	}
	deadline := time.Now().Add(2 * time.Second)
	for len(r.running) < 2 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if _, err := r.Render(context.Background(), Input{URL: "/x", Data: []byte(`{}`), TimeZone: time.UTC}); !errors.Is(err, ErrBusy) {
		t.Errorf("a third render: %v, want ErrBusy", err)
	}
	wg.Wait()
	if _, err := r.Render(context.Background(), Input{URL: "/x", Data: []byte(`{"name":"B"}`), TimeZone: time.UTC}); err != nil {
		t.Errorf("a render once they are done: %v", err)
	}
}
