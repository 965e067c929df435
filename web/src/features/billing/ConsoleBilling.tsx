import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { Deferred, deferred } from '../../shared/data/Deferred';
import { describeError, type Problem } from '../../shared/form/errors';
import { SelectField } from '../../shared/form/Field';
import { FormAlert } from '../../shared/form/FormAlert';
import { amsterdamMonth, formatMoney, previousMonth } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import type { TKey, TVars } from '../../shared/i18n/types';
import { localePath, type Lang } from '../../shared/paths';
import { NotFoundBlock } from '../../shared/ui/NotFoundBlock';
import { Loading, LoadError } from '../dashboard';
import { getOverview, issueInvoice, listInvoices, type Invoice, type InvoiceSummary, type Overview, type Statement } from './api';
import { InvoiceRow } from './InvoiceRow';
import { Downloads, InvoiceListHead, InvoiceStatusBadge, LinesTable, periodName, Totals } from './parts';

// /console/billing: a month's statements per buyer (?period=YYYY-MM, last month by default), each with
// its "Issue invoice" (confirmed first: the number is final), and every issued invoice and credit note
// with its payment, credit note and downloads.

/** The URL's ?period= when it is a month; last month (Amsterdam time) otherwise. */
function periodOf(search: string, now = new Date()): string {
  const raw = new URLSearchParams(search).get('period') ?? '';
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(raw) ? raw : previousMonth(now);
}

/** The month's statements and the issued invoices, side by side; neither awaited (<Deferred>). */
export function loader({ request }: LoaderFunctionArgs) {
  const period = periodOf(new URL(request.url).search);
  return {
    period,
    overview: deferred(getOverview(period, request.signal)),
    invoices: deferred(listInvoices(request.signal).then((a) => a.invoices)),
  };
}

export function HydrateFallback() {
  const { t } = useLanguage();
  return <Loading title={t('billing.console.title')} text={t('billing.console.loading')} />;
}

export function Component() {
  const { t } = useLanguage();
  const { period, overview, invoices } = useLoaderData<typeof loader>();
  const title = t('billing.console.title');
  return (
    <Deferred
      resolve={overview}
      loading={<Loading title={title} text={t('billing.console.loading')} />}
      failed={(error, retry) => <LoadError title={title} message={t('billing.console.loadError')} error={error} onRetry={retry} />}
      notFound={<NoSuchMonth period={period} />}
    >
      {(data) => <BillingView key={data.period} overview={data} invoices={invoices} />}
    </Deferred>
  );
}

/** A ?period= the server refuses (or a server without billing): the way back to last month. */
function NoSuchMonth({ period }: { period: string }) {
  const { lang, t } = useLanguage();
  return (
    <NotFoundBlock
      title={t('billing.console.title')}
      text={t('billing.console.noSuchMonth', { period })}
      back={
        <Link to={localePath(lang, '/console/billing')} className="link-button gap-1.5">
          <span aria-hidden="true">←</span>
          {t('billing.console.lastMonth')}
        </Link>
      }
    />
  );
}

