import { formatCalendarDate, formatMoney, formatMonth, formatNumber, formatVatRate } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import type { TKey, TVars } from '../../shared/i18n/types';
import type { Lang } from '../../shared/paths';
import { fileUrl, type InvoiceStatus, type InvoiceSummary, type Line, type VatRate, type VatTreatment } from './api';

// What the billing screens share: an invoice's status badge, a statement's or invoice's lines (a table
// that folds into cards on a phone) and totals, and the PDF and UBL downloads.

type T = (key: TKey, vars?: TVars) => string;

// Dark text on a light tint: 7:1 or better in each tone.
const TONES: Record<InvoiceStatus, string> = {
  open: 'border-amber-300 bg-amber-100 text-amber-900',
  paid: 'border-green-300 bg-green-100 text-green-900',
  overdue: 'border-red-700 bg-red-700 text-white',
  // Unpaid, and cancelled in full by credit notes: nothing is due.
  credited: 'border-stone-300 bg-stone-100 text-stone-800',
  credit: 'border-stone-300 bg-stone-100 text-stone-800',
};

/** An invoice's status; one this build does not know is shown as it came. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useLanguage();
  const known = Object.hasOwn(TONES, status);
  return (
    <span className={`badge ${known ? TONES[status] : TONES.credit}`}>
      <span className="sr-only">{t('billing.statusLabel')}: </span>
      {known ? t(`billing.status.${status}`) : status}
    </span>
  );
}

/** The status line under the badge: paid on, due on, overdue since. */
export function statusNote(invoice: Pick<InvoiceSummary, 'status' | 'paidAt' | 'dueOn'>, lang: Lang, t: T): string {
  if (invoice.status === 'paid' && invoice.paidAt) return t('billing.paidOn', { date: formatCalendarDate(invoice.paidAt, lang) });
  if (invoice.status === 'overdue') return t('billing.overdueSince', { date: formatCalendarDate(invoice.dueOn, lang) });
  if (invoice.status === 'open') return t('billing.dueOn', { date: formatCalendarDate(invoice.dueOn, lang) });
  return '';
}

/** A line's quantity as people read it: minutes for usage, days of the month for a monthly fee. */
export function lineQuantity(line: Line, lang: Lang, t: T): string {
  const quantity = Number(line.quantity);
  if (line.unit === 'SEC' && line.baseQuantity === '60')
    return t('billing.lines.minutes', { minutes: formatNumber(quantity / 60, lang, 1) });
  if (line.unit === 'DAY') return t('billing.lines.days', { days: formatNumber(quantity, lang), month: line.baseQuantity });
  return Number.isFinite(quantity) ? formatNumber(quantity, lang, 4) : line.quantity;
}

/** A line's unit price: per minute, per month, or as it is. */
export function lineUnitPrice(line: Line, currency: string, lang: Lang, t: T): string {
  const price = formatMoney(line.unitPriceCents, currency, lang);
  if (line.unit === 'SEC' && line.baseQuantity === '60') return t('billing.lines.perMinute', { price });
  if (line.unit === 'DAY') return t('billing.lines.perMonth', { price });
  return price;
}

