package billing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/belwise/site/internal/jobs"
	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/store"
	"github.com/belwise/site/internal/text"
)

// Mail kinds and the overdue job.
const (
	KindDocumentMail = "billing.invoice"  // an invoice or credit note with its PDF and UBL
	KindReminderMail = "billing.reminder" // the one reminder of an overdue invoice
	JobOverdue       = "billing.overdue"  // daily: remind the buyers of overdue invoices
)

// invoicePayload is all a billing email's job carries: the invoice is
// loaded (and its documents written) when the email is sent.
type invoicePayload struct {
	InvoiceID string `json:"invoiceId"`
}

func documentMail(v store.Invoice, to string) store.NewMail {
	payload, _ := json.Marshal(invoicePayload{InvoiceID: v.ID})
	return store.NewMail{Kind: KindDocumentMail, Recipient: to, Locale: v.Locale, Payload: payload}
}

func reminderMail(v store.Invoice, to string) store.NewMail {
	payload, _ := json.Marshal(invoicePayload{InvoiceID: v.ID})
	return store.NewMail{Kind: KindReminderMail, Recipient: to, Locale: v.Locale, Payload: payload}
}

// RegisterMail teaches the mailer the billing emails.
func (s *Service) RegisterMail(m *mail.Mailer) {
	m.Register(KindDocumentMail, mail.RenderJSON(s.renderDocument))
	m.Register(KindReminderMail, mail.RenderJSON(s.renderReminder))
}

// RegisterJobs has w remind the buyers of overdue invoices once a day.
func (s *Service) RegisterJobs(w *jobs.Worker) {
	w.Every(JobOverdue, 24*time.Hour, func(ctx context.Context, _ store.Job) error {
		n, err := s.RemindOverdue(ctx)
		if n > 0 {
			s.log.Info("overdue reminders queued", "count", n)
		}
		return err
	})
}

// RemindOverdue queues the one reminder of every invoice unpaid after its
// due date (Europe/Amsterdam) that has none yet, marking it reminded in
// the same transaction; it returns how many it queued.
func (s *Service) RemindOverdue(ctx context.Context) (int, error) {
	due, err := s.db.Invoices(ctx, store.InvoiceFilter{Unpaid: true, DueBefore: s.today()})
	if err != nil {
		return 0, err
	}
	n := 0
	var errs []error
	for _, v := range due {
		if v.TotalCents+v.CreditedCents <= 0 {
			continue // credited in full: nothing is owed
		}
		to := v.Buyer.Email
		if c, err := s.db.CompanyByID(ctx, v.CompanyID); err == nil && c.InvoiceEmail != "" {
			to = c.InvoiceEmail
		}
		ok, err := s.db.MarkInvoiceReminded(ctx, v.ID, s.now().UTC(), []store.NewMail{reminderMail(v, to)})
		if err != nil {
			errs = append(errs, fmt.Errorf("invoice %s: %w", v.Number, err))
			continue
		}
		if ok {
			n++
		}
	}
	if n > 0 {
		s.notify()
	}
	return n, errors.Join(errs...)
}

// mailWords are the billing emails' words; {number}, {period}, {amount},
// {due}, {company}, {corrects} and {agency} stand for the values.
type mailWords struct {
	InvoiceSubject, InvoicePreheader, InvoiceHeading, InvoiceBody     string
	CreditSubject, CreditPreheader, CreditHeading, CreditBody         string
	ReminderSubject, ReminderPreheader, ReminderHeading, ReminderBody string
	Attached, AttachedCredit, PayButton, PayIntro, BankIntro          string
	Number, Period, Amount, Due, IBAN, Beneficiary, Reference, Footer string
	CreditNumber, CreditAmount, Corrects                              string
	Months                                                            [12]string
}

