// Package alerts emails a buyer about their agent's calls (issue 21 §1):
// per order (agent) every call, only the calls that need follow-up
// (calls.NeedsFollowUp) or none, the buyer's choice over the default staff
// set per order. An alert is a mail job enqueued in the transaction that
// stores a call's end-of-call report, once per call (store.CallReport.
// OnReport); whether it is sent is decided when it is rendered, seconds
// later, from the setting and the call as they are then. Every alert
// carries a signed, single-purpose link (List-Unsubscribe, RFC 8058) that
// turns that agent's alerts off for its buyer without signing in.
package alerts

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/linksign"
	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/orders"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
)

// KindAlert is the mail kind of a call alert.
const KindAlert = "calls.alert"

// Modes lists the alert modes, as the API takes them.
var Modes = []string{store.AlertAll, store.AlertFollowUp, store.AlertNone}

// DevSecret signs unsubscribe links when ALERTS_SECRET is not set (never
// with real mail: config requires the setting with SMTP_URL).
const DevSecret = "belwise-development-alerts-secret-not-for-production"

// Options configures a Service.
type Options struct {
	DB      *store.DB
	SiteURL string // the public origin, for the links
	Secret  string // ALERTS_SECRET: signs the unsubscribe links
	Logger  *slog.Logger
	Now     func() time.Time
}

type Service struct {
	db      *store.DB
	siteURL string
	secret  []byte
	log     *slog.Logger
	now     func() time.Time
}

func New(o Options) *Service {
	s := &Service{db: o.DB, siteURL: strings.TrimSuffix(o.SiteURL, "/"), secret: []byte(o.Secret), log: o.Logger, now: o.Now}
	if len(s.secret) == 0 {
		s.secret = []byte(DevSecret)
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

// alertPayload is all the mail job carries: the call is read when the
// email is rendered.
type alertPayload struct {
	Call string `json:"call"` // Vapi's call id
}

// Register wires the alerts: each end-of-call report enqueues an alert
// job (calls.Service.OnReport) and the mailer renders it.
func (s *Service) Register(c *calls.Service, m *mail.Mailer) {
	c.OnReport(s.job)
	m.Register(KindAlert, mail.RenderJSON(s.render))
}

// job is the alert job of a report of call vapiID.
func (s *Service) job(vapiID string) (store.NewJob, error) {
	data, err := json.Marshal(alertPayload{Call: vapiID})
	if err != nil {
		return store.NewJob{}, err
	}
	payload, err := store.MailPayload(store.NewMail{Kind: KindAlert, Payload: data})
	if err != nil {
		return store.NewJob{}, err
	}
	return store.NewJob{Kind: store.JobMail, Payload: payload}, nil
}

var errMode = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidField, Field: "mode",
	Message: "mode must be all, followup or none."}

// AlertSetting is an order's alert setting as the API shows it.
type AlertSetting struct {
	OrderID     string `json:"orderId"`
	OrderNumber string `json:"orderNumber"`
	AgentName   string `json:"agentName"`
	// Mode is the buyer's choice: all | followup | none; "" while they
	// have made none (Default is in force).
	Mode    string `json:"mode" enum:",all,followup,none"`
	Default string `json:"default" enum:"all,followup,none"` // staff's default for the order
	// Effective is the mode in force.
	Effective string `json:"effective" enum:"all,followup,none"`
}

func setting(o store.Order, a store.AlertSetting, lang string) AlertSetting {
	name, _, _ := orders.AgentText(o.Agent, lang)
	return AlertSetting{OrderID: o.ID, OrderNumber: orders.Number(o.ID), AgentName: name, Mode: a.Mode, Default: a.Default, Effective: a.Effective()}
}

// checkMode reads a mode ("" only when empty is allowed).
func checkMode(m string, empty bool) (string, error) {
	m = strings.TrimSpace(m)
	if (m == "" && empty) || slices.Contains(Modes, m) {
		return m, nil
	}
	return "", errMode
}

// Settings lists the alert settings of the buyer's orders, newest order first.
func (s *Service) Settings(ctx context.Context, buyerID, lang string) ([]AlertSetting, error) {
	os, err := s.db.OrdersByBuyer(ctx, buyerID)
	if err != nil {
		return nil, apierr.Wrap("orders by buyer", err)
	}
	as, err := s.db.BuyerAlertSettings(ctx, buyerID)
	if err != nil {
		return nil, apierr.Wrap("alert settings", err)
	}
	out := []AlertSetting{}
	for _, o := range os {
		if o.Status == orders.StatusCancelled || o.Status == orders.StatusRefunded {
			continue
		}
		out = append(out, setting(o, as[o.ID], text.Lang(lang)))
	}
	return out, nil
}

// buyerOrder is the buyer's own order, or the shared 404.
func (s *Service) buyerOrder(ctx context.Context, buyerID, orderID string) (store.Order, error) {
	o, err := s.db.OrderForBuyer(ctx, buyerID, orderID)
	if errors.Is(err, store.ErrNotFound) {
		return store.Order{}, orders.ErrNotFound
	}
	if err != nil {
		return store.Order{}, apierr.Wrap("order for buyer", err)
	}
	return o, nil
}

// Setting is the alert setting of the buyer's order.
func (s *Service) Setting(ctx context.Context, buyerID, orderID, lang string) (AlertSetting, error) {
	o, err := s.buyerOrder(ctx, buyerID, orderID)
	if err != nil {
		return AlertSetting{}, err
	}
	a, err := s.db.OrderAlertSetting(ctx, o.ID)
	if err != nil {
		return AlertSetting{}, apierr.Wrap("alert setting", err)
	}
	return setting(o, a, text.Lang(lang)), nil
}

// SetMode records the buyer's choice for their order (mode "" returns to
// the order's default).
func (s *Service) SetMode(ctx context.Context, buyerID, orderID, mode, lang string) (AlertSetting, error) {
	m, err := checkMode(mode, true)
	if err != nil {
		return AlertSetting{}, err
	}
	o, err := s.buyerOrder(ctx, buyerID, orderID)
	if err != nil {
		return AlertSetting{}, err
	}
	a, err := s.db.SetAlertMode(ctx, o.ID, o.BuyerID, m)
	if errors.Is(err, store.ErrNotFound) {
		return AlertSetting{}, orders.ErrNotFound
	}
	if err != nil {
		return AlertSetting{}, apierr.Wrap("set alert mode", err)
	}
	s.log.Info("alert mode set by its buyer", "order", o.ID, "mode", m)
	return setting(o, a, text.Lang(lang)), nil
}

// ConsoleSetting is the order's alert setting, for staff.
func (s *Service) ConsoleSetting(ctx context.Context, orderID, lang string) (AlertSetting, error) {
	o, err := s.db.OrderByID(ctx, orderID)
	if errors.Is(err, store.ErrNotFound) {
		return AlertSetting{}, orders.ErrNotFound
	}
	if err != nil {
		return AlertSetting{}, apierr.Wrap("load order", err)
	}
	a, err := s.db.OrderAlertSetting(ctx, o.ID)
	if err != nil {
		return AlertSetting{}, apierr.Wrap("alert setting", err)
	}
	return setting(o, a, text.Lang(lang)), nil
}

// SetDefault sets the order's default (staff), which is in force while
// its buyer has made no choice.
func (s *Service) SetDefault(ctx context.Context, staffID, orderID, def, lang string) (AlertSetting, error) {
	d, err := checkMode(def, false)
	if err != nil {
		return AlertSetting{}, &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeInvalidField, Field: "default",
			Message: "default must be all, followup or none."}
	}
	if _, err := s.db.SetAlertDefault(ctx, orderID, d); errors.Is(err, store.ErrNotFound) {
		return AlertSetting{}, orders.ErrNotFound
	} else if err != nil {
		return AlertSetting{}, apierr.Wrap("set alert default", err)
	}
	s.log.Info("alert default set", "order", orderID, "default", d, "staff", staffID)
	return s.ConsoleSetting(ctx, orderID, lang)
}

