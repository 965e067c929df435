package invoicedoc

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/go-pdf/fpdf"
	"golang.org/x/text/unicode/norm"
)

// Page geometry in millimetres (A4, 20 mm margins).
const (
	pageMargin = 20.0
	pageWidth  = 210.0 - 2*pageMargin
	lineH      = 5.0
)

// Table columns: description, quantity, price, VAT rate, amount.
var colW = [5]float64{78, 22, 34, 12, 24}

// PDF writes d as an A4 PDF in d.Locale.
func PDF(d Document) ([]byte, error) {
	if err := check(d); err != nil {
		return nil, err
	}
	l := labelsFor(d.Locale)
	credit := d.Kind == KindCreditNote
	title := l.invoice
	if credit {
		title = l.creditNote
	}

	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetMargins(pageMargin, pageMargin, pageMargin)
	pdf.SetAutoPageBreak(true, pageMargin+5)
	pdf.SetCreationDate(d.IssuedOn)
	pdf.SetModificationDate(d.IssuedOn)
	pdf.SetCatalogSort(true)
	pdf.SetCompression(true)
	pdf.SetTitle(title+" "+d.Number, true)
	pdf.SetAuthor(d.Seller.Name, true)
	pdf.SetCreator(d.Seller.Name, true)
	pdf.SetProducer("Belwise", true)
	pdf.SetLang(l.lang)
	pdf.AliasNbPages("{nb}")
	// Core fonts in cp1252 print €, ë and – (text extraction reads them back).
	tr := cp1252(pdf.UnicodeTranslatorFromDescriptor(""))
	pdf.SetFooterFunc(func() {
		pdf.SetY(-pageMargin)
		pdf.SetFont("Helvetica", "", 8)
		pdf.SetTextColor(110, 110, 110)
		pdf.CellFormat(pageWidth/2, 4, tr(d.Seller.Name+" · "+title+" "+d.Number), "", 0, "L", false, 0, "")
		pdf.CellFormat(pageWidth/2, 4, tr(fmt.Sprintf(l.page, pdf.PageNo())), "", 0, "R", false, 0, "")
		pdf.SetTextColor(0, 0, 0)
	})
	pdf.AddPage()

	text := func(style string, size float64, w float64, s, align string) {
		pdf.SetFont("Helvetica", style, size)
		pdf.CellFormat(w, lineH, tr(s), "", 1, align, false, 0, "")
	}
	pair := func(label, value string) {
		pdf.SetFont("Helvetica", "", 9)
		pdf.CellFormat(45, lineH, tr(label), "", 0, "L", false, 0, "")
		pdf.SetFont("Helvetica", "B", 9)
		pdf.MultiCell(pageWidth-45, lineH, tr(value), "", "L", false)
	}

	// The seller on top.
	pdf.SetFont("Helvetica", "B", 18)
	pdf.MultiCell(pageWidth, 9, tr(d.Seller.Name), "", "L", false)
	pdf.SetFont("Helvetica", "", 9)
	for _, s := range addressLines(l, d.Seller) {
		pdf.CellFormat(pageWidth, 4.5, tr(s), "", 1, "L", false, 0, "")
	}
	var ids []string
	if d.Seller.KVK != "" {
		ids = append(ids, l.kvk+" "+d.Seller.KVK)
	}
	if d.Seller.VATID != "" {
		ids = append(ids, l.vatID+" "+d.Seller.VATID)
	}
	if d.Seller.IBAN != "" {
		ids = append(ids, l.iban+" "+printIBAN(d.Seller.IBAN))
	}
	if len(ids) > 0 {
		pdf.CellFormat(pageWidth, 4.5, tr(strings.Join(ids, "  ·  ")), "", 1, "L", false, 0, "")
	}
	if d.Seller.Email != "" {
		pdf.CellFormat(pageWidth, 4.5, tr(d.Seller.Email), "", 1, "L", false, 0, "")
	}
	pdf.Ln(8)

	// The buyer.
	pdf.SetFont("Helvetica", "", 8)
	pdf.SetTextColor(110, 110, 110)
	pdf.CellFormat(pageWidth, 4.5, tr(l.billTo), "", 1, "L", false, 0, "")
	pdf.SetTextColor(0, 0, 0)
	pdf.SetFont("Helvetica", "B", 10)
	pdf.MultiCell(pageWidth, lineH, tr(d.Buyer.Name), "", "L", false)
	pdf.SetFont("Helvetica", "", 9)
	for _, s := range addressLines(l, d.Buyer) {
		pdf.CellFormat(pageWidth, 4.5, tr(s), "", 1, "L", false, 0, "")
	}
	if d.Buyer.KVK != "" {
		pdf.CellFormat(pageWidth, 4.5, tr(l.kvk+" "+d.Buyer.KVK), "", 1, "L", false, 0, "")
	}
	if d.Buyer.VATID != "" {
		pdf.CellFormat(pageWidth, 4.5, tr(l.vatID+" "+d.Buyer.VATID), "", 1, "L", false, 0, "")
	}
	pdf.Ln(8)

	// Title and the document's numbers and dates.
	text("B", 16, pageWidth, title, "L")
	pdf.Ln(2)
	if credit {
		pair(l.creditNumber, d.Number)
		pair(l.creditIssued, l.date(d.IssuedOn))
		ref := d.CorrectsNumber
		if !d.CorrectsIssuedOn.IsZero() {
			ref += " (" + l.date(d.CorrectsIssuedOn) + ")"
		}
		pair(l.corrects, ref)
		if d.Reason != "" {
			pair(l.reason, d.Reason)
		}
	} else {
		pair(l.number, d.Number)
		pair(l.issued, l.date(d.IssuedOn))
		if !d.DueOn.IsZero() {
			pair(l.due, l.date(d.DueOn))
		}
	}
	if p := l.periodText(d.PeriodStart, d.PeriodEnd); p != "" {
		pair(l.period, p)
	}
	pdf.Ln(6)

	// The lines.
	header := func() {
		pdf.SetFont("Helvetica", "B", 9)
		pdf.SetFillColor(235, 235, 235)
		heads := []string{l.description, l.quantity, l.price, l.vat, l.amount}
		aligns := []string{"L", "R", "R", "R", "R"}
		for i, h := range heads {
			pdf.CellFormat(colW[i], 7, tr(h), "B", 0, aligns[i], true, 0, "")
		}
		pdf.Ln(-1)
	}
	header()
	pdf.SetFont("Helvetica", "", 9)
	for _, ln := range d.Lines {
		desc := wrap(pdf, tr, ln.Description, colW[0]-2)
		h := float64(len(desc))*lineH + 1.5
		if pdf.GetY()+h > 297-pageMargin-5 {
			pdf.AddPage()
			header()
			pdf.SetFont("Helvetica", "", 9)
		}
		x, y := pdf.GetXY()
		for i, s := range desc {
			pdf.SetXY(x, y+float64(i)*lineH+0.75)
			pdf.CellFormat(colW[0], lineH, s, "", 0, "L", false, 0, "")
		}
		pdf.SetXY(x+colW[0], y+0.75)
		pdf.CellFormat(colW[1], lineH, tr(l.quantityText(ln)), "", 0, "R", false, 0, "")
		pdf.CellFormat(colW[2], lineH, tr(l.priceText(ln, d.Currency)), "", 0, "R", false, 0, "")
		pdf.CellFormat(colW[3], lineH, tr(percent(ln.VATRateBP)+"%"), "", 0, "R", false, 0, "")
		pdf.CellFormat(colW[4], lineH, tr(l.money(ln.NetCents, d.Currency)), "", 0, "R", false, 0, "")
		pdf.SetXY(x, y+h)
		pdf.Line(x, y+h, x+pageWidth, y+h)
	}
	pdf.Ln(3)

	// Totals: subtotal, VAT per rate, total.
	labelW := colW[0] + colW[1] + colW[2] + colW[3]
	total := func(style, label, value string) {
		pdf.SetFont("Helvetica", style, 10)
		pdf.CellFormat(labelW, 6, tr(label), "", 0, "R", false, 0, "")
		pdf.CellFormat(colW[4], 6, tr(value), "", 1, "R", false, 0, "")
	}
	total("", l.subtotal, l.money(d.SubtotalCents, d.Currency))
	for _, r := range vatByRate(d) {
		over := fmt.Sprintf(l.vatOver, l.money(r.net, d.Currency))
		label := fmt.Sprintf(l.vatRate, l.decimalText(percent(r.bp))) + " " + over
		if d.VATTreatment == VATReverseCharge {
			label = l.reverseCharge + " (" + l.decimalText(percent(r.bp)) + "% " + over + ")"
		}
		total("", label, l.money(r.vat, d.Currency))
	}
	total("B", l.total, l.money(d.TotalCents, d.Currency))
	pdf.Ln(6)

	para := func(style, s string) {
		pdf.SetFont("Helvetica", style, 9)
		pdf.MultiCell(pageWidth, lineH, tr(s), "", "L", false)
	}
	if d.VATTreatment == VATReverseCharge {
		para("B", l.reverseCharge)
		para("", l.reverseChargeBasis)
		pdf.Ln(3)
	}
	if credit {
		ref := d.CorrectsNumber
		if !d.CorrectsIssuedOn.IsZero() {
			ref = fmt.Sprintf(l.invoiceOf, d.CorrectsNumber, l.date(d.CorrectsIssuedOn))
		}
		para("", fmt.Sprintf(l.creditSettle, ref, l.money(-d.TotalCents, d.Currency)))
	} else {
		if n := termDays(d); n > 0 {
			para("B", fmt.Sprintf(l.paymentTerm, n))
		}
		para("", fmt.Sprintf(l.payTransfer, l.money(d.TotalCents, d.Currency), l.date(d.DueOn), printIBAN(d.Seller.IBAN), d.Seller.Name, d.Number))
		if d.PayURL != "" {
			pdf.Ln(2)
			pdf.SetFont("Helvetica", "B", 9)
			pdf.SetTextColor(0, 70, 160)
			pdf.WriteLinkString(lineH, tr(fmt.Sprintf(l.payLink, d.PayURL)), d.PayURL)
			pdf.SetTextColor(0, 0, 0)
			pdf.Ln(lineH)
		}
	}

	if err := pdf.Error(); err != nil {
		return nil, fmt.Errorf("invoicedoc: PDF %s: %w", d.Number, err)
	}
	var b bytes.Buffer
	if err := pdf.Output(&b); err != nil {
		return nil, fmt.Errorf("invoicedoc: PDF %s: %w", d.Number, err)
	}
	return b.Bytes(), nil
}

