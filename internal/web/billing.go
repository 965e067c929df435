package web

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/billing"
	"github.com/belwise/site/internal/web/request"
)

// billingAPI serves billing: the console's statements, invoices, credit
// notes and payments (mounted with the console, behind its guards), and
// the buyer's invoices with their PDF and UBL downloads.
type billingAPI struct {
	*api
	billing *billing.Service // nil: the endpoints answer 404
}

// consoleTable is the console's billing endpoints; consoleAPI.table adds
// them to its own, so they share its guards and its 401/403 test.
func (b *billingAPI) consoleTable() []endpoint {
	const lim = maxConsoleBody
	return []endpoint{
		jsonOp(b.api, "GET", "/api/console/billing", 200, 0, b.overview).doc("billing", "The month's statements (period YYYY-MM, last month without) per company and per buyer without company details, with the invoice issued for each.", "period:month"),
		jsonOp(b.api, "POST", "/api/console/billing/invoices", 201, lim, b.issue).doc("billing", "Issues the invoice of a buyer's company for an ended month and emails it with its PDF and UBL."),
		jsonOp(b.api, "GET", "/api/console/invoices", 200, 0, b.list).doc("billing", "Every invoice and credit note, newest first; period (YYYY-MM) and status narrow the list.", "period:month", "status"),
		jsonOp(b.api, "GET", "/api/console/invoices/{id}", 200, 0, b.get).doc("billing", "One invoice or credit note with its lines, parties and credit notes."),
		jsonOp(b.api, "PATCH", "/api/console/invoices/{id}", 200, lim, b.setPaid).doc("billing", "Marks an invoice paid on a day, or unpaid (paidAt null)."),
		jsonOp(b.api, "POST", "/api/console/invoices/{id}/credit-note", 201, lim, b.creditNote).doc("billing", "Issues a credit note correcting an invoice: all of it, or the lines given."),
	}
}

// table is the buyer's billing endpoints.
func (b *billingAPI) table() []endpoint {
	file := plainOp("GET", "/api/invoices/{file}", b.download).doc("billing", "An invoice's PDF ({id}.pdf) or UBL 2.1 e-invoice ({id}.xml): the buyer's company's (404 for any other), any for staff.").as(signedIn)
	file.produces = "application/pdf"
	return []endpoint{
		jsonOp(b.api, "GET", "/api/invoices", 200, 0, b.mine).doc("billing", "The signed-in buyer's company's invoices and credit notes, and the running month's usage so far.").as(signedIn),
		file,
	}
}

func (b *billingAPI) routes(mux *http.ServeMux) {
	if b.billing == nil {
		return
	}
	mount(mux, b.table(), func(e endpoint) http.HandlerFunc { return b.needDB(b.signedIn(e.handler)) })
}

// ready answers 404 for a server without billing.
func (b *billingAPI) ready() error {
	if b.billing == nil {
		return &apierr.Error{Kind: apierr.NotFound, Code: apierr.CodeNotFound, Message: "Not found."}
	}
	return nil
}

func (b *billingAPI) overview(w http.ResponseWriter, r *http.Request, _ *none) (billing.Overview, error) {
	if err := b.ready(); err != nil {
		return billing.Overview{}, err
	}
	return b.billing.Overview(r.Context(), r.URL.Query().Get("period"))
}

type issueBody struct {
	BuyerID string `json:"buyerId" doc:"The statement's buyer: the invoice goes to their company, in their language."`
	Period  string `json:"period" doc:"YYYY-MM, a month that has ended (Europe/Amsterdam)."`
}

type invoiceAnswer struct {
	Invoice billing.Invoice `json:"invoice"`
}

func (b *billingAPI) issue(w http.ResponseWriter, r *http.Request, in *issueBody) (invoiceAnswer, error) {
	if err := b.ready(); err != nil {
		return invoiceAnswer{}, err
	}
	inv, err := b.billing.Issue(r.Context(), request.UserID(r), in.BuyerID, in.Period)
	return invoiceAnswer{inv}, err
}

type invoicesAnswer struct {
	Invoices []billing.InvoiceSummary `json:"invoices"`
}

func (b *billingAPI) list(w http.ResponseWriter, r *http.Request, _ *none) (invoicesAnswer, error) {
	if err := b.ready(); err != nil {
		return invoicesAnswer{}, err
	}
	q := r.URL.Query()
	l, err := b.billing.ConsoleInvoices(r.Context(), q.Get("period"), q.Get("status"))
	return invoicesAnswer{l}, err
}

func (b *billingAPI) get(w http.ResponseWriter, r *http.Request, _ *none) (invoiceAnswer, error) {
	if err := b.ready(); err != nil {
		return invoiceAnswer{}, err
	}
	inv, err := b.billing.ConsoleInvoice(r.Context(), r.PathValue("id"))
	return invoiceAnswer{inv}, err
}

type paidBody struct {
	PaidAt  *string `json:"paidAt" format:"date" doc:"The day it was paid (YYYY-MM-DD, not in the future); null marks it unpaid."`
	Version *int    `json:"version,omitempty" required:"true" doc:"The version last seen: 409 version_conflict when it changed since."`
}

func (b *billingAPI) setPaid(w http.ResponseWriter, r *http.Request, in *paidBody) (invoiceAnswer, error) {
	if err := b.ready(); err != nil {
		return invoiceAnswer{}, err
	}
	if in.Version == nil {
		return invoiceAnswer{}, errVersion
	}
	inv, err := b.billing.SetPaid(r.Context(), request.UserID(r), r.PathValue("id"), in.PaidAt, *in.Version)
	return invoiceAnswer{inv}, err
}

type creditNoteBody struct {
	Reason string               `json:"reason" doc:"Why the invoice is corrected; printed on the credit note."`
	Lines  []billing.CreditLine `json:"lines,omitempty" doc:"Net amounts to credit at the invoice's VAT rate; left out: the whole invoice."`
}

func (b *billingAPI) creditNote(w http.ResponseWriter, r *http.Request, in *creditNoteBody) (invoiceAnswer, error) {
	if err := b.ready(); err != nil {
		return invoiceAnswer{}, err
	}
	inv, err := b.billing.CreditNote(r.Context(), request.UserID(r), r.PathValue("id"), in.Reason, in.Lines)
	return invoiceAnswer{inv}, err
}

func (b *billingAPI) mine(w http.ResponseWriter, r *http.Request, _ *none) (billing.BuyerInvoices, error) {
	return b.billing.BuyerInvoices(r.Context(), request.UserID(r))
}

// download serves /api/invoices/{id}.pdf and {id}.xml: ServeMux cannot
// match a suffix after a wildcard, so the one segment is split here.
func (b *billingAPI) download(w http.ResponseWriter, r *http.Request) {
	id, format, ok := strings.Cut(r.PathValue("file"), ".")
	if !ok || (format != "pdf" && format != "xml") {
		b.fail(w, r, &apierr.Error{Kind: apierr.NotFound, Code: apierr.CodeNotFound, Message: "Invoice not found."})
		return
	}
	f, err := b.billing.Download(r.Context(), request.UserID(r), request.IsStaff(r), id, format)
	if err != nil {
		b.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", f.ContentType)
	w.Header().Set("Content-Disposition", `attachment; filename="`+f.Name+`"`)
	w.Header().Set("Content-Length", strconv.Itoa(len(f.Data)))
	w.Write(f.Data)
}
