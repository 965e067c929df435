package web

import (
	"errors"
	"fmt"
	"html/template"
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
}

type payWords struct {
	Title, PaidTitle, Paid, PaidOn, ProcessingTitle, Processing, NotCompletedTitle, NotCompleted, Button,
	DownTitle, Down, Transfer, BadTitle, Bad, Invoices, CreditedTitle, Credited string
	Months [12]string
}

var payTexts = map[string]payWords{
	"en": {
		Title:     "Invoice {number}",
		PaidTitle: "Invoice {number} is paid", Paid: "Thank you: we received {amount}.", PaidOn: "Paid on {date}.",
		ProcessingTitle: "Your payment is being processed", Processing: "Your bank is still processing the payment of invoice {number} ({amount}). Once it is done, the invoice shows as paid; there is no need to pay again.",
		NotCompletedTitle: "The payment was not completed", NotCompleted: "Invoice {number} ({amount}) is still open. You can try again, or pay it by bank transfer.",
		Button:    "Pay with iDEAL",
		DownTitle: "Online payment is not available right now", Down: "Please try again in a few minutes, or pay invoice {number} ({amount}) by bank transfer.",
		Transfer: "Bank transfer: {amount} to {iban} in the name of {name}, with reference {number}.",
		BadTitle: "This link does not work", Bad: "This payment link is not valid. Sign in to see your invoices.",
		Invoices:      "Your invoices",
		CreditedTitle: "Nothing left to pay", Credited: "Invoice {number} has been credited in full: nothing is left to pay.",
		Months: [12]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
	},
	"nl": {
		Title:     "Factuur {number}",
		PaidTitle: "Factuur {number} is betaald", Paid: "Dank u wel: we hebben {amount} ontvangen.", PaidOn: "Betaald op {date}.",
		ProcessingTitle: "Uw betaling wordt verwerkt", Processing: "Uw bank verwerkt de betaling van factuur {number} ({amount}) nog. Zodra die klaar is, staat de factuur als betaald; u hoeft niet opnieuw te betalen.",
		NotCompletedTitle: "De betaling is niet afgerond", NotCompleted: "Factuur {number} ({amount}) staat nog open. U kunt het opnieuw proberen of de factuur per bankoverschrijving betalen.",
		Button:    "Betalen met iDEAL",
		DownTitle: "Online betalen kan nu even niet", Down: "Probeer het over een paar minuten opnieuw, of betaal factuur {number} ({amount}) per bankoverschrijving.",
		Transfer: "Bankoverschrijving: {amount} naar {iban} ten name van {name}, onder vermelding van {number}.",
		BadTitle: "Deze link werkt niet", Bad: "Deze betaallink is niet geldig. Log in om uw facturen te zien.",
		Invoices:      "Uw facturen",
		CreditedTitle: "Niets meer te betalen", Credited: "Factuur {number} is volledig gecrediteerd: er staat niets meer open.",
		Months: [12]string{"januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"},
	},
}

var payTemplate = template.Must(template.New("pay").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{{.Heading}} · Belwise</title>
<style>
body{margin:0;padding:0 1rem;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f6f4ef;color:#1d1b16;line-height:1.5}
main{max-width:32rem;margin:4rem auto;padding:2rem 1.5rem;background:#fff;border-radius:1rem;border:1px solid #ddd6c8}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
p{margin:0 0 1rem}
main>:last-child{margin-bottom:0}
.button{display:inline-block;font-weight:600;padding:.75rem 1.25rem;border-radius:999px;background:#1d1b16;color:#fff;text-decoration:none;min-height:24px}
a:focus-visible{outline:3px solid #2f5fd0;outline-offset:2px}
a{color:#1d1b16;display:inline-block;min-height:24px;padding:.25rem 0}
</style>
</head>
<body>
<main>
<h1>{{.Heading}}</h1>
{{range .Paragraphs}}<p>{{.}}</p>
{{end}}{{if .PayURL}}<p><a class="button" href="{{.PayURL}}">{{.Button}}</a></p>
{{end}}{{if .InvoicesURL}}<p><a href="{{.InvoicesURL}}">{{.Invoices}}</a></p>
{{end}}</main>
</body>
</html>
`))

type payView struct {
	Lang, Heading, Button, Invoices string
	PayURL, InvoicesURL             string
	Paragraphs                      []string
}

func (p *payPage) serve(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer") // the link's signature stays here
	w.Header().Set("X-Robots-Tag", "noindex")
	if !p.ready() {
		http.Error(w, "Service unavailable, try again in a minute.", http.StatusServiceUnavailable)
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
		en, nl := payTexts["en"], payTexts["nl"]
		p.render(w, http.StatusNotFound, payView{Lang: "en", Heading: en.BadTitle, Paragraphs: []string{en.Bad, nl.BadTitle + ". " + nl.Bad}})
		return
	case errors.Is(err, payments.ErrUnavailable):
	case errors.Is(err, store.ErrUnavailable):
		http.Error(w, "Service unavailable, try again in a minute.", http.StatusServiceUnavailable)
		return
	case err != nil:
		p.log.Error("pay link", "err", err)
		http.Error(w, "Something went wrong, try again in a minute.", http.StatusInternalServerError)
		return
	case res.Kind == payments.Checkout:
		http.Redirect(w, r, res.CheckoutURL, http.StatusSeeOther)
		return
	}
	inv := res.Invoice
	lang := text.Lang(inv.Locale)
	t := payTexts[lang]
	prefix := ""
	if lang == "nl" {
		prefix = "/nl"
	}
	fill := strings.NewReplacer("{number}", inv.Number, "{amount}", money(inv.OpenCents(), inv.Currency, lang),
		"{iban}", groupIBAN(inv.Seller.IBAN), "{name}", inv.Seller.Name).Replace
	v := payView{Lang: lang, Invoices: t.Invoices, InvoicesURL: prefix + "/dashboard/invoices", Button: t.Button}
	transfer := fill(t.Transfer)
	status := http.StatusOK
	switch {
	case err != nil: // Mollie unavailable
		status = http.StatusServiceUnavailable
		w.Header().Set("Retry-After", "60")
		v.Heading, v.Paragraphs = fill(t.DownTitle), []string{fill(t.Down), transfer}
	case res.Kind == payments.Paid && inv.PaidAt == nil:
		v.Heading, v.Paragraphs = t.CreditedTitle, []string{fill(t.Credited)}
	case res.Kind == payments.Paid:
		v.Heading, v.Paragraphs = fill(t.PaidTitle), []string{fill(t.Paid), strings.ReplaceAll(t.PaidOn, "{date}", longDate(*inv.PaidAt, t.Months))}
	case res.Kind == payments.Processing:
		v.Heading, v.Paragraphs = fill(t.ProcessingTitle), []string{fill(t.Processing)}
	default: // NotCompleted
		v.Heading, v.Paragraphs, v.PayURL = fill(t.NotCompletedTitle), []string{fill(t.NotCompleted), transfer}, res.PayURL
	}
	p.render(w, status, v)
}

func (p *payPage) render(w http.ResponseWriter, status int, v payView) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	if err := payTemplate.Execute(w, v); err != nil {
		p.log.Error("pay page", "err", err)
	}
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
