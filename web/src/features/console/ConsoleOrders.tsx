import { useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { Deferred, deferred } from '../../shared/data/Deferred';
import { Field } from '../../shared/form/Field';
import { FormAlert } from '../../shared/form/FormAlert';
import { useSubmit } from '../../shared/form/useSubmit';
import { formatDateTime, formatMoney } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import {
  getConsoleOrder,
  listOrders,
  ORDER_STATUSES,
  setOrderLink,
  setOrderStatus,
  type ConsoleOrder,
  type ConsoleOrderStatus,
  type OrderChange,
  type Page,
} from './api';
import {
  amountText,
  ConsoleError,
  ConsoleLoading,
  FilterBar,
  ListBody,
  OrderStatusBadge,
  parseAmount,
  personName,
  useQuery,
} from './parts';
import { usePages } from './usePages';
import { CallFieldsEditor } from './CallFieldsEditor';

/** The URL's filters. */
function filtersOf(params: URLSearchParams) {
  return { status: params.get('status') ?? '', q: params.get('q') ?? '', buyer: params.get('buyer') ?? '' };
}

/** The first page for the URL's filters; not awaited (<Deferred>). */
export function loader({ request }: LoaderFunctionArgs) {
  return { first: deferred(listOrders(filtersOf(new URL(request.url).searchParams), request.signal)) };
}

/** The first render of a fresh page, before the loader has handed over its promise. */
export function HydrateFallback() {
  const { t } = useLanguage();
  return <ConsoleLoading title={t('console.orders.title')} text={t('console.loading')} />;
}

/** /console/orders: every order, newest first, by status and buyer (?buyer=id, or a search of email and name). */
export function Component() {
  const { t } = useLanguage();
  const { first } = useLoaderData<typeof loader>();
  const title = t('console.orders.title');
  return (
    <Deferred
      resolve={first}
      loading={<ConsoleLoading title={title} text={t('console.loading')} />}
      failed={(error, retry) => <ConsoleError title={title} error={error} onRetry={retry} />}
    >
      {(page) => <Orders first={page} />}
    </Deferred>
  );
}

function Orders({ first }: { first: Page<ConsoleOrder> }) {
  const { lang, t } = useLanguage();
  const [params, setParams] = useQuery();
  const { status, q, buyer } = filtersOf(params);
  const list = usePages(first, (cursor) => listOrders({ status, q, buyer, cursor }));
  const title = t('console.orders.title');
  const buyerName = buyer && list.items[0] ? personName(list.items[0].buyer, t) : buyer;

  function clearBuyer() {
    const next = new URLSearchParams(params);
    next.delete('buyer');
    setParams(next);
  }

  return (
    <>
      <h1 className="display text-4xl sm:text-5xl">{title}</h1>
      {buyer && (
        <p className="mt-6 flex flex-wrap items-center gap-3">
          <span className="badge border-ink bg-paper text-sm text-ink">{t('console.orders.buyerFilter', { name: buyerName })}</span>
          <button type="button" className="link-button" onClick={clearBuyer}>
            {t('console.list.clear')}
          </button>
        </p>
      )}
      <FilterBar
        idPrefix="orders"
        statuses={ORDER_STATUSES.map((s) => [s, t(`console.orderStatus.${s}`)])}
        searchHint={t('console.orders.searchHint')}
      />
      <ListBody
        count={list.items.length}
        filtered={!!(status || q || buyer)}
        next={list.next}
        busy={list.busy}
        problem={list.problem}
        onMore={list.loadMore}
      >
        <ul className="mt-6 space-y-3">
          {list.items.map((order) => (
            <li
              key={order.id}
              className="console-row lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)_minmax(18rem,1.2fr)] lg:items-start lg:gap-6"
            >
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="font-mono text-lg font-semibold">#{order.number}</h2>
                  <OrderStatusBadge status={order.status} />
                </div>
                <p className="mt-1 font-semibold [overflow-wrap:anywhere]">{personName(order.buyer, t)}</p>
                <p className="text-sm text-ink-soft [overflow-wrap:anywhere]">{order.buyer.email}</p>
              </div>
              <dl className="grid grid-cols-2 gap-3 text-sm">
                <div className="min-w-0">
                  <dt className="fact-label">{t('console.orders.agent')}</dt>
                  <dd className="mt-0.5">{lang === 'nl' ? order.agent.nameNl : order.agent.name}</dd>
                </div>
                <div>
                  <dt className="fact-label">{t('console.orders.amount')}</dt>
                  <dd className="mt-0.5 font-semibold tabular-nums">{formatMoney(order.amountCents, order.currency, lang)}</dd>
                </div>
                <div>
                  <dt className="fact-label">{t('console.orders.created')}</dt>
                  <dd className="mt-0.5">
                    <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, lang)}</time>
                  </dd>
                </div>
                {order.quoteId && (
                  <div>
                    <dt className="fact-label">{t('console.orders.fromQuote')}</dt>
                    <dd className="mt-0.5">
                      <Link to={localePath(lang, `/console/quotes/${encodeURIComponent(order.quoteId)}`)} className="link-button">
                        {personName(order.buyer, t)}
                      </Link>
                    </dd>
                  </div>
                )}
              </dl>
              <div className="min-w-0 space-y-6">
                <OrderStatusForm order={order} onChange={list.replace} />
                <OrderLinkForm order={order} onChange={list.replace} />
                <CallFieldsDisclosure orderId={order.id} orderNumber={order.number} />
              </div>
            </li>
          ))}
        </ul>
      </ListBody>
    </>
  );
}

/** Changes one order's status with the version the row shows; a 409 reloads the row and says why. */
function OrderStatusForm({ order, onChange }: { order: ConsoleOrder; onChange: (o: ConsoleOrder) => void }) {
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
function OrderLinkForm({ order, onChange }: { order: ConsoleOrder; onChange: (o: ConsoleOrder) => void }) {
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

/**
 * The order's call data fields behind a disclosure, loaded when opened (a list of orders would otherwise
 * load every order's fields). The order's own page (/console/orders/{id}) can show CallFieldsEditor as it is.
 */
function CallFieldsDisclosure({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const { t } = useLanguage();
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)} className="rounded-2xl border border-line p-4">
      <summary className="cursor-pointer font-semibold">{t('console.callFields.titleFor', { number: orderNumber })}</summary>
      {open && (
        <div className="mt-4">
          <CallFieldsEditor orderId={orderId} showTitle={false} />
        </div>
      )}
    </details>
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