// cp1252 wraps fpdf's translator so text outside Windows-1252 still
// reads: a letter with a diacritic cp1252 lacks loses the diacritic
// ("č" → "c", "ș" → "s"), a few letters have a stand-in ("ł" → "l"),
// control characters become spaces and anything else "?" (fpdf's own
// fallback is ".", which would look like punctuation).
func cp1252(tr func(string) string) func(string) string {
	known := func(r rune) bool { return r < 0x80 || tr(string(r)) != "." }
	stand := map[rune]string{'ł': "l", 'Ł': "L", 'đ': "d", 'Đ': "D", 'ı': "i", 'ħ': "h", 'Ħ': "H", '−': "-", '…': "..."}
	return func(s string) string {
		var b strings.Builder
		for _, r := range s {
			switch {
			case r < 0x20 || r == 0x7f:
				b.WriteByte(' ')
			case known(r):
				b.WriteRune(r)
			default:
				if base := []rune(norm.NFD.String(string(r)))[0]; base != r && known(base) {
					b.WriteRune(base)
				} else if st, ok := stand[r]; ok {
					b.WriteString(st)
				} else {
					b.WriteByte('?')
				}
			}
		}
		return tr(b.String())
	}
}

// wrap splits s into lines no wider than w in the current font, at
// spaces where it can (fpdf's SplitText reads UTF-8, and the text is
// already cp1252 by then). The lines come back translated.
func wrap(pdf *fpdf.Fpdf, tr func(string) string, s string, w float64) []string {
	var lines []string
	line := ""
	for _, word := range strings.Split(s, " ") {
		if word == "" {
			continue
		}
		next := word
		if line != "" {
			next = line + " " + word
		}
		if line == "" || pdf.GetStringWidth(tr(next)) <= w {
			line = next
		} else {
			lines = append(lines, line)
			line = word
		}
		// A word wider than the column is cut where it no longer fits.
		for pdf.GetStringWidth(tr(line)) > w {
			r := []rune(line)
			n := len(r) - 1
			for n > 1 && pdf.GetStringWidth(tr(string(r[:n]))) > w {
				n--
			}
			lines = append(lines, string(r[:n]))
			line = string(r[n:])
		}
	}
	if line != "" || len(lines) == 0 {
		lines = append(lines, line)
	}
	for i := range lines {
		lines[i] = tr(lines[i])
	}
	return lines
}

// addressLines is a party's address as printed: street, postcode and
// city, country.
func addressLines(l labels, p Party) []string {
	var out []string
	if p.Street != "" {
		out = append(out, p.Street)
	}
	if pc := strings.TrimSpace(p.Postcode + "  " + p.City); pc != "" {
		out = append(out, pc)
	}
	if p.Country != "" {
		out = append(out, l.country(p.Country))
	}
	return out
}

type rateSum struct {
	bp       int
	net, vat int64
}

// vatByRate sums the lines' net amounts and VAT per rate, in the order the
// rates first appear (art. 35a(1)(h)-(j): the taxable amount, rate and VAT
// per rate).
func vatByRate(d Document) []rateSum {
	var out []rateSum
	idx := map[int]int{}
	for _, ln := range d.Lines {
		i, ok := idx[ln.VATRateBP]
		if !ok {
			i = len(out)
			idx[ln.VATRateBP] = i
			out = append(out, rateSum{bp: ln.VATRateBP})
		}
		out[i].net += ln.NetCents
		out[i].vat += ln.VATCents
	}
	return out
}
