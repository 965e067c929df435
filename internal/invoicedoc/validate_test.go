package invoicedoc

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The full validation checks the UBL against artefacts that are not in
// this repository (VALIDATION.md says what they are and where to get
// them). They live in the folder $INVOICEDOC_ARTEFACTS, by default
// /work/.cache/invoicedoc-artefacts:
//
//   - ubl-2.1/maindoc, ubl-2.1/common: the OASIS UBL 2.1 schemas
//     (xmllint --schema);
//   - schematron/CEN-EN16931-UBL.xslt and PEPPOL-EN16931-UBL.xslt: the
//     OpenPeppol validation artefacts release 2026.5 (Peppol BIS Billing
//     3.0.21), the CEN EN 16931 rules 1.3.16 and the Peppol rules with the
//     Dutch national rules NL-R-001…NL-R-009, compiled to XSLT 2.0;
//   - schematron/si-ubl-2.0.3.13.xslt: SI-UBL 2.0.3.13, the NLCIUS rules
//     (BR-NL-*) and the EN 16931 rules as SimplerInvoicing runs them.
//
// Without them these tests skip, saying what to download; the Go rules in
// rules_test.go and every other test run everywhere.
const (
	defaultArtefacts = "/work/.cache/invoicedoc-artefacts"
	xsdInvoice       = "ubl-2.1/maindoc/UBL-Invoice-2.1.xsd"
	xsdCreditNote    = "ubl-2.1/maindoc/UBL-CreditNote-2.1.xsd"
	saxonJar         = "/usr/share/java/Saxon-HE.jar"
)

// artefactFiles are the files the validation reads from the artefacts
// folder (the main schemas import the rest of ubl-2.1/common).
var artefactFiles = []string{
	xsdInvoice, xsdCreditNote, "ubl-2.1/common/UBL-CommonAggregateComponents-2.1.xsd",
	"schematron/CEN-EN16931-UBL.xslt", "schematron/PEPPOL-EN16931-UBL.xslt", "schematron/si-ubl-2.0.3.13.xslt",
}

// artefactsHelp says what to put in the artefacts folder and where it comes from.
const artefactsHelp = `the validation artefacts are not in this repository; put them in $INVOICEDOC_ARTEFACTS (default ` + defaultArtefacts + `):
  ubl-2.1/maindoc, ubl-2.1/common: the xsd/maindoc and xsd/common folders of the OASIS UBL 2.1 schemas (os-UBL-2.1, https://docs.oasis-open.org/ubl/os-UBL-2.1/UBL-2.1.zip)
  schematron/CEN-EN16931-UBL.xslt, schematron/PEPPOL-EN16931-UBL.xslt: the compiled XSLT of the OpenPeppol validation artefacts release 2026.5 (Peppol BIS Billing 3.0.21, CEN rules 1.3.16; https://docs.peppol.eu/poacc/billing/3.0/, github.com/OpenPEPPOL/peppol-bis-invoice-3)
  schematron/si-ubl-2.0.3.13.xslt: SI-UBL 2.0.3.13 from github.com/SimplerInvoicing/validation (its xsl folder)
see internal/invoicedoc/VALIDATION.md`

// artefacts returns the folder holding the validation artefacts, or skips
// the test, naming what is missing and where to get it.
func artefacts(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("INVOICEDOC_ARTEFACTS")
	if dir == "" {
		dir = defaultArtefacts
	}
	var missing []string
	for _, f := range artefactFiles {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			missing = append(missing, f)
		}
	}
	if len(missing) > 0 {
		t.Skipf("%s lacks %s: %s", dir, strings.Join(missing, ", "), artefactsHelp)
	}
	return dir
}

// NLCIUSCustomizationID is the CustomizationID SI-UBL 2.0 asks for.
const nlciusCustomizationID = "urn:cen.eu:en16931:2017#compliant#urn:fdc:nen.nl:nlcius:v1.0"

// tool finds a validator. A missing one fails the test, naming the Debian
// package to install: the validation must not silently stop running.
func tool(t *testing.T, name, pkg string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("%s not found: install Debian's %s", name, pkg)
	}
	return path
}

