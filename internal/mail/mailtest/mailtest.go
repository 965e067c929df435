// Package mailtest gives tests a mail.Sender that keeps what it is given.
package mailtest

import (
	"context"
	"sync"

	"github.com/belwise/site/internal/mail"
)

// Sink keeps the emails sent, in order; safe for the worker's goroutines.
type Sink struct {
	mu   sync.Mutex
	msgs []mail.Message
}

// Send keeps m.
func (s *Sink) Send(_ context.Context, m mail.Message) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.msgs = append(s.msgs, m)
	return nil
}

// All returns the emails sent so far.
func (s *Sink) All() []mail.Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]mail.Message(nil), s.msgs...)
}

// Take returns the emails sent since the last Take and forgets them.
func (s *Sink) Take() []mail.Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.msgs
	s.msgs = nil
	return out
}
