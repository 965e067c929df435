package web

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/payments"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
)

// maxMollieBody bounds Mollie's webhook body: one form field, id=tr_….
const maxMollieBody = 4 << 10

// paymentsAPI serves Mollie's webhook; the pay link's page is payPage.
// Both exist only with MOLLIE_API_KEY (Options.Payments).
type paymentsAPI struct {
	*api
	payments *payments.Service
}

func (p *paymentsAPI) table() []endpoint {
	hook := plainOp("POST", payments.WebhookPath, p.webhook).doc("payments", "Mollie's webhook (form body id=tr_…, no session): the server fetches that payment from Mollie and never trusts the body; a payment it made that Mollie reports paid in exactly what is open of the invoice (its total less its credit notes) marks the invoice paid, once. 200 for any id, known or not; 503 while the database or Mollie cannot be reached, so Mollie tries again.")
	hook.anyAnswer = true
	return []endpoint{hook}
}

func (p *paymentsAPI) routes(mux *http.ServeMux) {
	if p.payments == nil {
		return
	}
	// Mollie is a server: its posts carry no Origin or Sec-Fetch-Site and
	// pass the cross-origin check, as Vapi's do; no session is read.
	mount(mux, p.table(), func(e endpoint) http.HandlerFunc { return p.needDB(e.handler) })
}

var errMollieDown = &apierr.Error{Kind: apierr.Unavailable, Code: apierr.CodeUnavailable,
	Message: "Mollie could not be reached to check the payment. Please try again in a moment."}

func (p *paymentsAPI) webhook(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxMollieBody)
	if err := r.ParseForm(); err != nil {
		// Not Mollie's form: nothing to look up, and nothing to retry.
		writeJSON(w, http.StatusOK, struct{}{})
		return
	}
	err := p.payments.Webhook(r.Context(), strings.TrimSpace(r.PostForm.Get("id")))
	switch {
	case err == nil:
		writeJSON(w, http.StatusOK, struct{}{})
	case errors.Is(err, payments.ErrUnavailable):
		p.fail(w, r, errMollieDown)
	default:
		p.fail(w, r, apierr.Wrap("mollie webhook", err))
	}
}

// payPath is the pay link of an invoice (payments.Service.PayURL): no
// session, the signature is its only authority.
const payPath = "/pay/{invoiceId}"

type payPage struct {
	*api
	payments *payments.Service
	words    map[string]payWords // by language: the build's pay.json
}

// payWords are the pay page's words in one language: the build's
// _internal/pay.json, from the dictionaries' pay section (payMessages,
// web/src/app/payMessages.ts). The placeholders are the dictionaries':
// {number}, {amount}, {iban} and {name} on an invoice's page, and {date}
// in PaidOn; the words said in both languages have none.
type payWords struct {
	PaidTitle         string     `json:"paidTitle"`
	Paid              string     `json:"paid"`
	PaidOn            string     `json:"paidOn"`
	ProcessingTitle   string     `json:"processingTitle"`
	Processing        string     `json:"processing"`
	NotCompletedTitle string     `json:"notCompletedTitle"`
	NotCompleted      string     `json:"notCompleted"`
	MollieDownTitle   string     `json:"mollieDownTitle"`
	MollieDown        string     `json:"mollieDown"`
	CreditedTitle     string     `json:"creditedTitle"`
	Credited          string     `json:"credited"`
	Button            string     `json:"button"`
	Transfer          string     `json:"transfer"`
	Invoices          string     `json:"invoices"`
	BadLinkTitle      string     `json:"badLinkTitle"`
	BadLink           string     `json:"badLink"`
	UnavailableTitle  string     `json:"unavailableTitle"`
	Unavailable       string     `json:"unavailable"`
	ErrorTitle        string     `json:"errorTitle"`
	Error             string     `json:"error"`
	Months            [12]string `json:"months"`
}

// invoiceVars are what the server fills in on an invoice's page.
var invoiceVars = []string{"{number}", "{amount}", "{iban}", "{name}"}

// payVars are the placeholders each word may have, by its JSON key:
// every one of them is filled in (payPage.serve), so none is shown as is.
// A key not listed is an invoice's word (invoiceVars).
var payVars = map[string][]string{
	"paidOn":       append([]string{"{date}"}, invoiceVars...),
	"badLinkTitle": nil, "badLink": nil, "unavailableTitle": nil, "unavailable": nil, "errorTitle": nil, "error": nil,
	"months": nil,
}

// parsePayMessages reads pay.json (parseWords).
func parsePayMessages(b []byte) (map[string]payWords, error) {
	return parseWords[payWords](b, "pay", func(key string) []string {
		if vars, listed := payVars[key]; listed {
			return vars
		}
		return invoiceVars
	})
}

