import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { describeError, type Problem } from '../../shared/form/errors';
import { Field, TextAreaField } from '../../shared/form/Field';
import { FormAlert } from '../../shared/form/FormAlert';
import { useSubmit } from '../../shared/form/useSubmit';
import { amsterdamToday, formatCalendarDate, formatMoney, moneyInput, parseMoney } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { getInvoice, makeCreditNote, markPaid, type CreditLine, type Invoice, type InvoiceSummary } from './api';
import { Downloads, InvoiceCells, isPayable } from './parts';

// One issued invoice or credit note in the console's list, with what staff can do to it: mark it paid
// (a day, with the invoice's version), make a credit note (all of it, or amounts with a description), and
// download its PDF and UBL. A form opens in a row of its own below the invoice's.

type Labels = Record<'number' | 'buyer' | 'period' | 'issued' | 'total' | 'status' | 'actions', string>;
type Panel = 'paid' | 'credit' | null;

export function InvoiceRow({
  invoice: inv,
  label,
  onChanged,
  onCredited,
}: {
  invoice: InvoiceSummary;
  label: Labels;
  onChanged: (next: InvoiceSummary) => void;
  onCredited: (note: InvoiceSummary, of: InvoiceSummary) => void;
}) {
  const { lang, t } = useLanguage();
  const [panel, setPanel] = useState<Panel>(null);
  // The invoice in full (its version, lines and what was credited), read when a form opens.
  const [detail, setDetail] = useState<Promise<Invoice> | null>(null);
  const [said, setSaid] = useState('');
  const opener = useRef<Record<'paid' | 'credit', HTMLButtonElement | null>>({ paid: null, credit: null });
  const outcome = useRef<HTMLParagraphElement>(null);
  const [focus, setFocus] = useState<'paid' | 'credit' | 'outcome' | null>(null);
  useEffect(() => {
    if (focus === 'outcome') outcome.current?.focus();
    else if (focus) opener.current[focus]?.focus();
  }, [focus]);

  function open(which: 'paid' | 'credit') {
    setSaid('');
    setFocus(null);
    setPanel(which);
    const read = getInvoice(inv.id).then((a) => a.invoice);
    read.catch(() => {});
    setDetail(read);
  }
  function close(back: 'paid' | 'credit') {
    setPanel(null);
    setFocus(back);
  }
  function done(message: string) {
    setPanel(null);
    setSaid(message);
    setFocus('outcome');
  }

  const payable = isPayable(inv);
  const creditable = inv.kind === 'invoice';
  return (
    <>
      <tr role="row" data-overdue={inv.status === 'overdue' || undefined}>
        <td role="cell" className="lead" data-label={label.number}>
          <span className="font-mono font-semibold whitespace-nowrap">{inv.number}</span>
          {inv.kind === 'credit_note' && inv.correctsNumber && (
            <span className="block text-xs text-ink-soft">{t('billing.corrects', { number: inv.correctsNumber })}</span>
          )}
        </td>
        <td role="cell" className="[overflow-wrap:anywhere]" data-label={label.buyer}>
          {inv.buyerName}
        </td>
        <InvoiceCells invoice={inv} />
        <td role="cell" className="full" data-label={label.actions}>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            {payable && (
              <button
                ref={(el) => {
                  opener.current.paid = el;
                }}
                type="button"
                className="link-button"
                aria-expanded={panel === 'paid'}
                aria-label={t('billing.console.invoices.markPaidFor', { number: inv.number })}
                onClick={() => (panel === 'paid' ? close('paid') : open('paid'))}
              >
                {t('billing.console.invoices.markPaid')}
              </button>
            )}
            {creditable && (
              <button
                ref={(el) => {
                  opener.current.credit = el;
                }}
                type="button"
                className="link-button"
                aria-expanded={panel === 'credit'}
                aria-label={t('billing.console.invoices.creditFor', { number: inv.number })}
                onClick={() => (panel === 'credit' ? close('credit') : open('credit'))}
              >
                {t('billing.console.invoices.credit')}
              </button>
            )}
            <Downloads invoice={inv} />
          </div>
          <p
            ref={outcome}
            tabIndex={-1}
            role="status"
            className={said ? 'mt-2 text-sm font-semibold text-green-900 outline-none' : 'sr-only'}
          >
            {said}
          </p>
        </td>
      </tr>
      {panel && detail && (
        <tr role="row" className="sub-row">
          <td role="cell" colSpan={7} className="full">
            {panel === 'paid' ? (
              <PaidForm
                invoice={inv}
                detail={detail}
                onCancel={() => close('paid')}
                onSaved={(next) => {
                  onChanged(next);
                  done(t('billing.console.invoices.savedPaid', { number: next.number, date: formatCalendarDate(next.paidAt ?? '', lang) }));
                }}
              />
            ) : (
              <CreditForm
                invoice={inv}
                detail={detail}
                onCancel={() => close('credit')}
                onMade={(note, of) => {
                  onCredited(note, of);
                  done(
                    t('billing.console.creditNote.made', { number: note.number, total: formatMoney(note.totalCents, note.currency, lang) }),
                  );
                }}
              />
            )}
          </td>
        </tr>
      )}
    </>
  );
}

