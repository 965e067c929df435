package dpa

import (
	"bytes"
	"fmt"
	"time"

	"github.com/go-pdf/fpdf"
)

const (
	margin = 20.0
	width  = 210.0 - 2*margin
)

// pdfLabels are the PDF's own words.
var pdfLabels = struct {
	version, effective, accepted, notAccepted, subprocessors, role, location, safeguard, page L
}{
	version:       L{"Version %d", "Versie %d"},
	effective:     L{"in effect from %s", "geldig vanaf %s"},
	accepted:      L{"Accepted by %s (%s) on %s UTC.", "Geaccepteerd door %s (%s) op %s UTC."},
	notAccepted:   L{"Not accepted yet. This copy was made on %s UTC.", "Nog niet geaccepteerd. Deze kopie is gemaakt op %s UTC."},
	subprocessors: L{"Sub-processors", "Subverwerkers"},
	role:          L{"Does", "Taak"},
	location:      L{"Location", "Locatie"},
	safeguard:     L{"Safeguard", "Waarborg"},
	page:          L{"Page %d of {nb}", "Pagina %d van {nb}"},
}

// writePDF writes st's agreement as an A4 PDF in its language.
func writePDF(st State, agency string, now time.Time) ([]byte, error) {
	a := st.Agreement
	lang := a.Lang
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetMargins(margin, margin, margin)
	pdf.SetAutoPageBreak(true, margin+5)
	pdf.SetCreationDate(now)
	pdf.SetModificationDate(now)
	pdf.SetCatalogSort(true)
	pdf.SetCompression(true)
	pdf.SetTitle(a.Title+" "+agency, true)
	pdf.SetAuthor(agency, true)
	pdf.SetCreator(agency, true)
	pdf.SetProducer("Belwise", true)
	pdf.SetLang(map[string]string{"en": "en-GB", "nl": "nl-NL"}[lang])
	pdf.AliasNbPages("{nb}")
	// Core fonts in cp1252 print ë, é and –.
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	pdf.SetFooterFunc(func() {
		pdf.SetY(-margin)
		pdf.SetFont("Helvetica", "", 8)
		pdf.SetTextColor(110, 110, 110)
		pdf.CellFormat(width/2, 4, tr(fmt.Sprintf("%s · %s v%d", agency, a.Title, a.Version)), "", 0, "L", false, 0, "")
		pdf.CellFormat(width/2, 4, tr(fmt.Sprintf(pdfLabels.page.In(lang), pdf.PageNo())), "", 0, "R", false, 0, "")
		pdf.SetTextColor(0, 0, 0)
	})
	pdf.AddPage()

	pdf.SetFont("Helvetica", "B", 18)
	pdf.MultiCell(width, 9, tr(a.Title), "", "L", false)
	pdf.SetFont("Helvetica", "", 10)
	pdf.MultiCell(width, 5, tr(agency+" · "+fmt.Sprintf(pdfLabels.version.In(lang), a.Version)+", "+
		fmt.Sprintf(pdfLabels.effective.In(lang), a.Effective)), "", "L", false)
	pdf.Ln(2)
	pdf.SetFont("Helvetica", "B", 10)
	if acc := st.Accepted; acc != nil {
		pdf.MultiCell(width, 5, tr(fmt.Sprintf(pdfLabels.accepted.In(lang), acc.Name, acc.Email, acc.AcceptedAt.UTC().Format("2006-01-02 15:04"))), "", "L", false)
	} else {
		pdf.MultiCell(width, 5, tr(fmt.Sprintf(pdfLabels.notAccepted.In(lang), now.Format("2006-01-02 15:04"))), "", "L", false)
	}
	for i, sec := range a.Sections {
		pdf.Ln(4)
		pdf.SetFont("Helvetica", "B", 12)
		pdf.MultiCell(width, 6, tr(fmt.Sprintf("%d. %s", i+1, sec.Title)), "", "L", false)
		pdf.SetFont("Helvetica", "", 10)
		for _, p := range sec.Paragraphs {
			pdf.Ln(1)
			pdf.MultiCell(width, 5, tr(p), "", "L", false)
		}
		if sec.ID == "subprocessors" {
			for _, sp := range a.SubProcessors {
				pdf.Ln(2)
				pdf.SetFont("Helvetica", "B", 10)
				pdf.MultiCell(width, 5, tr(sp.Name), "", "L", false)
				pdf.SetFont("Helvetica", "", 9)
				for _, kv := range [][2]string{{pdfLabels.role.In(lang), sp.Role}, {pdfLabels.location.In(lang), sp.Location}, {pdfLabels.safeguard.In(lang), sp.Safeguard}} {
					pdf.SetX(margin + 4)
					pdf.CellFormat(22, 4.5, tr(kv[0]), "", 0, "L", false, 0, "")
					pdf.MultiCell(width-26, 4.5, tr(kv[1]), "", "L", false)
				}
			}
		}
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