var mailTexts = map[string]mailWords{
	"en": {
		InvoiceSubject:    "Invoice {number} from {agency}",
		InvoicePreheader:  "{amount} for {period}, due on {due}.",
		InvoiceHeading:    "Your invoice for {period}",
		InvoiceBody:       "Here is invoice {number} for {company} for {period}: {amount}, to be paid by {due}.",
		CreditSubject:     "Credit note {number} from {agency}",
		CreditPreheader:   "A correction of invoice {corrects}.",
		CreditHeading:     "A credit note for invoice {corrects}",
		CreditBody:        "Here is credit note {number} for {company}. It corrects invoice {corrects} by {amount}.",
		ReminderSubject:   "Reminder: invoice {number} is overdue",
		ReminderPreheader: "{amount} was due on {due}.",
		ReminderHeading:   "Invoice {number} is still open",
		ReminderBody:      "We have not yet received payment of invoice {number} for {company} for {period}: {amount}, due on {due}. If you have paid it in the meantime, thank you, and please ignore this message.",
		Attached:          "The invoice is attached as a PDF and as a UBL e-invoice (XML) that your bookkeeping software can import.",
		AttachedCredit:    "The credit note is attached as a PDF and as a UBL e-invoice (XML) that your bookkeeping software can import.",
		PayButton:         "Pay with iDEAL",
		PayIntro:          "You can pay online:",
		BankIntro:         "Please transfer the amount to our bank account, with the invoice number as the reference:",
		Number:            "Invoice number",
		CreditNumber:      "Credit note number",
		CreditAmount:      "Credited (incl. VAT)",
		Corrects:          "Corrects invoice",
		Period:            "Period",
		Amount:            "Amount (incl. VAT)",
		Due:               "Due on",
		IBAN:              "IBAN",
		Beneficiary:       "Beneficiary",
		Reference:         "Reference",
		Footer:            "{agency} · This is an automated message about your invoices. Questions? Reply to this email.",
		Months:            [12]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
	},
	"nl": {
		InvoiceSubject:    "Factuur {number} van {agency}",
		InvoicePreheader:  "{amount} over {period}, te betalen vóór {due}.",
		InvoiceHeading:    "Uw factuur over {period}",
		InvoiceBody:       "Hierbij ontvangt u factuur {number} voor {company} over {period}: {amount}, te betalen vóór {due}.",
		CreditSubject:     "Creditnota {number} van {agency}",
		CreditPreheader:   "Een correctie op factuur {corrects}.",
		CreditHeading:     "Een creditnota voor factuur {corrects}",
		CreditBody:        "Hierbij ontvangt u creditnota {number} voor {company}. Hiermee corrigeren we factuur {corrects} met {amount}.",
		ReminderSubject:   "Herinnering: factuur {number} staat nog open",
		ReminderPreheader: "{amount} had op {due} betaald moeten zijn.",
		ReminderHeading:   "Factuur {number} staat nog open",
		ReminderBody:      "We hebben de betaling van factuur {number} voor {company} over {period} nog niet ontvangen: {amount}, te betalen vóór {due}. Heeft u inmiddels betaald? Dan danken we u hartelijk en kunt u dit bericht als niet verzonden beschouwen.",
		Attached:          "De factuur zit als pdf in de bijlage, en als UBL-e-factuur (xml) die u in uw boekhoudpakket kunt inlezen.",
		AttachedCredit:    "De creditnota zit als pdf in de bijlage, en als UBL-e-factuur (xml) die u in uw boekhoudpakket kunt inlezen.",
		PayButton:         "Betalen met iDEAL",
		PayIntro:          "U kunt online betalen:",
		BankIntro:         "Wilt u het bedrag overmaken naar onze bankrekening, met het factuurnummer als kenmerk:",
		Number:            "Factuurnummer",
		CreditNumber:      "Creditnotanummer",
		CreditAmount:      "Gecrediteerd (incl. btw)",
		Corrects:          "Corrigeert factuur",
		Period:            "Periode",
		Amount:            "Bedrag (incl. btw)",
		Due:               "Te betalen vóór",
		IBAN:              "IBAN",
		Beneficiary:       "Ten name van",
		Reference:         "Kenmerk",
		Footer:            "{agency} · Dit is een automatisch bericht over uw facturen. Vragen? Beantwoord deze e-mail.",
		Months:            [12]string{"januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"},
	},
}

// periodName is "November 2026" / "november 2026".
func periodName(period, lang string) string {
	t, err := time.Parse("2006-01", period)
	if err != nil {
		return period
	}
	return mailTexts[lang].Months[t.Month()-1] + " " + t.Format("2006")
}

// dateName is "11 December 2026" / "11 december 2026".
func dateName(d, lang string) string {
	t, err := time.Parse(time.DateOnly, d)
	if err != nil {
		return d
	}
	return fmt.Sprintf("%d %s %d", t.Day(), mailTexts[lang].Months[t.Month()-1], t.Year())
}

func (s *Service) loadForMail(ctx context.Context, id string) (store.Invoice, error) {
	v, err := s.db.InvoiceByID(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return store.Invoice{}, fmt.Errorf("%w: invoice %q does not exist", mail.ErrPermanent, id)
	}
	return v, err
}