/** The day an invoice was paid (today by default, never later), saved with the invoice's version. */
function PaidForm({
  invoice: inv,
  detail,
  onCancel,
  onSaved,
}: {
  invoice: InvoiceSummary;
  detail: Promise<Invoice>;
  onCancel: () => void;
  onSaved: (next: Invoice) => void;
}) {
  const { t } = useLanguage();
  const today = amsterdamToday();
  const [date, setDate] = useState(today);
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const { busy, problem, onSubmit } = useSubmit({
    validate: () => {
      const ok = /^\d{4}-\d{2}-\d{2}$/.test(date) && date <= today;
      setError(ok ? undefined : t('billing.console.invoices.paidDateInvalid'));
      return ok;
    },
    send: async () => {
      const { version } = await detail;
      onSaved((await markPaid(inv.id, date, version)).invoice);
    },
    onError: (p, err) => {
      if (err instanceof ApiError && err.code === 'invalid_date') {
        setError(t('billing.console.invoices.paidDateInvalid'));
        return null;
      }
      return p;
    },
  });
  const id = `paid-${inv.id}`;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="rounded-2xl border-2 border-ink bg-paper p-4 sm:p-5"
      aria-label={t('billing.console.invoices.markPaidFor', { number: inv.number })}
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_auto] sm:items-end">
        <Field
          ref={input}
          id={`${id}-date`}
          type="date"
          max={today}
          label={t('billing.console.invoices.paidDateFor', { number: inv.number })}
          hint={t('billing.console.invoices.paidDateHint')}
          error={error}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          requiredMark
        />
        <div className="flex flex-wrap gap-3 sm:pb-[1.875rem]">
          <button
            type="submit"
            className="btn btn-ink"
            disabled={busy}
            data-busy={busy || undefined}
            aria-label={t('billing.console.invoices.savePaidFor', { number: inv.number })}
          >
            {busy ? t('billing.console.invoices.busy') : t('billing.console.invoices.savePaid')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
            {t('billing.console.invoices.cancel')}
          </button>
        </div>
      </div>
      <FormAlert problem={problem} />
    </form>
  );
}

interface DraftLine {
  key: number;
  description: string;
  amount: string;
}

/**
 * A credit note for an invoice: its reason, and either the whole invoice or amounts (each with a
 * description, net, at the invoice's VAT rate). Nothing is sent until every line reads as one.
 */