// writeUBL writes each fixture's UBL into a fresh directory.
func writeUBL(t *testing.T) (string, map[string]Document) {
	t.Helper()
	dir := t.TempDir()
	docs := map[string]Document{}
	for _, f := range fixtures() {
		b, err := UBL(f.doc)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		keep(t, f.name+".xml", b)
		name := f.name + ".xml"
		docs[name] = f.doc
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, docs
}

func TestUBLValidatesAgainstUBL21Schema(t *testing.T) {
	art := artefacts(t)
	xmllint := tool(t, "xmllint", "libxml2-utils")
	dir, docs := writeUBL(t)
	for name, d := range docs {
		xsd := filepath.Join(art, xsdInvoice)
		if d.Kind == KindCreditNote {
			xsd = filepath.Join(art, xsdCreditNote)
		}
		out, err := exec.Command(xmllint, "--noout", "--nonet", "--schema", xsd, filepath.Join(dir, name)).CombinedOutput()
		if err != nil {
			t.Errorf("%s does not validate against %s: %v\n%s", name, filepath.Base(xsd), err, out)
		}
	}
}

// The schema check can fail: a document missing its mandatory IssueDate
// is refused.
func TestUBLSchemaCheckRefusesABrokenDocument(t *testing.T) {
	art := artefacts(t)
	xmllint := tool(t, "xmllint", "libxml2-utils")
	b, err := UBL(dutchInvoice())
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(b), "<cbc:IssueDate>2026-12-01</cbc:IssueDate>", "", 1)
	if broken == string(b) {
		t.Fatal("IssueDate not found")
	}
	path := filepath.Join(t.TempDir(), "broken.xml")
	if err := os.WriteFile(path, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(xmllint, "--noout", "--nonet", "--schema", filepath.Join(art, xsdInvoice), path).CombinedOutput(); err == nil {
		t.Fatalf("a document without IssueDate validated:\n%s", out)
	}
}

// svrlAssert is one failed assertion (or successful report) in a
// Schematron Validation Report.
type svrlAssert struct {
	ID       string `xml:"id,attr"`
	Flag     string `xml:"flag,attr"`
	Location string `xml:"location,attr"`
	Text     string `xml:"text"`
}

type svrlReport struct {
	Fired  []struct{}   `xml:"fired-rule"`
	Failed []svrlAssert `xml:"failed-assert"`
	Report []svrlAssert `xml:"successful-report"`
}

// schematron runs a compiled Schematron (XSLT 2.0) over every file in dir
// with Saxon-HE and returns each file's report.
func schematron(t *testing.T, art, xslt, dir string) map[string]svrlReport {
	t.Helper()
	java := tool(t, "java", "default-jre-headless")
	if _, err := os.Stat(saxonJar); err != nil {
		t.Fatalf("%s not found: install Debian's libsaxonhe-java", saxonJar)
	}
	out := t.TempDir()
	cmd := exec.Command(java, "-cp", saxonJar, "net.sf.saxon.Transform",
		"-s:"+dir, "-xsl:"+filepath.Join(art, "schematron", xslt), "-o:"+out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("saxon %s: %v\n%s", xslt, err, b)
	}
	reports := map[string]svrlReport{}
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(out, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		var r svrlReport
		if err := xml.Unmarshal(b, &r); err != nil {
			t.Fatalf("%s on %s: SVRL: %v", xslt, e.Name(), err)
		}
		reports[e.Name()] = r
	}
	return reports
}

// checkReports fails on every fatal assertion in the fixtures' reports
// and logs the warnings; a report whose rules never fired means the rules
// did not apply at all.
func checkReports(t *testing.T, xslt string, reports map[string]svrlReport, docs map[string]Document) {
	t.Helper()
	for name := range docs {
		r, ok := reports[name]
		if !ok {
			t.Errorf("%s: no report for %s", xslt, name)
			continue
		}
		if len(r.Fired) < 20 {
			t.Errorf("%s on %s: only %d rules fired: the rules did not apply", xslt, name, len(r.Fired))
		}
		for _, a := range append(r.Failed, r.Report...) {
			msg := fmt.Sprintf("%s on %s: [%s] %s %s at %s", xslt, name, a.Flag, a.ID, strings.Join(strings.Fields(a.Text), " "), a.Location)
			if a.Flag == "fatal" || a.Flag == "error" {
				t.Error(msg)
			} else {
				t.Log(msg)
			}
		}
		t.Logf("%s on %s: %d rules fired, %d failed assertions", xslt, name, len(r.Fired), len(r.Failed))
	}
}

// fatal lists the ids of a report's fatal assertions.
func fatal(r svrlReport) []string {
	var ids []string
	for _, a := range r.Failed {
		if a.Flag == "fatal" {
			ids = append(ids, a.ID)
		}
	}
	return ids
}

// TestUBLPeppolBIS runs the CEN EN 16931 rules and the Peppol BIS Billing
// 3.0 rules (with NL-R-001…009 for a Dutch seller) over the three
// fixtures. Beside them lies an invoice whose payable amount is a cent
// more than its total, so the run shows the rules can fail (BR-CO-15).
func TestUBLPeppolBIS(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("Schematron takes a few seconds")
	}
	art := artefacts(t)
	dir, docs := writeUBL(t)
	wrong := dutchInvoice()
	wrong.TotalCents++
	b, err := UBL(wrong)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "wrong-total.xml"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, x := range []string{"CEN-EN16931-UBL.xslt", "PEPPOL-EN16931-UBL.xslt"} {
		t.Run(x, func(t *testing.T) {
			t.Parallel()
			reports := schematron(t, art, x, dir)
			checkReports(t, x, reports, docs)
			if x == "CEN-EN16931-UBL.xslt" && !slices.Contains(fatal(reports["wrong-total.xml"]), "BR-CO-15") {
				t.Errorf("a wrong total passed: fatal %v, want BR-CO-15", fatal(reports["wrong-total.xml"]))
			}
		})
	}
}

