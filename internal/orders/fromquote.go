package orders

import (
	"context"
	"strings"
	"time"

	"github.com/belwise/site/internal/store"
)

// QuoteOrder is an order made from a quote request by a staff member.
type QuoteOrder struct {
	QuoteID, AgentID string
	AmountCents      int64
	Currency         string
	ActorID          string
}

// OrderMails names the emails that announce a new order, once the buyer
// and the order are known: created reports that the buyer's account was
// made for this order.
type OrderMails func(o store.Order, buyer store.User, created bool) []store.NewMail

// OrderFromQuote makes a pending order for the account with the request's
// email address, creating that account (a buyer without a password, in the
// request's language, named as in the request) when there is none, and
// marks the request won. It all happens in one transaction, with the audit
// trail and the mails that mails returns. store.ErrNotFound when there is
// no such request.
func OrderFromQuote(ctx context.Context, db *store.DB, in QuoteOrder, now time.Time, mails OrderMails) (o store.Order, buyer store.User, created bool, err error) {
	now = now.UTC().Truncate(time.Microsecond)
	err = db.InTx(ctx, func(tx *store.Tx) error {
		q, err := tx.QuoteRequest(ctx, in.QuoteID)
		if err != nil {
			return err
		}
		if buyer, created, err = tx.AccountFor(ctx, store.NewUser{Email: store.Fold(strings.TrimSpace(q.Email)), FullName: q.FullName, Locale: q.Locale}, now); err != nil {
			return err
		}
		ids, err := tx.CreateOrders(ctx, []store.NewOrder{{BuyerID: buyer.ID, AgentID: in.AgentID, Status: store.OrderPending,
			AmountCents: in.AmountCents, Currency: in.Currency, QuoteID: q.ID, ActorID: in.ActorID, CreatedAt: now}})
		if err != nil {
			return err
		}
		if q.Status != store.QuoteWon {
			if err := tx.ChangeQuoteStatus(ctx, q, store.QuoteWon, in.ActorID, now); err != nil {
				return err
			}
		}
		// The request now belongs to the account, as if it had been sent signed in.
		if err := tx.GiveQuoteTo(ctx, q.ID, buyer.ID); err != nil {
			return err
		}
		if o, err = tx.OrderByID(ctx, ids[0]); err != nil {
			return err
		}
		if mails != nil {
			return tx.EnqueueMail(ctx, now, mails(o, buyer, created)...)
		}
		return nil
	})
	return o, buyer, created, err
}
