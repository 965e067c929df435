package orders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
)

// KindStatus is the outbox kind of the email that tells a buyer their
// order's new status.
const KindStatus = "orders.status"

// statusPayload is all an outbox row carries: the order is loaded when the
// email is rendered, so the buyer's name, language and the agent's text are
// those of that moment. Status is the one the change made, so a later
// change never rewrites an earlier email.
type statusPayload struct {
	OrderID string `json:"orderId"`
	Status  string `json:"status"`
}

func statusMail(o store.Order, status string) store.NewMail {
	payload, _ := json.Marshal(statusPayload{OrderID: o.ID, Status: status})
	return store.NewMail{Kind: KindStatus, Recipient: o.Buyer.Email, Locale: o.BuyerLocale, Payload: payload}
}

// RegisterMail teaches the outbox worker to render the order emails.
func (s *Service) RegisterMail(w *mail.Mailer) {
	w.Register(KindStatus, mail.RenderJSON(s.renderStatus))
}

// renderStatus writes to the buyer in the buyer's language.
func (s *Service) renderStatus(ctx context.Context, _ store.OutboxMessage, p statusPayload) (mail.Message, error) {
	o, err := s.db.OrderByID(ctx, p.OrderID)
	if errors.Is(err, store.ErrNotFound) {
		return mail.Message{}, fmt.Errorf("%w: order %q does not exist", mail.ErrPermanent, p.OrderID)
	}
	if err != nil {
		return mail.Message{}, err
	}
	lang := text.Lang(o.BuyerLocale)
	name, title, _ := AgentText(o.Agent, lang)
	m, ok := statusEmail(lang, p.Status, statusData{
		Name:      o.Buyer.FullName,
		Number:    Number(o.ID),
		Agent:     name,
		Title:     title,
		Amount:    FormatMoney(o.AmountCents, o.Currency, lang),
		OrderLink: s.siteURL + langPrefix(lang) + "/dashboard/orders/" + o.ID,
	})
	if !ok {
		return mail.Message{}, fmt.Errorf("%w: no email for status %q", mail.ErrPermanent, p.Status)
	}
	m.To = o.Buyer.Email
	return m, nil
}

func langPrefix(lang string) string {
	if lang == "nl" {
		return "/nl"
	}
	return ""
}