// TestUBLNLCIUS runs SI-UBL 2.0 (the NLCIUS rules) over the same
// documents. SI-UBL 2.0 only accepts its own CustomizationID (the Peppol
// one is checked by the Peppol rules above), so the documents are checked
// with that one identifier swapped; every other byte is what UBL wrote.
func TestUBLNLCIUS(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("Schematron takes a few seconds")
	}
	art := artefacts(t)
	dir, docs := writeUBL(t)
	for name := range docs {
		path := filepath.Join(dir, name)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s := strings.Replace(string(b), CustomizationID, nlciusCustomizationID, 1)
		if s == string(b) {
			t.Fatalf("%s: CustomizationID not found", name)
		}
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	checkReports(t, "si-ubl-2.0.3.13.xslt", schematron(t, art, "si-ubl-2.0.3.13.xslt", dir), docs)
}

// TestValidateFiles checks UBL files made elsewhere (a server's download,
// an e-mail attachment) against the Go rules of rules_test.go and, when
// the artefacts are at hand, the schema and the CEN and Peppol rules:
//
//	INVOICEDOC_VALIDATE=/tmp/2026-0001.xml,/tmp/2026-0002.xml go test ./internal/invoicedoc -run TestValidateFiles -v
//
// Without the variable there is nothing to validate and it skips.
func TestValidateFiles(t *testing.T) {
	list := os.Getenv("INVOICEDOC_VALIDATE")
	if list == "" {
		t.Skip("INVOICEDOC_VALIDATE names no files")
	}
	dir := t.TempDir()
	docs := map[string]Document{}
	for i, path := range strings.Split(list, ",") {
		path = strings.TrimSpace(path)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		vs, err := checkUBL(b)
		if err != nil {
			t.Errorf("%s: %v", path, err)
		}
		for _, v := range vs {
			t.Errorf("%s: %s", path, v)
		}
		t.Logf("%s: Go rules checked, %d broken", path, len(vs))
		name := fmt.Sprintf("%02d-%s", i, filepath.Base(path))
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
		docs[name] = Document{}
	}
	t.Run("artefacts", func(t *testing.T) {
		art := artefacts(t)
		xmllint := tool(t, "xmllint", "libxml2-utils")
		for name := range docs {
			path := filepath.Join(dir, name)
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			xsd := filepath.Join(art, xsdInvoice)
			if strings.Contains(string(b), nsCreditNote) {
				xsd = filepath.Join(art, xsdCreditNote)
			}
			if out, err := exec.Command(xmllint, "--noout", "--nonet", "--schema", xsd, path).CombinedOutput(); err != nil {
				t.Errorf("%s does not validate against %s: %v\n%s", name, filepath.Base(xsd), err, out)
			}
		}
		for _, x := range []string{"CEN-EN16931-UBL.xslt", "PEPPOL-EN16931-UBL.xslt"} {
			checkReports(t, x, schematron(t, art, x, dir), docs)
		}
	})
}

