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
func (s *Service) RegisterMail(w *mail.Worker) {
	w.Register(KindInbox, mail.RenderJSON(s.renderInbox))
	w.Register(KindConfirmation, mail.RenderJSON(s.renderConfirmation))
}

// renderInbox leaves To empty: the row's recipient is the inbox configured
// when the request came in.
func (s *Service) renderInbox(ctx context.Context, _ store.OutboxMessage, p mailPayload) (mail.Message, error) {
	d, err := s.mailData(ctx, p)
	if err != nil {
		return mail.Message{}, err
	}
	return mail.QuoteInbox(d), nil
}

func (s *Service) renderConfirmation(ctx context.Context, m store.OutboxMessage, p mailPayload) (mail.Message, error) {
	d, err := s.mailData(ctx, p)
	if err != nil {
		return mail.Message{}, err
	}
	return mail.QuoteConfirmation(m.Locale, d), nil
}

func (s *Service) mailData(ctx context.Context, p mailPayload) (mail.QuoteData, error) {
	q, err := s.db.QuoteRequest(ctx, p.QuoteID)
	if errors.Is(err, store.ErrNotFound) {
		return mail.QuoteData{}, fmt.Errorf("%w: quote request %q does not exist", mail.ErrPermanent, p.QuoteID)
	}
	if err != nil {
		return mail.QuoteData{}, err // retried with backoff
	}
	at := q.SubmittedAt
	if loc, ok := location(q.TimeZone); ok {
		at = at.In(loc)
	}
	return mail.QuoteData{
		ID:           q.ID,
		FullName:     q.FullName,
		CompanyName:  q.CompanyName,
		BusinessType: q.BusinessType,
		Email:        q.Email,
		Phone:        q.Phone,
		Description:  q.Description,
		Language:     q.Language,
		Locale:       q.Locale,
		SubmittedAt:  at,
		Inbox:        s.inboxAddr,
	}, nil
}
