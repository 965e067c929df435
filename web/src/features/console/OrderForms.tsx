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
import { amountText, parseAmount } from './parts';

// An order's two forms, on its own page (/console/orders/:id): its status, and its Vapi assistant with
// the per-minute rate. Each sends the version the page shows; a 409 reloads the order and says why.

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
 * The order's Vapi assistant and per-minute rate, sent with the version the row shows: only what changed.
 * A taken or malformed assistant id shows at its field, a stale version reloads the row and says why.
 */
export function OrderLinkForm({ order, onChange }: { order: ConsoleOrder; onChange: (o: ConsoleOrder) => void }) {
  const { lang, t } = useLanguage();
  const [assistant, setAssistant] = useState(order.assistantId ?? '');
  const [rate, setRate] = useState(amountText(order.perMinuteCents, lang));
  const [errors, setErrors] = useState<{ assistant?: string; rate?: string }>({});
  const [note, setNote] = useState<'saved' | 'conflict' | null>(null);
  const { busy, problem, onSubmit } = useSubmit({
    validate: () => {
      const cents = parseAmount(rate);
      setErrors(cents === null ? { rate: t('console.orders.rateInvalid') } : {});
      return cents !== null;
    },
    send: async () => {
      setNote(null);
      const assistantId = assistant.trim();
      const perMinuteCents = parseAmount(rate)!;
      const body: Omit<OrderChange, 'status'> = { version: order.version };
      if (assistantId !== (order.assistantId ?? '')) body.assistantId = assistantId;
      if (perMinuteCents !== order.perMinuteCents || body.assistantId === undefined) body.perMinuteCents = perMinuteCents;
      const { order: saved } = await setOrderLink(order.id, body);
      onChange(saved);
      setAssistant(saved.assistantId ?? '');
      setRate(amountText(saved.perMinuteCents, lang));
      setNote('saved');
    },
    onError: (p, err) => {
      if (!(err instanceof ApiError)) return p;
      if (err.code === 'invalid_assistant' || err.code === 'assistant_taken') {
        setErrors({ assistant: t(p.key, p.vars) });
        return null;
      }
      if (err.code === 'invalid_amount') {
        setErrors({ rate: t(p.key, p.vars) });
        return null;
      }
      if (err.status !== 409) return p;
      // Someone else changed the order: show it as it is now, with their assistant and rate.
      getConsoleOrder(order.id).then(({ order: now }) => {
        onChange(now);
        setAssistant(now.assistantId ?? '');
        setRate(amountText(now.perMinuteCents, lang));
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
        error={errors.assistant}
        value={assistant}
        onChange={(e) => setAssistant(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        placeholder={t('console.orders.noAssistant')}
        className="[&_input]:font-mono [&_input]:text-sm"
      />
      <Field
        id={`${id}-rate`}
        label={t('console.orders.rateFor', { number: order.number })}
        hint={t('console.orders.rateHint', { currency: order.currency })}
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
        aria-label={t('console.orders.saveLinkFor', { number: order.number })}
      >
        {busy ? t('console.orders.busy') : t('console.orders.saveLink')}
      </button>
      <SaveOutcome note={note} saved={t('console.orders.linkSaved')} problem={problem} />
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