// email is the content of a billing email about v in its language.
func (s *Service) email(v store.Invoice, reminder bool) mail.Email {
	lang := text.Lang(v.Locale)
	w := mailTexts[lang]
	amount := v.TotalCents
	if reminder {
		amount = v.TotalCents + v.CreditedCents // what is still owed
	}
	if amount < 0 {
		amount = -amount
	}
	fill := strings.NewReplacer("{number}", v.Number, "{period}", periodName(v.Period, lang), "{amount}", formatMoney(amount, v.Currency, lang),
		"{due}", dateName(v.DueOn, lang), "{company}", mail.CleanLine(v.Buyer.Name), "{corrects}", v.CorrectsNumber,
		"{agency}", mail.CleanLine(v.Seller.Name)).Replace
	e := mail.Email{Lang: lang, Greeting: mail.Greeting(lang, ""), Footer: fill(w.Footer)}
	switch {
	case reminder:
		e.Subject, e.Preheader, e.Heading = fill(w.ReminderSubject), fill(w.ReminderPreheader), fill(w.ReminderHeading)
		e.Paragraphs = []string{fill(w.ReminderBody)}
	case v.Kind == KindCreditNote:
		e.Subject, e.Preheader, e.Heading = fill(w.CreditSubject), fill(w.CreditPreheader), fill(w.CreditHeading)
		e.Paragraphs = []string{fill(w.CreditBody), w.AttachedCredit}
		e.Details = []mail.Detail{{Label: w.CreditNumber, Value: v.Number}, {Label: w.Corrects, Value: v.CorrectsNumber},
			{Label: w.Period, Value: periodName(v.Period, lang)}, {Label: w.CreditAmount, Value: formatMoney(amount, v.Currency, lang)}}
		return e
	default:
		e.Subject, e.Preheader, e.Heading = fill(w.InvoiceSubject), fill(w.InvoicePreheader), fill(w.InvoiceHeading)
		e.Paragraphs = []string{fill(w.InvoiceBody), w.Attached}
	}
	// How to pay: online when there is a link, and by bank transfer with
	// the invoice number as the reference.
	e.Paragraphs = append(e.Paragraphs, w.BankIntro)
	e.Details = []mail.Detail{{Label: w.Number, Value: v.Number}, {Label: w.Period, Value: periodName(v.Period, lang)},
		{Label: w.Amount, Value: formatMoney(amount, v.Currency, lang)}, {Label: w.Due, Value: dateName(v.DueOn, lang)},
		{Label: w.Beneficiary, Value: mail.CleanLine(v.Seller.Name)}, {Label: w.IBAN, Value: formatIBAN(v.Seller.IBAN)},
		{Label: w.Reference, Value: v.Number}}
	if url := s.payURL(v.ID); url != "" {
		e.Actions = []mail.Action{{Intro: w.PayIntro, Label: w.PayButton, URL: url, Primary: true}}
	}
	return e
}

// formatIBAN groups an IBAN in fours for reading: NL91 ABNA 0417 1643 00.
func formatIBAN(iban string) string {
	var b strings.Builder
	for i, r := range iban {
		if i > 0 && i%4 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// renderDocument writes an invoice or credit note's email with its PDF
// and its UBL attached. Until the documents can be written (a writer
// failing) the job fails and is retried.
func (s *Service) renderDocument(ctx context.Context, _ store.OutboxMessage, p invoicePayload) (mail.Message, error) {
	v, err := s.loadForMail(ctx, p.InvoiceID)
	if err != nil {
		return mail.Message{}, err
	}
	pdf, err := s.file(v, "pdf")
	if err != nil {
		return mail.Message{}, fmt.Errorf("invoice %s: PDF: %w", v.Number, err)
	}
	ubl, err := s.file(v, "xml")
	if err != nil {
		return mail.Message{}, fmt.Errorf("invoice %s: UBL: %w", v.Number, err)
	}
	m := s.email(v, false).Render()
	m.Attachments = []mail.Attachment{
		{Name: pdf.Name, ContentType: pdf.ContentType, Data: pdf.Data},
		{Name: ubl.Name, ContentType: ubl.ContentType, Data: ubl.Data},
	}
	return m, nil
}

// renderReminder writes the overdue reminder; an invoice paid (or
// credited in full) since it was queued is not reminded of.
func (s *Service) renderReminder(ctx context.Context, _ store.OutboxMessage, p invoicePayload) (mail.Message, error) {
	v, err := s.loadForMail(ctx, p.InvoiceID)
	if err != nil {
		return mail.Message{}, err
	}
	if v.PaidAt != nil || v.TotalCents+v.CreditedCents <= 0 {
		return mail.Message{}, fmt.Errorf("%w: invoice %s was paid or credited since", mail.ErrNotSent, v.Number)
	}
	return s.email(v, true).Render(), nil
}
