import { useId, useRef, useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import {
  ApiError,
  createWebhook,
  deleteWebhook,
  getDashboard,
  getWebhookDeliveries,
  getWebhooks,
  redeliverWebhook,
  rollWebhookSecret,
  testWebhook,
  updateWebhook,
} from '../../shared/api/client';
import type { Order, WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../../shared/api/types';
import { Deferred, deferred, requestLang } from '../../shared/data/Deferred';
import { describeError, type Problem } from '../../shared/form/errors';
import { Field } from '../../shared/form/Field';
import { FormAlert } from '../../shared/form/FormAlert';
import { useSubmit } from '../../shared/form/useSubmit';
import { formatDateTime } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { Loading, LoadError } from './LoadState';
import { prerendering } from '../../shared/api/firstData';

// Integrations (/dashboard/integrations): the buyer's webhook endpoints (internal/webhooks). Add an
// https endpoint with its events and, optionally, some agents; its signing secret shows once, right
// after. Each endpoint can be switched off and on, sent a test event, given a new secret and deleted,
// and shows its last 100 deliveries (loaded when opened), each of which can be sent again.

const EVENTS: readonly WebhookEvent[] = ['call.ended', 'call.followup'];
/** An event's key in the dictionary (its name has a dot, which a key cannot). */
const EVENT_KEY = { 'call.ended': 'ended', 'call.followup': 'followup' } as const;

interface IntegrationsData {
  endpoints: WebhookEndpoint[];
  /** The buyer's orders that have an agent to limit an endpoint to. */
  orders: Order[];
}

export function loader({ request }: LoaderFunctionArgs) {
  if (prerendering()) return { data: new Promise<IntegrationsData>(() => {}) };
  const { signal } = request;
  const data = Promise.all([getWebhooks(signal), getDashboard(requestLang(request), signal)]).then(([w, d]): IntegrationsData => ({
    endpoints: w.endpoints,
    orders: d.orders.filter((o) => o.status === 'pending' || o.status === 'completed'),
  }));
  return { data: deferred(data) };
}

export function HydrateFallback() {
  const { t } = useLanguage();
  return <Loading title={t('integrations.title')} text={t('integrations.loading')} />;
}

export function Component() {
  const { t } = useLanguage();
  const { data } = useLoaderData<typeof loader>();
  return (
    <Deferred
      resolve={data}
      loading={<Loading title={t('integrations.title')} text={t('integrations.loading')} />}
      failed={(error, retry) => (
        <LoadError title={t('integrations.title')} message={t('integrations.loadError')} error={error} onRetry={retry} />
      )}
    >
      {(d) => <IntegrationsView data={d} />}
    </Deferred>
  );
}

export function IntegrationsView({ data }: { data: IntegrationsData }) {
  const { t } = useLanguage();
  const [endpoints, setEndpoints] = useState(data.endpoints);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [notice, setNotice] = useState('');
  const listHeading = useRef<HTMLHeadingElement>(null);
  const agentName = (id: string) => data.orders.find((o) => o.id === id)?.agent.name ?? id;

  const replace = (e: WebhookEndpoint) => setEndpoints((list) => list.map((x) => (x.id === e.id ? e : x)));
  return (
    <>
      <h1 className="display text-4xl sm:text-5xl">{t('integrations.title')}</h1>
      <p className="mt-4 max-w-3xl text-lg text-ink-soft">{t('integrations.intro')}</p>
      {secret && <SecretPanel url={secret.url} secret={secret.secret} onDone={() => setSecret(null)} />}
      <div className="mt-8 grid grid-cols-1 gap-6">
        <AddForm
          orders={data.orders}
          onAdded={(e, s) => {
            setEndpoints((list) => [...list, e]);
            setSecret({ url: e.url, secret: s });
            setNotice('');
          }}
        />
        <section aria-labelledby="integrations-list" className="panel min-w-0">
          <h2 id="integrations-list" ref={listHeading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
            {t('integrations.list.title')}
          </h2>
          {endpoints.length === 0 ? (
            <p className="mt-4 text-ink-soft">{t('integrations.list.none')}</p>
          ) : (
            <ul className="mt-6 space-y-6">
              {endpoints.map((e) => (
                <EndpointItem
                  key={e.id}
                  endpoint={e}
                  agentName={agentName}
                  onChanged={replace}
                  onSecret={(s) => setSecret({ url: e.url, secret: s })}
                  onDeleted={() => {
                    setEndpoints((list) => list.filter((x) => x.id !== e.id));
                    setNotice(t('integrations.list.deleted'));
                    listHeading.current?.focus();
                  }}
                />
              ))}
            </ul>
          )}
          <p role="status" className={notice ? 'notice notice-ok mt-4' : 'sr-only'}>
            {notice}
          </p>
        </section>
      </div>
      <section aria-labelledby="integrations-help" className="panel mt-6">
        <h2 id="integrations-help" className="text-xl font-bold tracking-tight">
          {t('integrations.help.title')}
        </h2>
        <p className="mt-2 max-w-3xl text-ink-soft">{t('integrations.help.text')}</p>
      </section>
    </>
  );
}

function SecretPanel({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  const { t } = useLanguage();
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby="integrations-secret" className="notice notice-warn mt-6 max-w-3xl">
      <h2 id="integrations-secret" ref={(el) => el?.focus()} tabIndex={-1} className="text-lg font-bold outline-none">
        {t('integrations.secret.title')}
      </h2>
      <p className="mt-1 [overflow-wrap:anywhere]">{url}</p>
      <p className="mt-2">{t('integrations.secret.text')}</p>
      <p className="mt-3">
        <code
          data-testid="webhook-secret"
          className="block rounded-lg border border-amber-300 bg-card px-3 py-2 font-mono text-sm [overflow-wrap:anywhere]"
        >
          {secret}
        </code>
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button
          type="button"
          className="btn btn-ink"
          onClick={() => {
            void navigator.clipboard?.writeText(secret).then(() => setCopied(true));
          }}
        >
          {t('integrations.secret.copy')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t('integrations.secret.done')}
        </button>
      </div>
      <p ref={heading} role="status" className={copied ? 'mt-2 font-semibold' : 'sr-only'}>
        {copied ? t('integrations.secret.copied') : ''}
      </p>
    </section>
  );
}

function AddForm({ orders, onAdded }: { orders: Order[]; onAdded: (e: WebhookEndpoint, secret: string) => void }) {
  const { t } = useLanguage();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['call.ended']);
  const [agents, setAgents] = useState<string[]>([]);
  const [urlError, setUrlError] = useState<Problem | null>(null);
  const [eventsError, setEventsError] = useState<Problem | null>(null);
  const id = useId();
  const { busy, problem, onSubmit } = useSubmit({
    validate: () => {
      setUrlError(null);
      setEventsError(null);
      return true;
    },
    send: async () => {
      const { endpoint, secret } = await createWebhook({ url: url.trim(), events, orderIds: agents });
      setUrl('');
      setAgents([]);
      onAdded(endpoint, secret);
    },
    onError: (p, err) => {
      const field = err instanceof ApiError ? err.field : undefined;
      if (field === 'url') {
        setUrlError(p);
        return null;
      }
      if (field === 'events') {
        setEventsError(p);
        return null;
      }
      return p;
    },
  });
  const toggle = <T,>(list: T[], v: T, on: boolean) => (on ? [...list, v] : list.filter((x) => x !== v));

  return (
    <section aria-labelledby="integrations-add" className="panel min-w-0">
      <h2 id="integrations-add" className="text-2xl font-bold tracking-tight">
        {t('integrations.add.title')}
      </h2>
      <form method="post" onSubmit={onSubmit} className="mt-6 max-w-2xl space-y-5" noValidate>
        <Field
          id={`${id}-url`}
          label={t('integrations.add.url')}
          hint={t('integrations.add.urlHint')}
          type="url"
          inputMode="url"
          name="url"
          placeholder="https://"
          requiredMark
          maxLength={2000}
          autoComplete="off"
          spellCheck={false}
          value={url}
          error={urlError ? t(urlError.key, urlError.vars) : undefined}
          onChange={(e) => {
            setUrl(e.target.value);
            setUrlError(null);
          }}
        />
        <fieldset aria-describedby={eventsError ? `${id}-events-error` : undefined}>
          <legend className="text-sm font-semibold">{t('integrations.add.events')}</legend>
          <div className="mt-2 space-y-3">
            {EVENTS.map((ev) => (
              <label key={ev} className="flex items-start gap-3">
                <input
                  type="checkbox"
                  className="mt-1 size-5 flex-none accent-ink"
                  checked={events.includes(ev)}
                  aria-describedby={`${id}-${ev}-hint`}
                  onChange={(e) => {
                    setEvents(toggle(events, ev, e.target.checked));
                    setEventsError(null);
                  }}
                />
                <span>
                  <span className="font-medium">{t(`integrations.events.${EVENT_KEY[ev]}`)}</span>{' '}
                  <code className="text-sm text-ink-soft">{ev}</code>
                  <span id={`${id}-${ev}-hint`} className="block text-sm text-ink-soft">
                    {t(`integrations.eventHints.${EVENT_KEY[ev]}`)}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {eventsError && (
            <p id={`${id}-events-error`} className="field-error">
              {t(eventsError.key, eventsError.vars)}
            </p>
          )}
        </fieldset>
        {orders.length > 1 && (
          <fieldset aria-describedby={`${id}-agents-hint`}>
            <legend className="text-sm font-semibold">{t('integrations.add.agents')}</legend>
            <p id={`${id}-agents-hint`} className="field-hint">
              {t('integrations.add.agentsHint')}
            </p>
            <div className="mt-2 space-y-2">
              {orders.map((o) => (
                <label key={o.id} className="flex items-center gap-3">
                  <input
                    type="checkbox"
                    className="size-5 flex-none accent-ink"
                    checked={agents.includes(o.id)}
                    onChange={(e) => setAgents(toggle(agents, o.id, e.target.checked))}
                  />
                  <span>
                    {o.agent.name} <span className="text-sm text-ink-soft">#{o.number}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <button type="submit" className="btn btn-ink" disabled={busy} data-busy={busy || undefined}>
          {busy ? t('integrations.add.busy') : t('integrations.add.submit')}
        </button>
        <FormAlert problem={problem} />
      </form>
    </section>
  );
}

interface ItemProps {
  endpoint: WebhookEndpoint;
  agentName: (orderId: string) => string;
  onChanged: (e: WebhookEndpoint) => void;
  onSecret: (secret: string) => void;
  onDeleted: () => void;
}

function EndpointItem({ endpoint: e, agentName, onChanged, onSecret, onDeleted }: ItemProps) {
  const { lang, t } = useLanguage();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState('');
  const [open, setOpen] = useState(false);
  const [reload, setReload] = useState(0);
  const id = useId();

  async function act(f: () => Promise<void>) {
    setBusy(true);
    setProblem(null);
    setDone('');
    try {
      await f();
    } catch (err) {
      setProblem(describeError(err));
    } finally {
      setBusy(false);
    }
  }

  const state = e.enabled ? 'on' : e.disabledReason === 'failing' ? 'failing' : 'off';
  const tone = {
    on: 'border-green-300 bg-green-100 text-green-900',
    off: 'border-stone-300 bg-stone-100 text-stone-800',
    failing: 'border-red-300 bg-red-100 text-red-900',
  }[state];
  return (
    <li className="rounded-2xl border border-line bg-paper p-4 sm:p-5" aria-labelledby={`${id}-url`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={`${id}-url`} className="min-w-0 font-mono text-sm font-semibold [overflow-wrap:anywhere]">
          {e.url}
        </h3>
        <span className={`badge ${tone}`}>{t(`integrations.list.${state}`)}</span>
      </div>
      <p className="mt-2 text-sm">
        {e.events.map((ev) => t(`integrations.events.${EVENT_KEY[ev]}`)).join(' · ')}
        <span className="text-ink-soft">
          {' '}
          — {e.orderIds.length === 0 ? t('integrations.list.allAgents') : e.orderIds.map(agentName).join(', ')}
        </span>
      </p>
      {e.failingSince && e.enabled && (
        <p className="mt-1 text-sm font-medium text-red-800">
          {t('integrations.list.failingSince', { date: formatDateTime(e.failingSince, lang) })}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label={t('integrations.list.actionsFor', { url: e.url })}>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={busy}
          onClick={() =>
            void act(async () => {
              const { endpoint } = await updateWebhook(e.id, { enabled: !e.enabled });
              onChanged(endpoint);
            })
          }
        >
          {e.enabled ? t('integrations.list.switchOff') : t('integrations.list.switchOn')}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={busy}
          onClick={() =>
            void act(async () => {
              await testWebhook(e.id);
              setDone(t('integrations.list.testSent'));
              setOpen(true);
              window.setTimeout(() => setReload((n) => n + 1), 2500);
            })
          }
        >
          {t('integrations.list.test')}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={busy}
          onClick={() => {
            if (!window.confirm(t('integrations.list.rollConfirm'))) return;
            void act(async () => {
              const { endpoint, secret } = await rollWebhookSecret(e.id);
              onChanged(endpoint);
              onSecret(secret);
            });
          }}
        >
          {t('integrations.list.roll')}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={busy}
          onClick={() => {
            if (!window.confirm(t('integrations.list.deleteConfirm', { url: e.url }))) return;
            void act(async () => {
              await deleteWebhook(e.id);
              onDeleted();
            });
          }}
        >
          {t('integrations.list.delete')}
        </button>
      </div>
      <div className="mt-3 empty:hidden">
        <FormAlert problem={problem} />
      </div>
      <p role="status" className={done ? 'notice notice-ok mt-3' : 'sr-only'}>
        {done}
      </p>
      <button
        type="button"
        className="link-button mt-4"
        aria-expanded={open}
        aria-controls={`${id}-deliveries`}
        onClick={() => setOpen(!open)}
      >
        {open ? t('integrations.deliveries.hide') : t('integrations.deliveries.show')}
      </button>
      <div id={`${id}-deliveries`}>{open && <Deliveries endpoint={e} reload={reload} />}</div>
    </li>
  );
}

function Deliveries({ endpoint, reload }: { endpoint: WebhookEndpoint; reload: number }) {
  const { lang, t } = useLanguage();
  const [list, setList] = useState<WebhookDelivery[] | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState('');
  const [loadedFor, setLoadedFor] = useState(-1);
  const id = useId();

  async function load() {
    setProblem(null);
    try {
      const { deliveries } = await getWebhookDeliveries(endpoint.id);
      setList(deliveries);
    } catch (err) {
      setProblem(describeError(err));
    }
  }
  if (loadedFor !== reload) {
    setLoadedFor(reload);
    void load();
  }

  async function redeliver(d: WebhookDelivery) {
    setProblem(null);
    try {
      await redeliverWebhook(endpoint.id, d.id);
      setDone(t('integrations.deliveries.redelivered'));
      window.setTimeout(() => void load(), 2500);
    } catch (err) {
      setProblem(describeError(err));
    }
  }

  return (
    <div className="mt-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h4 id={`${id}-title`} className="font-semibold [overflow-wrap:anywhere]">
          {t('integrations.deliveries.title', { url: endpoint.url })}
        </h4>
        <button type="button" className="btn btn-ghost" onClick={() => void load()}>
          {t('integrations.deliveries.refresh')}
        </button>
      </div>
      {list === null && !problem && <p className="mt-2 text-ink-soft">{t('integrations.deliveries.loading')}</p>}
      {list?.length === 0 && <p className="mt-2 text-ink-soft">{t('integrations.deliveries.none')}</p>}
      {list && list.length > 0 && (
        <div
          className="relative mt-2 overflow-x-auto rounded-xl border border-line"
          role="region"
          aria-labelledby={`${id}-title`}
          tabIndex={0}
        >
          <table className="deliveries-table">
            <caption className="sr-only">{t('integrations.deliveries.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('integrations.deliveries.time')}</th>
                <th scope="col">{t('integrations.deliveries.event')}</th>
                <th scope="col">{t('integrations.deliveries.status')}</th>
                <th scope="col">{t('integrations.deliveries.duration')}</th>
                <th scope="col">{t('integrations.deliveries.attempt')}</th>
                <th scope="col">{t('integrations.deliveries.error')}</th>
                <th scope="col">
                  <span className="sr-only">{t('integrations.deliveries.redeliver')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((d) => {
                const at = formatDateTime(d.at, lang);
                return (
                  <tr key={d.id} data-testid="webhook-delivery">
                    <td className="whitespace-nowrap">{at}</td>
                    <td>
                      <code className="text-sm">{d.event}</code>
                    </td>
                    <td>
                      <span
                        className={`badge ${d.ok ? 'border-green-300 bg-green-100 text-green-900' : 'border-red-300 bg-red-100 text-red-900'}`}
                      >
                        {d.statusCode === 0 ? t('integrations.deliveries.noAnswer') : d.statusCode}
                      </span>
                    </td>
                    <td className="whitespace-nowrap tabular-nums">{t('integrations.deliveries.ms', { ms: d.durationMs })}</td>
                    <td className="tabular-nums">{d.attempt}</td>
                    <td className="max-w-64 text-sm [overflow-wrap:anywhere]">{d.error}</td>
                    <td>
                      <button
                        type="button"
                        className="link-button"
                        aria-label={t('integrations.deliveries.redeliverLabel', { event: d.event, date: at })}
                        onClick={() => void redeliver(d)}
                      >
                        {t('integrations.deliveries.redeliver')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-3 empty:hidden">
        <FormAlert problem={problem} />
      </div>
      <p role="status" className={done ? 'notice notice-ok mt-3' : 'sr-only'}>
        {done}
      </p>
    </div>
  );
}