// Unsubscribe tokens: the order's id and an HMAC-SHA256 (with the server's
// secret, over a purpose string, the order and its buyer), base64url. It
// does one thing, for one agent of one buyer: turn its alerts off.
const tokenPurpose = "belwise alerts unsubscribe v1"

// Token is the unsubscribe token of the buyer's order.
func (s *Service) Token(orderID, buyerID string) string {
	id, err := uuid.Parse(orderID)
	if err != nil {
		return ""
	}
	b := append(id[:], s.mac(id.String(), buyerID)...)
	return base64.RawURLEncoding.EncodeToString(b)
}

func (s *Service) mac(orderID, buyerID string) []byte {
	return linksign.Sign(s.secret, tokenPurpose, orderID, strings.ToLower(buyerID))
}

// ErrBadToken is an unsubscribe link that is not one of ours (tampered,
// truncated, or for an order that no longer exists).
var ErrBadToken = errors.New("alerts: bad unsubscribe token")

// UnsubscribeURL is the link of the buyer's order's unsubscribe page.
func (s *Service) UnsubscribeURL(orderID, buyerID string) string {
	return s.siteURL + "/alerts/unsubscribe/" + s.Token(orderID, buyerID)
}

// Check reads a token: the order it stops, its agent's name and the
// buyer's language, and whether its alerts are already off.
func (s *Service) Check(ctx context.Context, token string) (Unsub, error) {
	b, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(b) != 16+linksign.Size {
		return Unsub{}, ErrBadToken
	}
	id, _ := uuid.FromBytes(b[:16])
	o, err := s.db.OrderByID(ctx, id.String())
	if errors.Is(err, store.ErrNotFound) {
		return Unsub{}, ErrBadToken
	}
	if err != nil {
		return Unsub{}, err
	}
	if !linksign.Valid(s.secret, b[16:], tokenPurpose, o.ID, strings.ToLower(o.BuyerID)) {
		return Unsub{}, ErrBadToken
	}
	a, err := s.db.OrderAlertSetting(ctx, o.ID)
	if err != nil {
		return Unsub{}, err
	}
	lang := text.Lang(o.BuyerLocale)
	name, _, _ := orders.AgentText(o.Agent, lang)
	return Unsub{OrderID: o.ID, BuyerID: o.BuyerID, Agent: name, Number: orders.Number(o.ID), Lang: lang,
		Off: a.Effective() == store.AlertNone}, nil
}

// Unsub is what an unsubscribe token names.
type Unsub struct {
	OrderID, BuyerID, Agent, Number, Lang string
	Off                                   bool // its alerts are off already
}

// Unsubscribe turns off the alerts of the order the token names, for its
// buyer (the one-click POST of RFC 8058, or the page's button).
func (s *Service) Unsubscribe(ctx context.Context, token string) (Unsub, error) {
	u, err := s.Check(ctx, token)
	if err != nil {
		return Unsub{}, err
	}
	if _, err := s.db.SetAlertMode(ctx, u.OrderID, u.BuyerID, store.AlertNone); err != nil {
		return Unsub{}, err
	}
	s.log.Info("alerts turned off by the unsubscribe link", "order", u.OrderID)
	u.Off = true
	return u, nil
}
