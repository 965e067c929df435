import type { ReactNode } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Deferred, deferred } from '../../shared/data/Deferred';
import { formatCalendarDate, formatMoney, formatNumber } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { NotFoundBlock } from '../../shared/ui/NotFoundBlock';
import { Loading, LoadError } from '../dashboard';
import { getMyInvoices, type BuyerInvoices, type InvoiceSummary } from './api';
import { Downloads, InvoiceCells, InvoiceListHead, isPayable } from './parts';
import { prerendering } from '../../shared/api/firstData';

// /dashboard/invoices: the buyer's invoices and credit notes (their company's), each with its PDF and
// UBL e-invoice and, while open, how to pay it (iDEAL when the agency takes payments online, else a bank
// transfer with the invoice number as reference); this month's usage so far, as the next statement will
// bill it; and, without company details, the way to add them.

/** The buyer's invoices; not awaited (<Deferred>). The prerendered app shell never asks the API. */
export function loader({ request }: LoaderFunctionArgs) {
  if (prerendering()) return { data: new Promise<BuyerInvoices>(() => {}) };
  return { data: deferred(getMyInvoices(request.signal)) };
}

export function HydrateFallback() {
  const { t } = useLanguage();
  return <Loading title={t('billing.dashboard.title')} text={t('billing.dashboard.loading')} />;
}

export function Component() {
  const { lang, t } = useLanguage();
  const { data } = useLoaderData<typeof loader>();
  const title = t('billing.dashboard.title');
  return (
    <Deferred
      resolve={data}
      loading={<Loading title={title} text={t('billing.dashboard.loading')} />}
      failed={(error, retry) => <LoadError title={title} message={t('billing.dashboard.loadError')} error={error} onRetry={retry} />}
      // A server without billing.
      notFound={
        <NotFoundBlock
          title={title}
          text={t('billing.dashboard.list.emptyText')}
          back={
            <Link to={localePath(lang, '/dashboard')} className="link-button gap-1.5">
              <span aria-hidden="true">←</span>
              {t('workspace.sections.overview')}
            </Link>
          }
        />
      }
    >
      {(d) => <InvoicesView data={d} />}
    </Deferred>
  );
}

function InvoicesView({ data }: { data: BuyerInvoices }) {
  const { lang, t } = useLanguage();
  const usage = data.usageThisMonth;
  return (
    <>
      <h1 className="display text-4xl sm:text-5xl">{t('billing.dashboard.title')}</h1>
      <p className="mt-4 max-w-3xl text-lg text-ink-soft">{t('billing.dashboard.intro')}</p>
      {!data.hasCompany && (
        <section aria-labelledby="invoices-company" className="notice notice-warn mt-6 max-w-3xl">
          <h2 id="invoices-company" className="font-bold">
            {t('billing.dashboard.companyMissing.title')}
          </h2>
          <p className="mt-1">{t('billing.dashboard.companyMissing.text')}</p>
          <Link to={localePath(lang, '/dashboard/company')} className="btn btn-ink mt-3">
            {t('billing.dashboard.companyMissing.link')}
          </Link>
        </section>
      )}
      <section aria-labelledby="invoices-usage" className="panel mt-8">
        <h2 id="invoices-usage" className="fact-label">
          {t('billing.dashboard.usage.title')}
        </h2>
        <p className="mt-2 text-xl font-bold tracking-tight [overflow-wrap:anywhere] sm:text-2xl">
          {t('billing.dashboard.usage.text', {
            minutes: formatNumber(usage.minutes, lang, 1),
            amount: formatMoney(usage.amountCents, usage.currency || 'EUR', lang),
          })}
        </p>
        <p className="mt-2 text-sm text-ink-soft">{t('billing.dashboard.usage.note')}</p>
      </section>
      <section aria-labelledby="invoices-list" className="mt-10">
        <h2 id="invoices-list" className="text-2xl font-bold tracking-tight">
          {t('billing.dashboard.list.title')}
        </h2>
        {data.invoices.length === 0 ? (
          <div className="panel mt-6 text-center">
            <h3 className="text-xl font-bold tracking-tight">{t('billing.dashboard.list.empty')}</h3>
            <p className="mx-auto mt-2 max-w-md text-ink-soft">{t('billing.dashboard.list.emptyText')}</p>
          </div>
        ) : (
          <InvoiceTable invoices={data.invoices} />
        )}
      </section>
    </>
  );
}

function InvoiceTable({ invoices }: { invoices: InvoiceSummary[] }) {
  const { t } = useLanguage();
  const label = {
    number: t('billing.number'),
    period: t('billing.period'),
    issued: t('billing.issued'),
    total: t('billing.totalInclVat'),
    status: t('billing.statusLabel'),
    downloads: t('billing.downloads'),
  };
  return (
    <div className="panel mt-6 min-w-0">
      <table role="table" className="fold-table">
        <caption className="sr-only">{t('billing.dashboard.list.caption')}</caption>
        <InvoiceListHead
          columns={[
            { label: label.number },
            { label: label.period },
            { label: label.issued },
            { label: label.total, numeric: true },
            { label: label.status },
            { label: label.downloads },
          ]}
        />
        <tbody role="rowgroup">
          {invoices.map((inv) => {
            const open = isPayable(inv);
            return (
              <InvoiceRows key={inv.id} invoice={inv} open={open}>
                <td role="cell" className="lead" data-label={label.number}>
                  <span className="font-mono font-semibold whitespace-nowrap">{inv.number}</span>
                  <span className="block text-xs text-ink-soft">
                    {inv.kind === 'credit_note' && inv.correctsNumber
                      ? t('billing.corrects', { number: inv.correctsNumber })
                      : t(`billing.kind.${inv.kind}`)}
                  </span>
                </td>
                <InvoiceCells invoice={inv} />
                <td role="cell" data-label={label.downloads}>
                  <Downloads invoice={inv} />
                </td>
              </InvoiceRows>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** An IBAN as it is printed: in groups of four. */
function formatIBAN(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

/** An invoice's row and, while it is to be paid, a row below with how to pay it. */
function InvoiceRows({ invoice: inv, open, children }: { invoice: InvoiceSummary; open: boolean; children: ReactNode }) {
  const { lang, t } = useLanguage();
  const amount = formatMoney(inv.totalCents, inv.currency, lang);
  const date = formatCalendarDate(inv.dueOn, lang);
  return (
    <>
      <tr role="row" data-overdue={inv.status === 'overdue' || undefined}>
        {children}
      </tr>
      {open && (
        <tr role="row" className="sub-row">
          <td role="cell" colSpan={6} className="full">
            {inv.payUrl ? (
              <a href={inv.payUrl} className="btn btn-signal" aria-label={t('billing.dashboard.pay.idealFor', { number: inv.number })}>
                {t('billing.dashboard.pay.ideal')}
              </a>
            ) : (
              <p className="text-sm">
                <span className="font-semibold">{t('billing.dashboard.pay.transfer')}: </span>
                {inv.payTo
                  ? t('billing.dashboard.pay.transferTo', {
                      amount,
                      number: inv.number,
                      date,
                      iban: formatIBAN(inv.payTo.iban),
                      name: inv.payTo.name,
                    })
                  : t('billing.dashboard.pay.transferText', { amount, number: inv.number, date })}
              </p>
            )}
          </td>
        </tr>
      )}
    </>
  );
}
