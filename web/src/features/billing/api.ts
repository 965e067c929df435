import { call } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';

// Billing's API (README "Billing"): the console's statements per month, issuing an invoice, the issued
// invoices with their payment and credit notes (staff only), and the buyer's own invoices with this
// month's usage so far. An invoice's PDF and UBL are plain downloads (/api/invoices/{id}.pdf and .xml:
// the buyer's company's, any for staff). Amounts are integer cents of `currency`; a credit note's are
// negative. Dates are YYYY-MM-DD, periods YYYY-MM (Europe/Amsterdam).

type Schemas = components['schemas'];

/** One line of a statement, invoice or credit note; net = quantity × unit price / base quantity, VAT per line. */
export type Line = Schemas['BillingLine'];
/** The subtotal at one VAT rate. */
export type VatRate = Schemas['BillingVATRate'];
export type Company = Schemas['BillingCompany'];
export type InvoiceRef = Schemas['BillingInvoiceRef'];
export type InvoiceStatus = InvoiceRef['status'];
export type VatTreatment = Schemas['BillingStatement']['vatTreatment'];
/** What one company (or one buyer without company details) is billed for a month. */
export type Statement = Schemas['BillingStatement'];
/** GET /api/console/billing?period=: the month's statements; `closed` once the month has ended, `missing` COMPANY_* variables. */
export type Overview = Schemas['BillingOverview'];
/** An invoice or credit note in a list. */
export type InvoiceSummary = Schemas['BillingInvoiceSummary'];
export type Party = Schemas['BillingParty'];
/** One invoice or credit note with its lines, both parties as issued, its credit notes and version. */
export type Invoice = Schemas['BillingInvoice'];
/** GET /api/invoices: the buyer's invoices and this month's usage so far. */
export type BuyerInvoices = Schemas['BillingBuyerInvoices'];
/** A line of a partial credit note: the net amount credited (more than 0), at the invoice's VAT rate. */
export type CreditLine = Schemas['BillingCreditLine'];

/** The month's statements per buyer (400 for a period that is not a month). */
export const getOverview = (period: string, signal?: AbortSignal) =>
  call((api) => api.GET('/api/console/billing', { params: { query: { period } }, signal }), signal);

/** Issues the invoice of a buyer's statement for an ended month; 409 with the reason when it cannot be. */
export const issueInvoice = (buyerId: string, period: string) =>
  call((api) => api.POST('/api/console/billing/invoices', { body: { buyerId, period } }));

/** Every invoice and credit note, newest first. */
export const listInvoices = (signal?: AbortSignal) => call((api) => api.GET('/api/console/invoices', { signal }), signal);

/** One invoice with its lines, credit notes and version. */
export const getInvoice = (id: string, signal?: AbortSignal) =>
  call((api) => api.GET('/api/console/invoices/{id}', { params: { path: { id } }, signal }), signal);

/** Marks an invoice paid on a day (YYYY-MM-DD), with the version seen. */
export const markPaid = (id: string, paidAt: string, version: number) =>
  call((api) => api.PATCH('/api/console/invoices/{id}', { params: { path: { id } }, body: { paidAt, version } }));

/** A credit note for the whole invoice (no lines) or for the net amounts given. */
export const makeCreditNote = (id: string, reason: string, lines?: CreditLine[]) =>
  call((api) =>
    api.POST('/api/console/invoices/{id}/credit-note', { params: { path: { id } }, body: lines ? { reason, lines } : { reason } }),
  );

/** The signed-in buyer's invoices and this month's usage so far. */
export const getMyInvoices = (signal?: AbortSignal) => call((api) => api.GET('/api/invoices', { signal }), signal);

/** Where an invoice's PDF or UBL e-invoice downloads from. */
export const fileUrl = (id: string, format: 'pdf' | 'xml') => `/api/invoices/${encodeURIComponent(id)}.${format}`;
