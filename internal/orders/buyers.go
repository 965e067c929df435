package orders

import (
	"context"
	"errors"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/console"
	"github.com/belwise/site/internal/store"
)

// BuyerDetail is one account as the console's buyer page shows it: the
// account, its orders (newest first), the invitations emailed to it and
// when it last signed in.
type BuyerDetail struct {
	BuyerSummary
	// LastSignIn and LastSeen come from the account's sessions that are
	// still kept (ended and expired ones are removed): null when there is
	// none.
	LastSignIn *time.Time `json:"lastSignIn"`
	LastSeen   *time.Time `json:"lastSeen"`
	// CanInvite: the account has no password of its own yet, so an
	// invitation can be sent (again).
	CanInvite   bool           `json:"canInvite"`
	Orders      []ConsoleOrder `json:"orders"`
	Invitations []Invitation   `json:"invitations"`
}

// Invitation is one invitation email queued for the account: its job's
// state (pending, running, done: sent, failed, cancelled) and when.
type Invitation struct {
	ID        int64     `json:"id"`
	State     string    `json:"state" enum:"pending,running,done,failed,cancelled"`
	Attempts  int       `json:"attempts"`
	LastError string    `json:"lastError"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

var (
	errNoBuyer = &apierr.Error{Kind: apierr.NotFound, Code: apierr.CodeNotFound, Message: "Account not found."}
	errActive  = &apierr.Error{Kind: apierr.Conflict, Code: apierr.CodeAccountActive,
		Message: "This account already has a password: the buyer signs in with it, and “Forgot password” sends them a reset link."}
)

// Buyer is one account with its orders, invitations and last sign-in;
// 404 for an unknown id.
func (s *Service) Buyer(ctx context.Context, id string) (BuyerDetail, error) {
	u, err := s.db.UserByID(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return BuyerDetail{}, errNoBuyer
	}
	if err != nil {
		return BuyerDetail{}, apierr.Wrap("load account", err)
	}
	rows, err := s.db.OrdersByBuyer(ctx, u.ID)
	if err != nil {
		return BuyerDetail{}, apierr.Wrap("load orders", err)
	}
	counts, err := s.callsThisMonth(ctx, rows...)
	if err != nil {
		return BuyerDetail{}, err
	}
	signIns, err := s.db.AccountSignIns(ctx, u.ID)
	if err != nil {
		return BuyerDetail{}, apierr.Wrap("load sign-ins", err)
	}
	jobs, err := s.db.UserMailJobs(ctx, u.ID, auth.KindInvite)
	if err != nil {
		return BuyerDetail{}, apierr.Wrap("load invitations", err)
	}
	d := BuyerDetail{
		BuyerSummary: BuyerSummary{Person: console.Person{ID: u.ID, Email: u.Email, FullName: u.FullName}, Role: u.Role,
			Locale: u.Locale, Verified: u.EmailVerifiedAt != nil, CreatedAt: u.CreatedAt.UTC(), OrderCount: len(rows)},
		LastSignIn:  timePtr(signIns.LastSignIn),
		LastSeen:    timePtr(signIns.LastSeen),
		CanInvite:   auth.NeedsInvite(u),
		Orders:      make([]ConsoleOrder, len(rows)),
		Invitations: make([]Invitation, len(jobs)),
	}
	for i, o := range rows {
		d.Orders[i] = consoleOrder(o)
		d.Orders[i].CallsThisMonth = counts[o.ID]
	}
	for i, j := range jobs {
		d.Invitations[i] = Invitation{ID: j.ID, State: j.State, Attempts: j.Attempts, LastError: j.LastError,
			CreatedAt: j.CreatedAt.UTC(), UpdatedAt: j.UpdatedAt.UTC()}
	}
	return d, nil
}

// ResendInvite queues a new invitation email to the account id, on behalf
// of the staff member actorID, and answers the account as it is then. An
// account that can already sign in (it has a password of its own) is not
// invited: 409 account_active says so.
func (s *Service) ResendInvite(ctx context.Context, actorID, id string) (BuyerDetail, error) {
	u, err := s.db.UserByID(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return BuyerDetail{}, errNoBuyer
	}
	if err != nil {
		return BuyerDetail{}, apierr.Wrap("load account", err)
	}
	if !auth.NeedsInvite(u) {
		return BuyerDetail{}, errActive
	}
	if err := s.db.EnqueueMail(ctx, s.now().UTC(), auth.InviteMail(u)); err != nil {
		return BuyerDetail{}, apierr.Wrap("queue invitation", err)
	}
	s.log.Info("invitation sent again", "user", u.ID, "by", actorID)
	s.notify()
	return s.Buyer(ctx, u.ID)
}

func timePtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	t = t.UTC()
	return &t
}
