// What an invoice holds, and which rule asks for each field.
//
// "35a(1)(x)" is art. 35a, first paragraph, letter x of the Wet op de
// omzetbelasting 1968 (the Dutch VAT act, after art. 226 of VAT Directive
// 2006/112/EC); "BT-n" / "BG-n" is the business term or group of EN 16931-1
// (the European e-invoice model that Peppol BIS Billing 3.0 and NLCIUS
// restrict). Both the PDF and the UBL carry every field below unless a
// line says otherwise.
//
//	Field (Document)                      Rule                                 UBL element (PDF label nl / en)
//	Issue date (IssuedOn)                 35a(1)(a); BT-2                      cbc:IssueDate ("Factuurdatum" / "Invoice date")
//	Number, gapless per year (Number)     35a(1)(b); BT-1                      cbc:ID ("Factuurnummer" / "Invoice number")
//	Seller's VAT id (Seller.VATID)        35a(1)(c); BT-31                     Supplier PartyTaxScheme/CompanyID ("Btw-id" / "VAT id")
//	Buyer's VAT id (Buyer.VATID)          35a(1)(d) when the VAT is reverse    Customer PartyTaxScheme/CompanyID
//	                                      charged (and printed whenever the
//	                                      buyer has one); BT-48; BR-AE-02
//	Seller's name and address             35a(1)(e); BT-27, BT-35, BT-37,      Supplier PartyLegalEntity/RegistrationName,
//	  (Seller.Name/Street/Postcode/City/  BT-38, BT-40; NL-R-002               PartyName, PostalAddress (top of the PDF)
//	  Country)
//	Buyer's name and address (Buyer.*)    35a(1)(e); BT-44, BT-50, BT-52,      Customer PartyLegalEntity/RegistrationName,
//	                                      BT-53, BT-55; NL-R-004 (Dutch        PartyName, PostalAddress ("Klant" / "Customer")
//	                                      buyer)
//	Quantity and nature of each service   35a(1)(f); BT-129, BT-130, BT-153    InvoiceLine/InvoicedQuantity@unitCode, Item/Name
//	  (Line.Quantity, Unit, Description)                                       ("Aantal", "Omschrijving"; seconds shown as
//	                                                                           minutes, days as "17 dagen" / "17 days")
//	Period of supply (PeriodStart/End)    35a(1)(g) date of supply; BT-73,     cac:InvoicePeriod ("Periode" / "Period")
//	                                      BT-74
//	Unit price excl. VAT                  35a(1)(h); BT-146, BT-149, BT-150    Price/PriceAmount, Price/BaseQuantity@unitCode
//	  (Line.UnitPriceCents, BaseQuantity)                                      ("Prijs": "€ 0,10 per minuut", "€ 99,00 per maand")
//	Line net amount (Line.NetCents)       BT-131; PEPPOL-EN16931-R120          LineExtensionAmount ("Bedrag" / "Amount")
//	Taxable amount per VAT rate           35a(1)(h); BT-116; BR-S-08, BR-AE-08 TaxSubtotal/TaxableAmount ("Btw 21% over € …")
//	  (sum of NetCents per VATRateBP)
//	VAT rate (Line.VATRateBP)             35a(1)(i); BT-119, BT-151, BT-152    TaxCategory/ID S or AE, Percent ("Btw" column)
//	VAT amount per rate and in total      35a(1)(j); BT-117, BT-110;           TaxSubtotal/TaxAmount, TaxTotal/TaxAmount
//	  (Line.VATCents, VATCents)           BR-CO-14, BR-CO-17
//	"btw verlegd" (VATTreatment           35a(1)(m); BT-22, BT-120, BT-121;    cbc:Note "VAT reverse charged / btw verlegd",
//	  reverse_charge)                     BR-AE-*                              TaxExemptionReasonCode VATEX-EU-AE, Reason
//	                                                                           "Reverse charge" (PDF: "Btw verlegd" with
//	                                                                           art. 196 VAT Directive as its ground)
//	Subtotal excl. VAT (SubtotalCents)    BT-106, BT-109; BR-CO-10, BR-CO-13   LegalMonetaryTotal/LineExtensionAmount,
//	                                                                           TaxExclusiveAmount ("Subtotaal excl. btw")
//	Total incl. VAT (TotalCents)          BT-112, BT-115; BR-CO-15             TaxInclusiveAmount, PayableAmount ("Totaal")
//	Currency (Currency)                   BT-5; BR-CL-04                       cbc:DocumentCurrencyCode, @currencyID on every
//	                                                                           amount
//	Seller's KvK number (Seller.KVK)      art. 27 Handelsregisterwet 2007      PartyLegalEntity/CompanyID@schemeID=0106 and
//	                                      (not the VAT act); BT-30, BT-34;     EndpointID@schemeID=0106 ("KvK")
//	                                      NL-R-003
//	Buyer's KvK number (Buyer.KVK,        BT-47, BT-49; NL-R-005               PartyLegalEntity/CompanyID@schemeID=0106 and
//	  Dutch buyer)                                                             EndpointID@0106; another EU buyer is reached
//	                                                                           at its VAT number (EAS 9925 BE, 9930 DE, …)
//	Due date and payment term (DueOn)     not a VAT-act requirement (the       cbc:DueDate, PaymentTerms/Note ("Vervaldatum",
//	                                      agency's terms); BT-9, BT-20         "Betaaltermijn 14 dagen")
//	IBAN, invoice number as payment       not a VAT-act requirement; BT-81     PaymentMeans code 58 (SEPA credit transfer),
//	  reference (Seller.IBAN, Number)     (58), BT-83, BT-84; BR-50, BR-61,    PaymentID, PayeeFinancialAccount/ID (PDF:
//	                                      NL-R-007, NL-R-008                   "o.v.v. factuurnummer 2026-0001")
//	Pay link (PayURL)                     none (convenience)                   PDF only ("Betalen met iDEAL: …")
//	Credit note: the invoice it corrects  art. 219 VAT Directive (a document   CreditNote (type 381) with
//	  (CorrectsNumber, CorrectsIssuedOn)  that amends an invoice and refers    BillingReference/InvoiceDocumentReference/ID
//	                                      to it unambiguously counts as an     and IssueDate ("Correctie op factuur")
//	                                      invoice); BT-25, BT-26; NL-R-001
//	Credit note: reason (Reason)          BT-22 (note)                         cbc:Note ("Reden" / "Reason")
//	Electronic-invoice identifiers        BT-24, BT-23, BT-3, BT-10            CustomizationID (Peppol BIS Billing 3.0),
//	                                      (PEPPOL-EN16931-R001/R003/R004)      ProfileID, InvoiceTypeCode 380 /
//	                                                                           CreditNoteTypeCode 381, BuyerReference (= the
//	                                                                           number)
//
// Credit notes hold negative amounts in the Document (as stored) and print
// them negative; the UBL CreditNote carries them positive (its type says
// credit).

package invoicedoc
