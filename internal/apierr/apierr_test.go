package apierr

import (
	"errors"
	"fmt"
	"testing"
)

// down stands for the store's outage error, which apierr must recognise
// without importing the store.
type down struct{ really bool }

func (d down) Error() string     { return "connection refused" }
func (d down) Unavailable() bool { return d.really }

// stale and cursor stand for the store's ErrStale and ErrBadCursor.
type stale struct{}

func (stale) Error() string      { return "stale" }
func (stale) StaleVersion() bool { return true }

type cursor struct{}

func (cursor) Error() string       { return "bad cursor" }
func (cursor) InvalidCursor() bool { return true }

func TestAs(t *testing.T) {
	invalid := &Error{Kind: Invalid, Code: CodeRequired, Message: "Required."}
	for _, tt := range []struct {
		name string
		err  error
		want *Error
	}{
		{"nil", nil, nil},
		{"plain", errors.New("boom"), nil},
		{"wrapped *Error", fmt.Errorf("op: %w", invalid), invalid},
		{"outage", fmt.Errorf("query: %w", down{true}), ErrUnavailable},
		{"not an outage", down{false}, nil},
		{"wrapped outage", Wrap("lookup", down{true}), ErrUnavailable},
		{"stale version", Wrap("update", stale{}), ErrVersionConflict},
		{"bad cursor", fmt.Errorf("list: %w", cursor{}), ErrInvalidCursor},
	} {
		got, ok := As(tt.err)
		if got != tt.want || ok != (tt.want != nil) {
			t.Errorf("%s: As = %v, %v; want %v", tt.name, got, ok, tt.want)
		}
	}
	w := Wrap("lookup", down{true})
	if !errors.Is(w, ErrUnavailable) || !errors.As(w, new(down)) || w.Error() != "lookup: unavailable: "+ErrUnavailable.Message+" (connection refused)" {
		t.Errorf("Wrap keeps the cause for the logs: %v", w)
	}
	if w := Wrap("lookup", errors.New("boom")); errors.Is(w, ErrUnavailable) || w.Error() != "lookup: boom" {
		t.Errorf("Wrap of another error: %v", w)
	}
}

func TestJoin(t *testing.T) {
	if Join(nil) != nil {
		t.Fatal("Join(nil) is not nil")
	}
	a := &Error{Kind: Invalid, Code: CodeRequired, Field: "legalName", Message: "Enter the name."}
	b := &Error{Kind: Invalid, Code: CodeInvalidPostcode, Field: "postcode", Message: "Bad postcode."}
	got, ok := As(Join([]*Error{a, b}))
	if !ok || got.Code != CodeRequired || got.Field != "legalName" || got.Kind != Invalid || len(got.Errors) != 2 || got.Errors[1] != b {
		t.Fatalf("Join = %+v", got)
	}
	if a.Errors != nil {
		t.Fatal("Join changed its first problem")
	}
}