function CreditForm({
  invoice: inv,
  detail,
  onCancel,
  onMade,
}: {
  invoice: InvoiceSummary;
  detail: Promise<Invoice>;
  onCancel: () => void;
  onMade: (note: Invoice, of: InvoiceSummary) => void;
}) {
  const { lang, t } = useLanguage();
  const [reason, setReason] = useState('');
  const [scope, setScope] = useState<'whole' | 'some'>('whole');
  const [lines, setLines] = useState<DraftLine[]>([{ key: 1, description: '', amount: '' }]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const example = moneyInput(2_500, lang);
  const id = `credit-${inv.id}`;

  const { busy, problem, onSubmit } = useSubmit<Problem>({
    validate: () => {
      const next: Record<string, string> = {};
      if (!reason.trim()) next.reason = t('billing.console.creditNote.reasonRequired');
      if (scope === 'some') {
        lines.forEach((l) => {
          if (!l.description.trim()) next[`d${l.key}`] = t('billing.console.creditNote.lineDescriptionRequired');
          const cents = parseMoney(l.amount, lang);
          if (cents === null || cents <= 0) next[`a${l.key}`] = t('billing.console.creditNote.lineAmountInvalid', { example });
        });
      }
      setErrors(next);
      return Object.keys(next).length === 0;
    },
    send: async () => {
      const credit: CreditLine[] | undefined =
        scope === 'some' ? lines.map((l) => ({ description: l.description.trim(), amountCents: parseMoney(l.amount, lang)! })) : undefined;
      const { invoice: note } = await makeCreditNote(inv.id, reason.trim(), credit);
      // The invoice itself, as it stands now (what was credited may change its status).
      const of = await getInvoice(inv.id).then(
        (a) => a.invoice,
        () => inv,
      );
      onMade(note, of);
    },
    describe: (err) => {
      if (err instanceof ApiError && err.code === 'credit_exceeds_invoice')
        return { code: err.code, key: 'billing.console.errors.credit_exceeds_invoice' };
      if (err instanceof ApiError && err.code === 'credit_note_not_invoice')
        return { code: err.code, key: 'billing.console.errors.credit_note_not_invoice' };
      return describeError(err);
    },
  });

  const total = formatMoney(inv.totalCents, inv.currency, lang);
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="rounded-2xl border-2 border-ink bg-paper p-4 sm:p-5">
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-lg font-bold outline-none">
        {t('billing.console.creditNote.title', { number: inv.number })}
      </h3>
      <p className="mt-1 max-w-2xl text-sm text-ink-soft">{t('billing.console.creditNote.text', { number: inv.number })}</p>
      <CreditedSoFar detail={detail} />
      <div className="mt-4 max-w-2xl space-y-4">
        <TextAreaField
          id={`${id}-reason`}
          label={t('billing.console.creditNote.reason')}
          hint={t('billing.console.creditNote.reasonHint')}
          error={errors.reason}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          requiredMark
          rows={2}
          maxLength={500}
          className="[&_textarea]:min-h-20"
        />
        <fieldset className="field">
          <legend>{t('billing.console.creditNote.scope')}</legend>
          <div className="mt-2 space-y-2">
            <label className="flex min-h-11 cursor-pointer items-center gap-3">
              <input
                type="radio"
                name={`${id}-scope`}
                checked={scope === 'whole'}
                onChange={() => setScope('whole')}
                className="size-5 accent-ink"
              />
              {t('billing.console.creditNote.whole', { total })}
            </label>
            <label className="flex min-h-11 cursor-pointer items-center gap-3">
              <input
                type="radio"
                name={`${id}-scope`}
                checked={scope === 'some'}
                onChange={() => setScope('some')}
                className="size-5 accent-ink"
              />
              {t('billing.console.creditNote.some')}
            </label>
          </div>
        </fieldset>
        {scope === 'some' && (
          <ol className="space-y-4">
            {lines.map((l, i) => {
              const n = i + 1;
              const set = (patch: Partial<DraftLine>) => setLines((all) => all.map((x) => (x.key === l.key ? { ...x, ...patch } : x)));
              return (
                <li key={l.key} className="rounded-xl border border-line bg-card p-3 sm:p-4">
                  <p className="text-sm font-bold">{t('billing.console.creditNote.line', { n })}</p>
                  <div className="mt-2 grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem]">
                    <Field
                      id={`${id}-d${l.key}`}
                      label={t('billing.console.creditNote.lineDescription', { n })}
                      error={errors[`d${l.key}`]}
                      value={l.description}
                      onChange={(e) => set({ description: e.target.value })}
                      maxLength={200}
                    />
                    <Field
                      id={`${id}-a${l.key}`}
                      label={t('billing.console.creditNote.lineAmount', { n })}
                      hint={t('billing.console.creditNote.lineAmountHint', { currency: inv.currency, example })}
                      error={errors[`a${l.key}`]}
                      value={l.amount}
                      onChange={(e) => set({ amount: e.target.value })}
                      inputMode="decimal"
                      autoComplete="off"
                    />
                  </div>
                  {lines.length > 1 && (
                    <button
                      type="button"
                      className="link-button mt-2"
                      onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))}
                    >
                      {t('billing.console.creditNote.removeLine', { n })}
                    </button>
                  )}
                </li>
              );
            })}
            <li>
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => setLines((all) => [...all, { key: Math.max(...all.map((x) => x.key)) + 1, description: '', amount: '' }])}
              >
                {t('billing.console.creditNote.addLine')}
              </button>
            </li>
          </ol>
        )}
      </div>
      <div className="mt-5 flex flex-wrap gap-3">
        <button type="submit" className="btn btn-signal" disabled={busy} data-busy={busy || undefined}>
          {busy ? t('billing.console.creditNote.busy') : t('billing.console.creditNote.submit')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
          {t('billing.console.invoices.cancel')}
        </button>
      </div>
      <div className="mt-3">
        <FormAlert problem={problem} />
      </div>
    </form>
  );
}

/** What earlier credit notes took off this invoice, once its details are in. */
function CreditedSoFar({ detail }: { detail: Promise<Invoice> }) {
  const { lang, t } = useLanguage();
  const [credited, setCredited] = useState<Invoice | null>(null);
  useEffect(() => {
    let live = true;
    detail.then(
      (d) => live && setCredited(d),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [detail]);
  if (!credited || credited.creditedCents === 0) return null;
  return (
    <p className="mt-2 text-sm font-semibold">
      {t('billing.console.creditNote.creditedSoFar', {
        amount: formatMoney(credited.creditedCents, credited.currency, lang),
        numbers: credited.creditNotes.map((c) => c.number).join(', '),
      })}
    </p>
  );
}