function BillingView({ overview, invoices }: { overview: Overview; invoices: Promise<InvoiceSummary[]> }) {
  const { lang, t } = useLanguage();
  const month = periodName(overview.period, lang);
  // Issued here: the invoices list shows them at once, before its next read.
  const [issued, setIssued] = useState<InvoiceSummary[]>([]);
  return (
    <>
      <h1 className="display text-4xl sm:text-5xl">{t('billing.console.title')}</h1>
      <p className="mt-4 max-w-3xl text-lg text-ink-soft">{t('billing.console.intro')}</p>
      <MonthPicker period={overview.period} />
      {overview.missing.length > 0 && (
        <p role="alert" className="notice notice-warn mt-6 max-w-3xl">
          {t('billing.console.errors.billing_not_configured', { names: overview.missing.join(', ') })}
        </p>
      )}
      <section aria-labelledby="billing-statements" className="mt-10">
        <h2 id="billing-statements" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('billing.console.statements.title', { month })}
        </h2>
        {!overview.closed && <p className="notice notice-warn mt-4 max-w-3xl">{t('billing.console.statements.running', { month })}</p>}
        {overview.statements.length === 0 ? (
          <p className="panel mt-6 text-center text-ink-soft">{t('billing.console.statements.empty', { month })}</p>
        ) : (
          <ul className="mt-6 space-y-6">
            {overview.statements.map((s) => (
              <li key={s.company?.id ?? s.buyer.id}>
                <StatementCard
                  statement={s}
                  overview={overview}
                  onIssued={(invoice) => setIssued((list) => [invoice, ...list.filter((i) => i.id !== invoice.id)])}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <IssuedInvoices invoices={invoices} issued={issued} />
    </>
  );
}

/** The months to choose from: this one and the 23 before it, and the one shown when it is older. */
function monthsUpTo(now: Date, shown: string): string[] {
  const current = amsterdamMonth(now);
  const months = [current];
  while (months.length < 24) {
    const [y, m] = months[months.length - 1].split('-').map(Number);
    months.push(m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`);
  }
  if (!months.includes(shown) && shown < current) months.push(shown);
  return months;
}

function MonthPicker({ period }: { period: string }) {
  const { lang, t } = useLanguage();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [value, setValue] = useState(period);
  const current = amsterdamMonth();
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    navigate(`${pathname}?period=${value}`);
  }
  return (
    <form onSubmit={onSubmit} className="filter-bar mt-8 sm:grid-cols-[minmax(0,20rem)_auto] sm:justify-start">
      <SelectField
        id="billing-period"
        label={t('billing.console.picker.label')}
        hint={t('billing.console.picker.hint')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      >
        {monthsUpTo(new Date(), period).map((m) => (
          <option key={m} value={m}>
            {m === current ? t('billing.console.picker.current', { month: periodName(m, lang) }) : periodName(m, lang)}
          </option>
        ))}
      </SelectField>
      <div className="sm:pb-[1.875rem]">
        <button type="submit" className="btn btn-ink w-full sm:w-auto">
          {t('billing.console.picker.show')}
        </button>
      </div>
    </form>
  );
}

/** Who a statement is for, as staff name them: the company, else the buyer. */
const statementName = (s: Statement) => s.company?.legalName || s.buyer.fullName.trim() || s.buyer.email;

/** What a refused issue says, in words (the 409s name their reason; the rest goes through the form kit). */
function issueProblem(err: unknown, overview: Overview, lang: Lang): Problem {
  const month = periodName(overview.period, lang);
  if (err instanceof ApiError) {
    const vars: TVars = { month };
    switch (err.code) {
      case 'period_open':
      case 'already_invoiced':
      case 'company_missing':
      case 'nothing_to_bill':
        return { code: err.code, key: `billing.console.errors.${err.code}` as TKey, vars };
      case 'billing_not_configured':
        return overview.missing.length > 0
          ? { code: err.code, key: 'billing.console.errors.billing_not_configured', vars: { names: overview.missing.join(', ') } }
          : { code: err.code, key: 'billing.console.errors.billing_not_configured_unnamed' };
    }
  }
  return describeError(err);
}

function StatementCard({ statement: s, overview, onIssued }: { statement: Statement; overview: Overview; onIssued: (i: Invoice) => void }) {
  const { lang, t } = useLanguage();
  const month = periodName(s.period, lang);
  const name = statementName(s);
  const id = `statement-${s.company?.id ?? s.buyer.id}`;
  const [step, setStep] = useState<'idle' | 'confirm' | 'busy'>('idle');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [invoice, setInvoice] = useState<{ id: string; number: string; status: InvoiceSummary['status'] } | null>(s.invoice);
  const [done, setDone] = useState<Invoice | null>(null);
  const issueButton = useRef<HTMLButtonElement>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const outcome = useRef<HTMLParagraphElement>(null);
  // Focus follows the step: the question when it opens, the outcome when it is answered.
  const [focus, setFocus] = useState<'confirm' | 'button' | 'outcome' | null>(null);
  useEffect(() => {
    if (focus === 'confirm') confirmHeading.current?.focus();
    else if (focus === 'button') issueButton.current?.focus();
    else if (focus === 'outcome') outcome.current?.focus();
  }, [focus]);

  async function issue() {
    setStep('busy');
    setProblem(null);
    try {
      const { invoice: made } = await issueInvoice(s.buyer.id, s.period);
      setInvoice({ id: made.id, number: made.number, status: made.status });
      setDone(made);
      onIssued(made);
    } catch (err) {
      setProblem(issueProblem(err, overview, lang));
    }
    setStep('idle');
    setFocus('outcome');
  }

  const email = s.company?.invoiceEmail ?? '';
  const canIssue = overview.closed && !invoice && !s.companyMissing;
  return (
    <article aria-labelledby={`${id}-name`} className="panel min-w-0">
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2">
        <div className="min-w-0">
          <h3 id={`${id}-name`} className="text-xl font-bold tracking-tight [overflow-wrap:anywhere]">
            {name}
          </h3>
          <p className="mt-1 text-sm text-ink-soft [overflow-wrap:anywhere]">
            {t('billing.console.statements.buyer')}: {s.buyer.fullName.trim() || s.buyer.email} · {s.buyer.email}
            {s.company?.vatId && <> · {t('billing.console.statements.vatId', { id: s.company.vatId })}</>}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {s.companyMissing && (
            <span className="badge border-red-300 bg-red-100 text-red-900">{t('billing.console.statements.companyMissing')}</span>
          )}
          {s.vatTreatment === 'reverse_charge' && (
            <span className="badge border-sky-300 bg-sky-100 text-sky-900">{t('billing.vatReverseCharged')}</span>
          )}
          {invoice && <InvoiceStatusBadge status={invoice.status} />}
        </div>
      </div>
      {s.companyMissing && <p className="notice notice-warn mt-4">{t('billing.console.statements.companyMissingText')}</p>}
      <LinesTable lines={s.lines} currency={s.currency} caption={t('billing.lines.caption')} />
      <Totals subtotalCents={s.subtotalCents} vat={s.vat} totalCents={s.totalCents} currency={s.currency} vatTreatment={s.vatTreatment} />
      {s.vatTreatment === 'reverse_charge' && <p className="mt-3 text-sm text-ink-soft">{t('billing.reverseChargeNote')}</p>}

      <div className="mt-6 space-y-4">
        {invoice && !done && (
          <p className="font-semibold">
            {t('billing.console.statements.invoiced', { number: invoice.number })} · <Downloads invoice={invoice} />
          </p>
        )}
        {canIssue && step === 'idle' && (
          <button
            ref={issueButton}
            type="button"
            className="btn btn-signal"
            aria-label={t('billing.console.statements.issueFor', { name, month })}
            onClick={() => {
              setProblem(null);
              setStep('confirm');
              setFocus('confirm');
            }}
          >
            {t('billing.console.statements.issue')}
          </button>
        )}
        {(step === 'confirm' || step === 'busy') && (
          <div role="group" aria-labelledby={`${id}-confirm`} className="rounded-2xl border-2 border-ink bg-paper p-4 sm:p-5">
            <h4 id={`${id}-confirm`} ref={confirmHeading} tabIndex={-1} className="text-lg font-bold outline-none">
              {t('billing.console.confirm.title', { name, month })}
            </h4>
            <p className="mt-2 max-w-2xl text-[0.9375rem]">
              {email ? t('billing.console.confirm.text', { email }) : t('billing.console.confirm.textNoEmail')}
            </p>
            <p className="mt-2 font-semibold tabular-nums">
              {t('billing.totalInclVat')}: {formatMoney(s.totalCents, s.currency, lang)}
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <button
                type="button"
                className="btn btn-signal"
                onClick={issue}
                disabled={step === 'busy'}
                data-busy={step === 'busy' || undefined}
              >
                {step === 'busy' ? t('billing.console.confirm.busy') : t('billing.console.confirm.yes')}
              </button>
              <button
                type="button"
                className="btn btn-ghost"
                disabled={step === 'busy'}
                onClick={() => {
                  setStep('idle');
                  setFocus('button');
                }}
              >
                {t('billing.console.confirm.cancel')}
              </button>
            </div>
          </div>
        )}
        <div ref={outcome} tabIndex={-1} className="outline-none">
          <p role="status" className={done ? 'notice notice-ok' : 'sr-only'}>
            {done &&
              t('billing.console.issued', {
                number: done.number,
                total: formatMoney(done.totalCents, done.currency, lang),
                email: done.buyer.email,
              })}
          </p>
          {done && (
            <p className="mt-2">
              <Downloads invoice={done} />
            </p>
          )}
          <FormAlert problem={problem} />
        </div>
      </div>
    </article>
  );
}

function IssuedInvoices({ invoices, issued }: { invoices: Promise<InvoiceSummary[]>; issued: InvoiceSummary[] }) {
  const { t } = useLanguage();
  return (
    <section aria-labelledby="billing-invoices" className="mt-14">
      <h2 id="billing-invoices" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {t('billing.console.invoices.title')}
      </h2>
      <p className="mt-2 max-w-3xl text-ink-soft">{t('billing.console.invoices.intro')}</p>
      <Deferred
        resolve={invoices}
        loading={
          <p role="status" className="status-line mt-4">
            <span aria-hidden="true" className="pulse-dot" />
            {t('billing.console.loading')}
          </p>
        }
        failed={(error, retry) => (
          <div className="mt-4">
            <LoadError title={t('billing.console.invoices.title')} message={t('billing.console.loadError')} error={error} onRetry={retry} />
          </div>
        )}
      >
        {(list) => <InvoicesTable first={list} issued={issued} />}
      </Deferred>
    </section>
  );
}

/** The issued invoices, with those issued on this page first; each row changes in place (paid, credited). */
function InvoicesTable({ first, issued }: { first: InvoiceSummary[]; issued: InvoiceSummary[] }) {
  const { t } = useLanguage();
  const [changed, setChanged] = useState<Record<string, InvoiceSummary>>({});
  const [made, setMade] = useState<InvoiceSummary[]>([]);
  const seen = new Set<string>();
  const rows = [...made, ...issued, ...first]
    .filter((i) => (seen.has(i.id) ? false : (seen.add(i.id), true)))
    .map((i) => changed[i.id] ?? i);
  if (rows.length === 0) return <p className="panel mt-6 text-center text-ink-soft">{t('billing.console.invoices.empty')}</p>;
  const label = {
    number: t('billing.number'),
    buyer: t('billing.console.invoices.buyer'),
    period: t('billing.period'),
    issued: t('billing.issued'),
    total: t('billing.totalInclVat'),
    status: t('billing.statusLabel'),
    actions: t('billing.console.invoices.actions'),
  };
  return (
    <div className="panel mt-6 min-w-0">
      <table role="table" className="fold-table">
        <caption className="sr-only">{t('billing.console.invoices.table')}</caption>
        <InvoiceListHead
          columns={[
            { label: label.number },
            { label: label.buyer },
            { label: label.period },
            { label: label.issued },
            { label: label.total, numeric: true },
            { label: label.status },
            { label: label.actions },
          ]}
        />
        <tbody role="rowgroup">
          {rows.map((inv) => (
            <InvoiceRow
              key={inv.id}
              invoice={inv}
              label={label}
              onChanged={(next) => setChanged((c) => ({ ...c, [next.id]: next }))}
              onCredited={(note, of) => {
                setMade((list) => [note, ...list]);
                setChanged((c) => ({ ...c, [of.id]: of }));
              }}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
