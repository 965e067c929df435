// Package screens draws a signed-in screen's markup on the server (issue
// 24 §1), so that its shell shows the screen at the first paint, as a
// prerendered page does, rather than after the whole app has loaded and
// rendered it on a slow phone.
//
// The markup comes from the app's own components: the frontend build
// writes them, with React's server renderer and the router, into one
// classic script (web/src/app/entry.screens.tsx, built as screens.js),
// which runs here in goja, a JavaScript engine written in Go. The script
// gets the screen's URL, the API answers the server writes into the shell
// anyway (the first data) and the visitor's time zone; it has no network,
// no DOM and no Intl, and needs none of them for these screens.
//
// Each render runs in a fresh engine, used once: whatever one user's
// render leaves in a module's variables cannot reach another user's. An
// engine costs 25–60 ms to start, so one is started ahead. A render
// is bounded in time and in how many run at once; past either, or on any
// failure, the caller serves the shell without the markup, as before.
package screens

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja_nodejs/require"
	"github.com/dop251/goja_nodejs/url"
)

// Errors a render can end with besides the script's own.
var (
	// ErrNotReady: the script is still being compiled (the first moments
	// after the start).
	ErrNotReady = errors.New("screens: the renderer is not ready yet")
	// ErrBusy: as many renders as there are processors are running.
	ErrBusy = errors.New("screens: every renderer is busy")
	// ErrTimeout: the render took longer than its bound.
	ErrTimeout = errors.New("screens: the render took too long")
)

// Timeout bounds one render. An agent page's, the heaviest, takes 60–150
// ms on an idle 2-core machine, and 300–700 ms while the machine is busy
// (a browser loading a page beside it, in bench/slowphone.mjs). Past the
// bound the loading shell goes out, which costs a slow phone the whole
// app's load, 2–3 s: a render that ends within a second still gives the
// faster page.
const Timeout = time.Second

// Renderer renders screens with one build's screens.js.
type Renderer struct {
	log     *slog.Logger
	ready   chan struct{} // closed once compiled (prog or err set)
	prog    *goja.Program
	err     error
	spare   chan *goja.Runtime // engines with the script run, each used once
	running chan struct{}      // one token per render in progress
	filling sync.Mutex
	timeout time.Duration
}

// New compiles script in the background and returns at once; until it
// has, Render answers ErrNotReady.
func New(script []byte, log *slog.Logger) *Renderer {
	r := &Renderer{
		log:     log,
		ready:   make(chan struct{}),
		spare:   make(chan *goja.Runtime, 1),
		running: make(chan struct{}, runtime.GOMAXPROCS(0)),
		timeout: Timeout,
	}
	go func() {
		defer close(r.ready)
		r.prog, r.err = goja.Compile("screens.js", string(script), true)
		if r.err != nil {
			r.log.Error("screens: the build's screens.js does not compile", "err", r.err)
			return
		}
		r.refill()
	}()
	return r
}

// Ready reports whether the script has been compiled and renders can run.
func (r *Renderer) Ready() bool {
	select {
	case <-r.ready:
		return r.err == nil
	default:
		return false
	}
}

