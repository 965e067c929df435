import { useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { Field } from '../../shared/form/Field';
import { FormAlert } from '../../shared/form/FormAlert';
import { useSubmit } from '../../shared/form/useSubmit';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import {
  getConsoleOrder,
  ORDER_STATUSES,
  setOrderLink,
  setOrderStatus,
  type ConsoleOrder,
  type ConsoleOrderStatus,
  type OrderChange,
} from './api';
import { formatDate, formatMoney, moneyInput, parseMoney } from '../../shared/format';

// An order's forms, on its own page (/console/orders/:id): its status, its Vapi assistant, and its fees
// (monthly fee and per-minute rate). Each sends the version the page shows; a 409 reloads the order and
// says why.

/** Changes one order's status with the version the row shows; a 409 reloads the row and says why. */
export function OrderStatusForm({ order, onChange }: { order: ConsoleOrder; onChange: (o: ConsoleOrder) => void }) {
  const { t } = useLanguage();
  const [status, setStatus] = useState<ConsoleOrderStatus>(order.status);
  const [note, setNote] = useState<'saved' | 'conflict' | null>(null);
  const { busy, problem, onSubmit } = useSubmit({
    send: async () => {
      setNote(null);
      onChange((await setOrderStatus(order.id, { status, version: order.version })).order);
      setNote('saved');
    },
    onError: (p, err) => {
      if (!(err instanceof ApiError) || err.status !== 409) return p;
      // Someone else changed it: show the order as it is now, with their status.
      getConsoleOrder(order.id).then(({ order: now }) => {
        onChange(now);
        setStatus(now.status);
        setNote('conflict');
      }, console.error);
      return null;
    },
  });
  const selectId = `order-status-${order.id}`;
  return (
    <form onSubmit={onSubmit} className="min-w-0 space-y-2">
      <label htmlFor={selectId} className="block text-sm font-semibold">
        {t('console.orders.statusFor', { number: order.number })}
      </label>
      <div className="flex flex-wrap gap-2">
        <select
          id={selectId}
          value={status}
          onChange={(e) => setStatus(e.target.value as ConsoleOrderStatus)}
          className="min-h-11 min-w-0 flex-1 cursor-pointer rounded-xl border-[1.5px] border-ink-soft bg-card px-3 text-base"
        >
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`console.orderStatus.${s}`)}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className="btn btn-ink"
          disabled={busy}
          data-busy={busy || undefined}
          aria-label={t('console.orders.saveFor', { number: order.number })}
        >
          {busy ? t('console.orders.busy') : t('console.orders.save')}
        </button>
      </div>
      <SaveOutcome note={note} saved={t('console.orders.saved')} problem={problem} />
    </form>
  );
}

/**
 * The order's Vapi assistant, sent with the version the page shows. A taken or malformed assistant id
 * shows at its field, a stale version reloads the order and says why.
 */
