package billing

import "github.com/belwise/site/internal/invoicedoc"

// Documents writes an issued invoice's PDF and UBL e-invoice.
type Documents interface {
	PDF(d invoicedoc.Document) ([]byte, error)
	UBL(d invoicedoc.Document) ([]byte, error)
}

// invoiceDocs is invoicedoc's writers.
type invoiceDocs struct{}

func (invoiceDocs) PDF(d invoicedoc.Document) ([]byte, error) { return invoicedoc.PDF(d) }
func (invoiceDocs) UBL(d invoicedoc.Document) ([]byte, error) { return invoicedoc.UBL(d) }
