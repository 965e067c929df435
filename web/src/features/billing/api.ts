import { call } from '../../shared/api/client';

// Billing's API (README "Billing"): the console's statements per month, issuing an invoice, the issued
// invoices with their payment and credit notes (staff only), and the buyer's own invoices with this
// month's usage so far. An invoice's PDF and UBL are plain downloads (/api/invoices/{id}.pdf and .xml:
// the buyer's company's, any for staff). Amounts are integer cents of `currency`; a credit note's are
// negative. Dates are YYYY-MM-DD, periods YYYY-MM (Europe/Amsterdam).

/** One line of a statement, invoice or credit note; net = quantity × unit price / base quantity, VAT per line. */
export interface Line {
  kind: 'setup' | 'monthly' | 'usage' | 'credit';
  orderId: string;
  orderNumber: string;
  description: string;
  /** Decimal: seconds for usage (unit D62), days for a monthly fee (DAY), 1 for a setup fee (C62). */
  quantity: string;
  unit: string;
  /** What the unit price is for: 60 seconds, the month's days, 1. */
  baseQuantity: string;
  unitPriceCents: number;
  netCents: number;
  vatRateBp: number;
  vatCents: number;
}

/** The subtotal at one VAT rate. */
export interface VatRate {
  rateBp: number;
  netCents: number;
  vatCents: number;
}

export interface Company {
  id: string;
  legalName: string;
  country: string;
  vatId: string;
  invoiceEmail: string;
}

export interface InvoiceRef {
  id: string;
  number: string;
  status: InvoiceStatus;
}

export type InvoiceStatus = 'open' | 'paid' | 'overdue' | 'credit';
export type VatTreatment = 'standard' | 'reverse_charge';

/** What one company (or one buyer without company details) is billed for a month. */
export interface Statement {
  buyer: { id: string; email: string; fullName: string; locale: 'en' | 'nl' };
  company: Company | null;
  companyMissing: boolean;
  period: string;
  currency: string;
  vatTreatment: VatTreatment;
  lines: Line[];
  subtotalCents: number;
  vat: VatRate[];
  vatCents: number;
  totalCents: number;
  invoice: InvoiceRef | null;
}

/** GET /api/console/billing?period=: the month's statements. */
export interface Overview {
  period: string;
  /** The month has ended (Amsterdam time): its invoices can be issued. */
  closed: boolean;
  /** The COMPANY_* variables to set before any invoice can be issued. */
  missing: string[];
  statements: Statement[];
}

/** An invoice or credit note in a list. */
export interface InvoiceSummary {
  id: string;
  number: string;
  kind: 'invoice' | 'credit_note';
  status: InvoiceStatus;
  period: string;
  issuedOn: string;
  dueOn: string;
  currency: string;
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  correctsId: string | null;
  correctsNumber: string | null;
  companyId: string;
  buyerName: string;
  paidAt: string | null;
  payUrl?: string;
}

export interface Party {
  name: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  kvk: string;
  vatId: string;
  email: string;
  iban: string;
}

/** One invoice or credit note with its lines and both parties as issued. */
export interface Invoice extends InvoiceSummary {
  locale: 'en' | 'nl';
  vatTreatment: VatTreatment;
  reason: string;
  seller: Party;
  buyer: Party;
  lines: Line[];
  vat: VatRate[];
  creditedCents: number;
  creditNotes: InvoiceSummary[];
  version: number;
}

/** GET /api/invoices: the buyer's invoices and this month's usage so far. */
export interface BuyerInvoices {
  invoices: InvoiceSummary[];
  usageThisMonth: { period: string; seconds: number; minutes: number; amountCents: number; currency: string };
  hasCompany: boolean;
}

/** A line of a partial credit note: the net amount credited (more than 0), at the invoice's VAT rate. */
export interface CreditLine {
  description: string;
  amountCents: number;
}

// Until the billing endpoints are in the contract (schema.ts), they are called through fetch here.
async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  return call(
    async () => {
      const response = await globalThis.fetch(
        new Request(`${globalThis.location?.origin ?? 'http://localhost'}${path}`, {
          method,
          credentials: 'same-origin',
          headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal,
        }),
      );
      const data: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
      return response.ok ? { data, response } : { error: data, response };
    },
    signal,
  ) as Promise<T>;
}

/** The month's statements per buyer (400 for a period that is not a month). */
export const getOverview = (period: string, signal?: AbortSignal) =>
  request<Overview>('GET', `/api/console/billing?period=${encodeURIComponent(period)}`, undefined, signal);

/** Issues the invoice of a buyer's statement for an ended month; 409 with the reason when it cannot be. */
export const issueInvoice = (buyerId: string, period: string) =>
  request<{ invoice: Invoice }>('POST', '/api/console/billing/invoices', { buyerId, period });

/** Every invoice and credit note, newest first. */
export const listInvoices = (signal?: AbortSignal) => request<{ invoices: InvoiceSummary[] }>('GET', '/api/console/invoices', undefined, signal);

/** One invoice with its lines, credit notes and version. */
export const getInvoice = (id: string, signal?: AbortSignal) =>
  request<{ invoice: Invoice }>('GET', `/api/console/invoices/${encodeURIComponent(id)}`, undefined, signal);

/** Marks an invoice paid on a day (YYYY-MM-DD), with the version seen. */
export const markPaid = (id: string, paidAt: string, version: number) =>
  request<{ invoice: Invoice }>('PATCH', `/api/console/invoices/${encodeURIComponent(id)}`, { paidAt, version });

/** A credit note for the whole invoice (no lines) or for the net amounts given. */
export const makeCreditNote = (id: string, reason: string, lines?: CreditLine[]) =>
  request<{ invoice: Invoice }>('POST', `/api/console/invoices/${encodeURIComponent(id)}/credit-note`, lines ? { reason, lines } : { reason });

/** The signed-in buyer's invoices and this month's usage so far. */
export const getMyInvoices = (signal?: AbortSignal) => request<BuyerInvoices>('GET', '/api/invoices', undefined, signal);

/** Where an invoice's PDF or UBL e-invoice downloads from. */
export const fileUrl = (id: string, format: 'pdf' | 'xml') => `/api/invoices/${encodeURIComponent(id)}.${format}`;