/** The lines of a statement or invoice: a table from md up, a card per line below. */
export function LinesTable({ lines, currency, caption }: { lines: readonly Line[]; currency: string; caption: string }) {
  const { lang, t } = useLanguage();
  const label = {
    description: t('billing.lines.description'),
    quantity: t('billing.lines.quantity'),
    unitPrice: t('billing.lines.unitPrice'),
    amount: t('billing.lines.amount'),
    vat: t('billing.lines.vat'),
  };
  return (
    <table role="table" className="fold-table mt-4">
      <caption className="sr-only">{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          <th role="columnheader" scope="col">
            {label.description}
          </th>
          <th role="columnheader" scope="col" className="text-right">
            {label.quantity}
          </th>
          <th role="columnheader" scope="col" className="text-right">
            {label.unitPrice}
          </th>
          <th role="columnheader" scope="col" className="text-right">
            {label.amount}
          </th>
          <th role="columnheader" scope="col" className="text-right">
            {label.vat}
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {lines.map((line, i) => (
          <tr role="row" key={i}>
            <td role="cell" className="lead [overflow-wrap:anywhere]" data-label={label.description}>
              {line.description}
            </td>
            <td role="cell" className="num" data-label={label.quantity}>
              {lineQuantity(line, lang, t)}
            </td>
            <td role="cell" className="num" data-label={label.unitPrice}>
              {lineUnitPrice(line, currency, lang, t)}
            </td>
            <td role="cell" className="num font-semibold" data-label={label.amount}>
              {formatMoney(line.netCents, currency, lang)}
            </td>
            <td role="cell" className="num" data-label={label.vat}>
              <span>
                {formatMoney(line.vatCents, currency, lang)} <span className="text-ink-soft">({formatVatRate(line.vatRateBp, lang)})</span>
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Subtotal excluding VAT, the VAT per rate (or "reverse charged"), and the total. */
export function Totals({
  subtotalCents,
  vat,
  totalCents,
  currency,
  vatTreatment,
}: {
  subtotalCents: number;
  vat: readonly VatRate[];
  totalCents: number;
  currency: string;
  vatTreatment: VatTreatment;
}) {
  const { lang, t } = useLanguage();
  const money = (cents: number) => formatMoney(cents, currency, lang);
  return (
    <dl className="totals mt-4">
      <div>
        <dt>{t('billing.subtotal')}</dt>
        <dd>{money(subtotalCents)}</dd>
      </div>
      {vatTreatment === 'reverse_charge' ? (
        <div>
          <dt>{t('billing.vatReverseCharged')}</dt>
          <dd>{money(0)}</dd>
        </div>
      ) : (
        vat.map((rate) => (
          <div key={rate.rateBp}>
            <dt>{t('billing.vatAt', { rate: formatVatRate(rate.rateBp, lang) })}</dt>
            <dd>{money(rate.vatCents)}</dd>
          </div>
        ))
      )}
      <div className="grand">
        <dt>{t('billing.totalInclVat')}</dt>
        <dd>{money(totalCents)}</dd>
      </div>
    </dl>
  );
}

/** The PDF and UBL downloads of an invoice (plain links: the server sends them as attachments). */
export function Downloads({ invoice }: { invoice: Pick<InvoiceSummary, 'id' | 'number'> }) {
  const { t } = useLanguage();
  return (
    <span className="inline-flex flex-wrap gap-x-4 gap-y-1">
      <a
        href={fileUrl(invoice.id, 'pdf')}
        download
        className="link-button"
        aria-label={t('billing.downloadPdf', { number: invoice.number })}
      >
        {t('billing.pdf')}
      </a>
      <a
        href={fileUrl(invoice.id, 'xml')}
        download
        className="link-button"
        aria-label={t('billing.downloadUbl', { number: invoice.number })}
      >
        {t('billing.ubl')}
      </a>
    </span>
  );
}

/** "October 2026" / "oktober 2026". */
export const periodName = (period: string, lang: Lang) => (/^\d{4}-\d{2}$/.test(period) ? formatMonth(period, lang) : period);

/** Whether an invoice is still to be paid: an invoice (not a credit note) that is open or overdue. */
export const isPayable = (invoice: Pick<InvoiceSummary, 'kind' | 'status'>) =>
  invoice.kind === 'invoice' && (invoice.status === 'open' || invoice.status === 'overdue');

/** The header row of an invoice list: each column's label; `numeric` columns align right. */
export function InvoiceListHead({ columns }: { columns: readonly { label: string; numeric?: boolean }[] }) {
  return (
    <thead role="rowgroup">
      <tr role="row">
        {columns.map((c) => (
          <th key={c.label} role="columnheader" scope="col" className={c.numeric ? 'text-right' : undefined}>
            {c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The cells every invoice list shows for an invoice: its period, issue date, total and status. */
export function InvoiceCells({ invoice: inv }: { invoice: InvoiceSummary }) {
  const { lang, t } = useLanguage();
  const note = statusNote(inv, lang, t);
  return (
    <>
      <td role="cell" data-label={t('billing.period')}>
        {periodName(inv.period, lang)}
      </td>
      <td role="cell" data-label={t('billing.issued')}>
        {formatCalendarDate(inv.issuedOn, lang)}
      </td>
      <td role="cell" className="num font-semibold" data-label={t('billing.totalInclVat')}>
        {formatMoney(inv.totalCents, inv.currency, lang)}
      </td>
      <td role="cell" data-label={t('billing.statusLabel')}>
        <span className="flex flex-col items-end gap-1 md:items-start">
          <InvoiceStatusBadge status={inv.status} />
          {note && <span className="text-xs text-ink-soft">{note}</span>}
        </span>
      </td>
    </>
  );
}
