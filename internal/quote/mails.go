package quote

import (
	"context"
	"errors"
	"fmt"

	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/store"
)

// mailPayload is all an outbox row carries: the request is loaded when the
// email is rendered, so the outbox holds no copy of what the visitor wrote.
type mailPayload struct {
	QuoteID string `json:"quoteId"`
}

// RegisterMail teaches the outbox worker to render the quote emails.
func (s *Service) RegisterMail(w *mail.Mailer) {
	w.Register(KindInbox, mail.RenderJSON(s.renderInbox))
	w.Register(KindConfirmation, mail.RenderJSON(s.renderConfirmation))
}

// renderInbox leaves To empty: the row's recipient is the inbox configured
// when the request came in.
func (s *Service) renderInbox(ctx context.Context, _ store.OutboxMessage, p mailPayload) (mail.Message, error) {
	q, err := s.load(ctx, p)
	if err != nil {
		return mail.Message{}, err
	}
	return inboxEmail(q), nil
}

func (s *Service) renderConfirmation(ctx context.Context, m store.OutboxMessage, p mailPayload) (mail.Message, error) {
	q, err := s.load(ctx, p)
	if err != nil {
		return mail.Message{}, err
	}
	return confirmationEmail(m.Locale, q, s.inboxAddr), nil
}

func (s *Service) load(ctx context.Context, p mailPayload) (store.QuoteRequest, error) {
	q, err := s.db.QuoteRequest(ctx, p.QuoteID)
	if errors.Is(err, store.ErrNotFound) {
		return q, fmt.Errorf("%w: quote request %q does not exist", mail.ErrPermanent, p.QuoteID)
	}
	return q, err // any other error is retried with backoff
}