// Wait blocks until the script has been compiled (tests, and a start that
// wants the first screens drawn) or ctx ends.
func (r *Renderer) Wait(ctx context.Context) error {
	select {
	case <-r.ready:
		return r.err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Input is one screen to render.
type Input struct {
	// URL is the screen's path as requested, language prefix included,
	// with its query.
	URL string
	// Data is the first data: a JSON object of API answers keyed by
	// request path and query, as the shell carries it.
	Data []byte
	// TimeZone is the visitor's IANA zone, in which dates are written.
	TimeZone *time.Location
}

// Render returns the markup of the app's root for in.
func (r *Renderer) Render(ctx context.Context, in Input) (string, error) {
	select {
	case <-r.ready:
	default:
		return "", ErrNotReady
	}
	if r.err != nil {
		return "", r.err
	}
	select {
	case r.running <- struct{}{}:
		defer func() { <-r.running }()
	default:
		return "", ErrBusy
	}
	var vm *goja.Runtime
	select {
	case vm = <-r.spare:
	default:
	}
	// The next render's engine is started once this one is done, not
	// beside it: on a small machine the two would share its processors.
	defer func() { go r.refill() }()
	if vm == nil {
		var err error
		if vm, err = r.engine(); err != nil {
			return "", err
		}
	}

	timer := time.AfterFunc(r.timeout, func() { vm.Interrupt(ErrTimeout) })
	defer timer.Stop()
	stop := context.AfterFunc(ctx, func() { vm.Interrupt(ctx.Err()) })
	defer stop()

	render, ok := goja.AssertFunction(vm.Get("renderScreen"))
	if !ok {
		return "", errors.New("screens: screens.js defines no renderScreen")
	}
	arg := vm.NewObject()
	loc := in.TimeZone
	for k, v := range map[string]any{
		"url":       in.URL,
		"data":      string(in.Data),
		"timeZone":  loc.String(),
		"zoneParts": func(ms int64) map[string]int { return parts(time.UnixMilli(ms).In(loc)) },
	} {
		if err := arg.Set(k, v); err != nil {
			return "", err
		}
	}
	// The promise's jobs all run before the call returns: the render waits
	// for nothing outside the engine.
	res, err := render(goja.Undefined(), arg)
	if err != nil {
		var stopped *goja.InterruptedError
		if errors.As(err, &stopped) {
			if e, ok := stopped.Value().(error); ok {
				return "", e
			}
		}
		return "", fmt.Errorf("screens: %s: %w", in.URL, err)
	}
	p, ok := res.Export().(*goja.Promise)
	if !ok {
		return "", fmt.Errorf("screens: %s: renderScreen returned no promise", in.URL)
	}
	switch p.State() {
	case goja.PromiseStateFulfilled:
		return p.Result().String(), nil
	case goja.PromiseStateRejected:
		return "", fmt.Errorf("screens: %s: %v", in.URL, p.Result())
	default:
		return "", fmt.Errorf("screens: %s: the render waited for something that never came", in.URL)
	}
}

// parts are a date's fields as the script's format helpers read them.
func parts(t time.Time) map[string]int {
	return map[string]int{
		"year": t.Year(), "month": int(t.Month()) - 1, "day": t.Day(),
		"weekday": int(t.Weekday()), "hour": t.Hour(), "minute": t.Minute(),
	}
}

// engine starts an engine and runs the script in it.
func (r *Renderer) engine() (*goja.Runtime, error) {
	vm := goja.New()
	new(require.Registry).Enable(vm)
	url.Enable(vm) // URL and URLSearchParams, which the router reads URLs with
	log := func(level slog.Level) func(goja.FunctionCall) goja.Value {
		return func(call goja.FunctionCall) goja.Value {
			args := make([]any, len(call.Arguments))
			for i, a := range call.Arguments {
				args[i] = a.String()
			}
			r.log.Log(context.Background(), level, "screens: the script says", "args", args)
			return goja.Undefined()
		}
	}
	console := vm.NewObject()
	_ = console.Set("log", log(slog.LevelDebug))
	_ = console.Set("info", log(slog.LevelDebug))
	_ = console.Set("warn", log(slog.LevelWarn))
	_ = console.Set("error", log(slog.LevelWarn))
	_ = vm.Set("console", console)
	if _, err := vm.RunProgram(r.prog); err != nil {
		return nil, fmt.Errorf("screens: running screens.js: %w", err)
	}
	return vm, nil
}

// refill starts an engine for the spare slot when it is empty, one at a
// time.
func (r *Renderer) refill() {
	if !r.filling.TryLock() {
		return
	}
	defer r.filling.Unlock()
	if len(r.spare) == cap(r.spare) {
		return
	}
	vm, err := r.engine()
	if err != nil {
		r.log.Error("screens: starting an engine", "err", err)
		return
	}
	select {
	case r.spare <- vm:
	default:
	}
}