func (p *payPage) serve(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer") // the link's signature stays here
	w.Header().Set("X-Robots-Tag", "noindex")
	if !p.ready() {
		p.both(w, http.StatusServiceUnavailable, func(t payWords) (string, string) { return t.UnavailableTitle, t.Unavailable })
		return
	}
	if r.Method == http.MethodHead {
		// A link checker's look starts no payment.
		w.WriteHeader(http.StatusOK)
		return
	}
	q := r.URL.Query()
	res, err := p.payments.Pay(r.Context(), r.PathValue("invoiceId"), q.Get("s"), q.Get("return") != "")
	switch {
	case errors.Is(err, payments.ErrBadLink):
		p.both(w, http.StatusNotFound, func(t payWords) (string, string) { return t.BadLinkTitle, t.BadLink })
		return
	case errors.Is(err, payments.ErrUnavailable):
	case errors.Is(err, store.ErrUnavailable):
		p.both(w, http.StatusServiceUnavailable, func(t payWords) (string, string) { return t.UnavailableTitle, t.Unavailable })
		return
	case err != nil:
		p.log.Error("pay link", "err", err)
		p.both(w, http.StatusInternalServerError, func(t payWords) (string, string) { return t.ErrorTitle, t.Error })
		return
	case res.Kind == payments.Checkout:
		http.Redirect(w, r, res.CheckoutURL, http.StatusSeeOther)
		return
	}
	inv := res.Invoice
	lang := text.Lang(inv.Locale)
	t := p.words[lang]
	prefix := ""
	if lang == "nl" {
		prefix = "/nl"
	}
	// Every placeholder a word may have (payVars) is filled in here.
	vars := []string{"{number}", inv.Number, "{amount}", money(inv.OpenCents(), inv.Currency, lang),
		"{iban}", groupIBAN(inv.Seller.IBAN), "{name}", inv.Seller.Name}
	if inv.PaidAt != nil {
		vars = append(vars, "{date}", longDate(*inv.PaidAt, t.Months))
	}
	fill := strings.NewReplacer(vars...).Replace
	v := pageView{Lang: lang, Back: fill(t.Invoices), BackURL: prefix + "/dashboard/invoices", Button: fill(t.Button)}
	transfer := fill(t.Transfer)
	status := http.StatusOK
	switch {
	case err != nil: // Mollie unavailable
		status = http.StatusServiceUnavailable
		w.Header().Set("Retry-After", "60")
		v.Heading, v.Paragraphs = fill(t.MollieDownTitle), []string{fill(t.MollieDown), transfer}
	case res.Kind == payments.Paid && inv.PaidAt == nil:
		v.Heading, v.Paragraphs = fill(t.CreditedTitle), []string{fill(t.Credited)}
	case res.Kind == payments.Paid:
		v.Heading, v.Paragraphs = fill(t.PaidTitle), []string{fill(t.Paid), fill(t.PaidOn)}
	case res.Kind == payments.Processing:
		v.Heading, v.Paragraphs = fill(t.ProcessingTitle), []string{fill(t.Processing)}
	default: // NotCompleted
		v.Heading, v.Paragraphs, v.ButtonURL = fill(t.NotCompletedTitle), []string{fill(t.NotCompleted), transfer}, res.PayURL
	}
	renderPage(w, p.log, status, v)
}

// both answers a page in English and Dutch, for when the invoice (and so
// its language) is not known: the English title, then the words in each
// language.
func (p *payPage) both(w http.ResponseWriter, status int, words func(payWords) (title, text string)) {
	enTitle, en := words(p.words[langEN])
	nlTitle, nl := words(p.words[langNL])
	renderPage(w, p.log, status, pageView{Lang: langEN, Heading: enTitle, Paragraphs: []string{en, nlTitle + ". " + nl}})
}

// money writes an amount for people: "€ 61.25" in English, "€ 61,25" in
// Dutch; another currency by its code.
func money(cents int64, currency, lang string) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	whole := fmt.Sprint(cents / 100)
	sep, dec := ",", "."
	if lang == "nl" {
		sep, dec = ".", ","
	}
	for i := len(whole) - 3; i > 0; i -= 3 {
		whole = whole[:i] + sep + whole[i:]
	}
	symbol := currency + " "
	if currency == "EUR" {
		symbol = "€ "
	}
	return fmt.Sprintf("%s%s%s%s%02d", sign, symbol, whole, dec, cents%100)
}

// longDate is a paid date in Amsterdam: "28 November 2026".
func longDate(t time.Time, months [12]string) string {
	loc, err := time.LoadLocation("Europe/Amsterdam")
	if err != nil {
		loc = time.UTC
	}
	t = t.In(loc)
	return fmt.Sprintf("%d %s %d", t.Day(), months[t.Month()-1], t.Year())
}

// groupIBAN writes an IBAN in groups of four, as it is printed.
func groupIBAN(iban string) string {
	var b strings.Builder
	for i, r := range strings.ReplaceAll(iban, " ", "") {
		if i > 0 && i%4 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}