// The element sequences rules_test.go checks are the schema's.
func TestSequenceMatchesXSD(t *testing.T) {
	art := artefacts(t)
	for _, c := range []struct {
		xsd, typ string
		want     []xsdChild
	}{
		{xsdInvoice, "InvoiceType", invoiceSequence},
		{xsdCreditNote, "CreditNoteType", creditNoteSequence},
	} {
		b, err := os.ReadFile(filepath.Join(art, c.xsd))
		if err != nil {
			t.Fatal(err)
		}
		var schema struct {
			Types []struct {
				Name     string `xml:"name,attr"`
				Elements []struct {
					Ref       string `xml:"ref,attr"`
					MinOccurs string `xml:"minOccurs,attr"`
					MaxOccurs string `xml:"maxOccurs,attr"`
				} `xml:"sequence>element"`
			} `xml:"complexType"`
		}
		if err := xml.Unmarshal(b, &schema); err != nil {
			t.Fatal(err)
		}
		var got []xsdChild
		for _, typ := range schema.Types {
			if typ.Name != c.typ {
				continue
			}
			for _, e := range typ.Elements {
				x := xsdChild{name: e.Ref, min: 1, max: 1}
				if e.MinOccurs == "0" {
					x.min = 0
				}
				if e.MaxOccurs == "unbounded" {
					x.max = unbounded
				}
				got = append(got, x)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s %s:\n got %v\nwant %v", c.xsd, c.typ, got, c.want)
		}
	}
}

// encode writes a parsed (and perhaps mutated) document back as XML, the
// namespaces declared on the root.
func (n node) encode(b *bytes.Buffer, root bool) {
	name := n.XMLName.Local
	if !root {
		name = nsPrefix[n.XMLName.Space] + ":" + name
	}
	b.WriteString("<" + name)
	if root {
		fmt.Fprintf(b, ` xmlns="%s" xmlns:cac="%s" xmlns:cbc="%s"`, n.XMLName.Space, nsCAC, nsCBC)
	}
	for _, a := range n.Attrs {
		if a.Name.Space == "xmlns" || a.Name.Local == "xmlns" {
			continue
		}
		b.WriteString(" " + a.Name.Local + `="`)
		_ = xml.EscapeText(b, []byte(a.Value))
		b.WriteString(`"`)
	}
	b.WriteString(">")
	if len(n.Children) == 0 {
		_ = xml.EscapeText(b, []byte(n.Text))
	}
	for _, c := range n.Children {
		c.encode(b, false)
	}
	b.WriteString("</" + name + ">")
}

// stricterThanSchematron are mutations the Go rules catch and the
// Schematron (by design) does not.
var stricterThanSchematron = map[string]string{
	"Dutch seller without legal id": "NL-R-003's context is the CompanyID: without one it does not fire (SI-UBL's BR-NL-1 does)",
}

// The Go rules agree with the real ones: each mutated document of
// rules_test.go, run through the CEN and Peppol Schematron, fails with
// the same rule id (an XSD-sequence mutation: xmllint refuses it).
func TestMutationsAgreeWithSchematron(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("Schematron takes a few seconds")
	}
	art := artefacts(t)
	xmllint := tool(t, "xmllint", "libxml2-utils")
	dir := t.TempDir()
	want := map[string]mutation{}
	for i, m := range mutations {
		d := m.fixture()
		if m.doc != nil {
			m.doc(&d)
		}
		b, err := UBL(d)
		if err != nil {
			t.Fatal(err)
		}
		if m.tree != nil {
			var n node
			if err := xml.NewDecoder(bytes.NewReader(b)).Decode(&n); err != nil {
				t.Fatal(err)
			}
			m.tree(&n)
			var buf bytes.Buffer
			buf.WriteString(xml.Header)
			n.encode(&buf, true)
			b = buf.Bytes()
		}
		name := fmt.Sprintf("m%02d.xml", i)
		path := filepath.Join(dir, name)
		if m.want == ruleSequence {
			// Not for the Schematron, which assumes a schema-valid document.
			path = filepath.Join(t.TempDir(), name)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if m.want == ruleSequence {
			xsd := filepath.Join(art, xsdInvoice)
			if m.fixture().Kind == KindCreditNote {
				xsd = filepath.Join(art, xsdCreditNote)
			}
			if out, err := exec.Command(xmllint, "--noout", "--nonet", "--schema", xsd, path).CombinedOutput(); err == nil {
				t.Errorf("%s: the schema accepts it:\n%s", m.name, out)
			}
			continue
		}
		if m.want == ruleLineNet || stricterThanSchematron[m.name] != "" {
			continue
		}
		want[name] = m
	}
	failed := map[string][]string{}
	for _, x := range []string{"CEN-EN16931-UBL.xslt", "PEPPOL-EN16931-UBL.xslt"} {
		for name, r := range schematron(t, art, x, dir) {
			for _, a := range r.Failed {
				failed[name] = append(failed[name], a.ID)
			}
		}
	}
	for name, m := range want {
		if !slices.Contains(failed[name], m.want) {
			t.Errorf("%s (%s): the Schematron reports %v, not %s", m.name, name, failed[name], m.want)
		}
	}
	t.Logf("%d mutations checked against the Schematron", len(want))
}