export function OrderLinkForm({ order, onChange }: { order: ConsoleOrder; onChange: (o: ConsoleOrder) => void }) {
  const { t } = useLanguage();
  const [assistant, setAssistant] = useState(order.assistantId ?? '');
  const [error, setError] = useState<string | undefined>();
  const [note, setNote] = useState<'saved' | 'conflict' | null>(null);
  const { busy, problem, onSubmit } = useSubmit({
    send: async () => {
      setNote(null);
      setError(undefined);
      const { order: saved } = await setOrderLink(order.id, { assistantId: assistant.trim(), version: order.version });
      onChange(saved);
      setAssistant(saved.assistantId ?? '');
      setNote('saved');
    },
    onError: (p, err) => {
      if (!(err instanceof ApiError)) return p;
      if (err.code === 'invalid_assistant' || err.code === 'assistant_taken') {
        setError(t(p.key, p.vars));
        return null;
      }
      if (err.status !== 409) return p;
      // Someone else changed the order: show it as it is now, with their assistant.
      getConsoleOrder(order.id).then(({ order: now }) => {
        onChange(now);
        setAssistant(now.assistantId ?? '');
        setNote('conflict');
      }, console.error);
      return null;
    },
  });
  const id = `order-link-${order.id}`;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="min-w-0 space-y-3"
      aria-label={t('console.orders.saveLinkFor', { number: order.number })}
    >
      <Field
        id={`${id}-assistant`}
        label={t('console.orders.assistantFor', { number: order.number })}
        hint={t('console.orders.assistantHint')}
        error={error}
        value={assistant}
        onChange={(e) => setAssistant(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        placeholder={t('console.orders.noAssistant')}
        className="[&_input]:font-mono [&_input]:text-sm"
      />
      <button
        type="submit"
        className="btn btn-ink"
        disabled={busy}
        data-busy={busy || undefined}
        aria-label={t('console.orders.saveLinkFor', { number: order.number })}
      >
        {busy ? t('console.orders.busy') : t('console.orders.saveLink')}
      </button>
      <SaveOutcome note={note} saved={t('console.orders.linkSaved')} problem={problem} />
    </form>
  );
}

/**
 * The order's fees as staff set them: the monthly fee and the per-minute rate (typed as the page's
 * language writes money, "49,00" / "49.00", sent as cents), beside the setup fee (the order's amount)
 * and the day it went live. Saved with the version the page shows: only what changed; a stale version
 * reloads the order and says why, an amount the server refuses shows at its field.
 */
export function OrderFeesForm({ order, onChange }: { order: ConsoleOrder; onChange: (o: ConsoleOrder) => void }) {
  const { lang, t } = useLanguage();
  const [monthly, setMonthly] = useState(moneyInput(order.monthlyCents, lang));
  const [rate, setRate] = useState(moneyInput(order.perMinuteCents, lang));
  const [errors, setErrors] = useState<{ monthly?: string; rate?: string }>({});
  const [note, setNote] = useState<'saved' | 'conflict' | null>(null);
  const show = (o: ConsoleOrder) => {
    setMonthly(moneyInput(o.monthlyCents, lang));
    setRate(moneyInput(o.perMinuteCents, lang));
  };
  const { busy, problem, onSubmit } = useSubmit({
    validate: () => {
      const next = {
        monthly: parseMoney(monthly, lang) === null ? t('billing.fees.invalid', { example: moneyInput(4_900, lang) }) : undefined,
        rate: parseMoney(rate, lang) === null ? t('billing.fees.invalid', { example: moneyInput(10, lang) }) : undefined,
      };
      setErrors(next);
      return !next.monthly && !next.rate;
    },
    send: async () => {
      setNote(null);
      const monthlyCents = parseMoney(monthly, lang)!;
      const perMinuteCents = parseMoney(rate, lang)!;
      const body: Omit<OrderChange, 'status'> = { version: order.version };
      if (monthlyCents !== order.monthlyCents) body.monthlyCents = monthlyCents;
      if (perMinuteCents !== order.perMinuteCents) body.perMinuteCents = perMinuteCents;
      // Nothing changed: saving says so all the same (the server answers the order as it is).
      if (body.monthlyCents === undefined && body.perMinuteCents === undefined) body.monthlyCents = monthlyCents;
      const { order: saved } = await setOrderLink(order.id, body);
      onChange(saved);
      show(saved);
      setNote('saved');
    },
    onError: (p, err) => {
      if (!(err instanceof ApiError)) return p;
      if (err.code === 'invalid_amount') {
        const message = t(p.key, p.vars);
        setErrors(err.field === 'perMinuteCents' ? { rate: message } : { monthly: message });
        return null;
      }
      if (err.status !== 409) return p;
      // Someone else changed the order: show it as it is now, with their fees.
      getConsoleOrder(order.id).then(({ order: now }) => {
        onChange(now);
        show(now);
        setNote('conflict');
      }, console.error);
      return null;
    },
  });
  const id = `order-fees-${order.id}`;
  return (
    <form onSubmit={onSubmit} noValidate className="min-w-0 space-y-3" aria-label={t('billing.fees.saveFor', { number: order.number })}>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="fact-label">{t('billing.fees.setup')}</dt>
          <dd className="mt-1 font-semibold tabular-nums">{formatMoney(order.amountCents, order.currency, lang)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="fact-label">{t('billing.fees.live')}</dt>
          <dd className="mt-1">
            {order.liveAt ? (
              <time dateTime={order.liveAt}>{formatDate(order.liveAt, lang, 'Europe/Amsterdam')}</time>
            ) : (
              t('billing.fees.notLive')
            )}
            {order.endedAt && (
              <span className="block text-sm text-ink-soft">
                {t('billing.fees.ended', { date: formatDate(order.endedAt, lang, 'Europe/Amsterdam') })}
              </span>
            )}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-ink-soft">{t('billing.fees.setupHint')}</p>
      <Field
        id={`${id}-monthly`}
        label={t('billing.fees.monthlyFor', { number: order.number })}
        hint={t('billing.fees.monthlyHint', { currency: order.currency, example: moneyInput(4_900, lang) })}
        error={errors.monthly}
        value={monthly}
        onChange={(e) => setMonthly(e.target.value)}
        inputMode="decimal"
        autoComplete="off"
      />
      <Field
        id={`${id}-rate`}
        label={t('billing.fees.perMinuteFor', { number: order.number })}
        hint={t('billing.fees.perMinuteHint', { currency: order.currency, example: moneyInput(10, lang) })}
        error={errors.rate}
        value={rate}
        onChange={(e) => setRate(e.target.value)}
        inputMode="decimal"
        autoComplete="off"
      />
      <button
        type="submit"
        className="btn btn-ink"
        disabled={busy}
        data-busy={busy || undefined}
        aria-label={t('billing.fees.saveFor', { number: order.number })}
      >
        {busy ? t('billing.fees.busy') : t('billing.fees.save')}
      </button>
      <SaveOutcome note={note} saved={t('billing.fees.saved')} problem={problem} />
    </form>
  );
}

/** What became of a row's save: saved (announced politely), overtaken by someone else's change, or a problem. */
function SaveOutcome({
  note,
  saved,
  problem,
}: {
  note: 'saved' | 'conflict' | null;
  saved: string;
  problem: Parameters<typeof FormAlert>[0]['problem'];
}) {
  const { t } = useLanguage();
  return (
    <>
      <p role="status" className="text-sm text-ink-soft">
        {note === 'saved' ? saved : ''}
      </p>
      {note === 'conflict' && (
        <p role="alert" className="notice notice-warn">
          {t('console.conflict')}
        </p>
      )}
      <FormAlert problem={problem} />
    </>
  );
}
