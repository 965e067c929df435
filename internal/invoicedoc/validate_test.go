package invoicedoc

import (
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The validation artefacts the UBL is checked against, vendored in
// testdata so the tests run offline (testdata/README.md says where each
// comes from and under which licence):
//
//   - ubl-2.1: the OASIS UBL 2.1 schemas (xmllint --schema);
//   - schematron/CEN-EN16931-UBL.xslt and PEPPOL-EN16931-UBL.xslt: the
//     OpenPeppol validation artefacts release 2026.5 (Peppol BIS Billing
//     3.0.21), the CEN EN 16931 rules and the Peppol rules with the Dutch
//     national rules NL-R-001…NL-R-009, compiled to XSLT 2.0 (Saxon-HE);
//   - schematron/si-ubl-2.0.3.13.xslt: SI-UBL 2.0.3.13, the NLCIUS rules
//     (BR-NL-*) and the EN 16931 rules as SimplerInvoicing runs them.
const (
	xsdInvoice    = "testdata/ubl-2.1/maindoc/UBL-Invoice-2.1.xsd"
	xsdCreditNote = "testdata/ubl-2.1/maindoc/UBL-CreditNote-2.1.xsd"
	saxonJar      = "/usr/share/java/Saxon-HE.jar"
)

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
	xmllint := tool(t, "xmllint", "libxml2-utils")
	dir, docs := writeUBL(t)
	for name, d := range docs {
		xsd := xsdInvoice
		if d.Kind == KindCreditNote {
			xsd = xsdCreditNote
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
	if out, err := exec.Command(xmllint, "--noout", "--nonet", "--schema", xsdInvoice, path).CombinedOutput(); err == nil {
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
func schematron(t *testing.T, xslt, dir string) map[string]svrlReport {
	t.Helper()
	java := tool(t, "java", "default-jre-headless")
	if _, err := os.Stat(saxonJar); err != nil {
		t.Fatalf("%s not found: install Debian's libsaxonhe-java", saxonJar)
	}
	out := t.TempDir()
	cmd := exec.Command(java, "-cp", saxonJar, "net.sf.saxon.Transform",
		"-s:"+dir, "-xsl:"+filepath.Join("testdata", "schematron", xslt), "-o:"+out)
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
			reports := schematron(t, x, dir)
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
	checkReports(t, "si-ubl-2.0.3.13.xslt", schematron(t, "si-ubl-2.0.3.13.xslt", dir), docs)
}

// TestValidateFiles validates UBL files made elsewhere (a server's
// download, an e-mail attachment) with the same artefacts:
//
//	INVOICEDOC_VALIDATE=/tmp/2026-0001.xml,/tmp/2026-0002.xml go test ./internal/invoicedoc -run TestValidateFiles -v
//
// Without the variable there is nothing to validate and it skips.
func TestValidateFiles(t *testing.T) {
	list := os.Getenv("INVOICEDOC_VALIDATE")
	if list == "" {
		t.Skip("INVOICEDOC_VALIDATE names no files")
	}
	xmllint := tool(t, "xmllint", "libxml2-utils")
	dir := t.TempDir()
	docs := map[string]Document{}
	for i, path := range strings.Split(list, ",") {
		b, err := os.ReadFile(strings.TrimSpace(path))
		if err != nil {
			t.Fatal(err)
		}
		xsd := xsdInvoice
		if strings.Contains(string(b), nsCreditNote) {
			xsd = xsdCreditNote
		}
		if out, err := exec.Command(xmllint, "--noout", "--nonet", "--schema", xsd, path).CombinedOutput(); err != nil {
			t.Errorf("%s does not validate against %s: %v\n%s", path, filepath.Base(xsd), err, out)
		}
		name := fmt.Sprintf("%02d-%s", i, filepath.Base(path))
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
		docs[name] = Document{}
	}
	for _, x := range []string{"CEN-EN16931-UBL.xslt", "PEPPOL-EN16931-UBL.xslt"} {
		checkReports(t, x, schematron(t, x, dir), docs)
	}
}
