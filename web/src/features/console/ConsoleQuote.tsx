import { useState, type ReactNode } from 'react';
import { Link, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { Deferred, deferred, useReload } from '../../shared/data/Deferred';
import { SelectField } from '../../shared/form/Field';
import { FormAlert } from '../../shared/form/FormAlert';
import { useSubmit } from '../../shared/form/useSubmit';
import { formatDateTime } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { getQuote, listAgents, QUOTE_STATUSES, setQuoteStatus, type CatalogueAgent, type QuoteDetail, type QuoteStatus } from './api';
import { ConsoleError, ConsoleLoading, personName, QuoteStatusBadge, quoteStatusLabel } from './parts';
import { QuoteNotes } from './QuoteNotes';
import { QuoteToOrder } from './QuoteToOrder';
import { NotFoundBlock } from '../../shared/ui/NotFoundBlock';

/** The request, and the catalogue for its order form; neither awaited (<Deferred>). */
export function loader({ params, request }: LoaderFunctionArgs) {
  return { quote: deferred(getQuote(params.id ?? '', request.signal)), agents: deferred(listAgents(request.signal)) };
}

/** The first render of a fresh page, before the loader has handed over its promise. */
export function HydrateFallback() {
  const { t } = useLanguage();
  return <ConsoleLoading title={t('console.quotes.title')} text={t('console.quote.loading')} />;
}

/** /console/quotes/:id. A new id is a new page: nothing of the previous request's state carries over. */
export function Component() {
  const { id = '' } = useParams();
  return <QuoteScreen key={id} />;
}

function QuoteScreen() {
  const { t } = useLanguage();
  const { quote: loaded, agents } = useLoaderData<typeof loader>();
  const reloadRoute = useReload();
  // Set when a change met someone else's (409): the request was reloaded, and this says why.
  const [conflict, setConflict] = useState(false);
  // The request as the last change answered it (status, a note, an order), over what was loaded.
  const [fresh, setFresh] = useState<{ base: unknown; quote: QuoteDetail } | null>(null);
  const title = t('console.quotes.title');

  const reload = () => {
    setConflict(true);
    reloadRoute();
  };
  return (
    <Deferred
      resolve={loaded}
      loading={<ConsoleLoading title={title} text={t('console.quote.loading')} />}
      failed={(error, retry) => <ConsoleError title={title} error={error} onRetry={retry} />}
      notFound={<NotFoundBlock back={<BackLink />} title={title} text={t('console.quote.notFound')} />}
    >
      {(base) => {
        const quote = fresh?.base === base ? fresh.quote : base.quote;
        const update = (q: QuoteDetail) => {
          setFresh({ base, quote: q });
          setConflict(false);
        };
        return (
          <>
            <BackLink />
            {conflict && (
              <p role="alert" className="notice notice-warn mt-6">
                {t('console.conflict')}
              </p>
            )}
            <QuoteView quote={quote} agents={agents} onChange={update} onConflict={reload} />
          </>
        );
      }}
    </Deferred>
  );
}

function BackLink() {
  const { lang, t } = useLanguage();
  return (
    <Link to={localePath(lang, '/console')} className="link-button gap-1.5">
      <span aria-hidden="true">←</span>
      {t('console.quote.back')}
    </Link>
  );
}

interface QuoteViewProps {
  quote: QuoteDetail;
  agents: Promise<{ items: CatalogueAgent[] }>;
  onChange: (q: QuoteDetail) => void;
  onConflict: () => void;
}

function QuoteView({ quote, agents, onChange, onConflict }: QuoteViewProps) {
  const { lang, t } = useLanguage();
  const none = <span className="text-ink-soft">{t('console.quote.fields.none')}</span>;
  const name = quote.fullName.trim() || quote.email;
  return (
    <>
      <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-3">
        <h1 className="display text-4xl [overflow-wrap:anywhere] sm:text-5xl">{name}</h1>
        <QuoteStatusBadge status={quote.status} />
      </div>
      <div className="mt-8 grid gap-4 lg:grid-cols-[3fr_2fr] lg:gap-6">
        <div className="min-w-0 space-y-4 lg:space-y-6">
          <section aria-labelledby="quote-details" className="panel">
            <h2 id="quote-details" className="text-2xl font-bold tracking-tight">
              {t('console.quote.details')}
            </h2>
            <dl className="mt-5 grid gap-4 sm:grid-cols-2">
              <Fact label={t('console.quote.fields.email')}>
                <a href={`mailto:${quote.email}`} className="underline decoration-1 underline-offset-4 [overflow-wrap:anywhere]">
                  {quote.email}
                </a>
              </Fact>
              <Fact label={t('console.quote.fields.phone')}>{quote.phone || none}</Fact>
              <Fact label={t('console.quote.fields.company')}>{quote.companyName || none}</Fact>
              <Fact label={t('console.quote.fields.businessType')}>{quote.businessType || none}</Fact>
              <Fact label={t('console.quote.fields.language')}>{t(`console.language.${quote.language}`)}</Fact>
              <Fact label={t('console.quote.fields.locale')}>{t(`console.language.${quote.locale}`)}</Fact>
              <Fact label={t('console.quote.fields.source')}>{t(`console.source.${quote.source}`)}</Fact>
              <Fact label={t('console.quote.fields.received')}>
                <time dateTime={quote.createdAt}>{formatDateTime(quote.createdAt, lang)}</time>
              </Fact>
              <Fact label={t('console.quote.fields.timeZone')}>{quote.timeZone || none}</Fact>
              <Fact label={t('console.quote.fields.account')}>
                {quote.userId ? t('console.quote.fields.hasAccount') : t('console.quote.fields.noAccount')}
              </Fact>
            </dl>
            <h3 className="fact-label mt-6">{t('console.quote.fields.description')}</h3>
            <p className="mt-1 leading-relaxed whitespace-pre-line [overflow-wrap:anywhere]">{quote.description}</p>
          </section>
          <QuoteNotes quote={quote} onChange={onChange} />
        </div>
        <div className="min-w-0 space-y-4 lg:space-y-6">
          <StatusForm quote={quote} onChange={onChange} onConflict={onConflict} />
          <QuoteToOrder quote={quote} agents={agents} onChange={onChange} />
          <History quote={quote} />
        </div>
      </div>
    </>
  );
}

function StatusForm({ quote, onChange, onConflict }: { quote: QuoteDetail; onChange: (q: QuoteDetail) => void; onConflict: () => void }) {
  const { t } = useLanguage();
  const [status, setStatus] = useState<QuoteStatus>(quote.status);
  const [saved, setSaved] = useState(false);
  // The form shows the stored status: whenever the request changes under it (its own save, an order
  // made from it, a reload after a conflict), the choice starts again from what the server has. A
  // choice kept from before would be sent with the new version and silently undo that change.
  const [shown, setShown] = useState({ status: quote.status, version: quote.version });
  if (shown.status !== quote.status || shown.version !== quote.version) {
    setShown({ status: quote.status, version: quote.version });
    setStatus(quote.status);
  }
  const { busy, problem, onSubmit } = useSubmit({
    send: async () => {
      setSaved(false);
      const { quote: next } = await setQuoteStatus(quote.id, { status, version: quote.version });
      onChange(next);
      setSaved(true);
    },
    onError: (p, err) => {
      if (err instanceof ApiError && err.status === 409) {
        onConflict();
        return null;
      }
      return p;
    },
  });
  return (
    <section aria-labelledby="quote-status" className="panel">
      <h2 id="quote-status" className="text-2xl font-bold tracking-tight">
        {t('console.quote.status.title')}
      </h2>
      <form onSubmit={onSubmit} className="mt-5 space-y-4">
        <SelectField
          id="quote-status-select"
          label={t('console.quote.status.label')}
          value={status}
          onChange={(e) => setStatus(e.target.value as QuoteStatus)}
        >
          {QUOTE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`console.quoteStatus.${s}`)}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="btn btn-ink" disabled={busy} data-busy={busy || undefined}>
          {busy ? t('console.quote.status.busy') : t('console.quote.status.save')}
        </button>
        <p role="status" className="text-sm text-ink-soft">
          {saved && !busy ? t('console.quote.status.saved') : ''}
        </p>
        <FormAlert problem={problem} />
      </form>
    </section>
  );
}

function History({ quote }: { quote: QuoteDetail }) {
  const { lang, t } = useLanguage();
  return (
    <section aria-labelledby="quote-history" className="panel">
      <h2 id="quote-history" className="text-2xl font-bold tracking-tight">
        {t('console.quote.history.title')}
      </h2>
      {quote.history.length === 0 ? (
        <p className="mt-4 text-ink-soft">{t('console.quote.history.empty')}</p>
      ) : (
        <ol className="mt-5 space-y-4">
          {quote.history.map((change, i) => {
            const to = quoteStatusLabel(change.to ?? '', t);
            return (
              <li key={i} className="border-l-2 border-line pl-4">
                <p className="font-semibold">
                  {change.from === null
                    ? t('console.quote.history.created', { to })
                    : t('console.quote.history.change', { from: quoteStatusLabel(change.from, t), to })}
                </p>
                <p className="mt-0.5 text-sm text-ink-soft">
                  {/* A visitor's request (or the seed) has no actor: only a staff member's change says who. */}
                  {change.actor && `${t('console.quote.history.by', { name: personName(change.actor, t) })} · `}
                  <time dateTime={change.at}>{formatDateTime(change.at, lang)}</time>
                </p>
              </li>
            );
          })}
        </ol>
      )}
      {quote.orders.length > 0 && (
        <>
          <h3 className="fact-label mt-6">{t('console.quote.orders.title')}</h3>
          <ul className="mt-2 space-y-1">
            {quote.orders.map((o) => (
              <li key={o.id}>
                <Link to={localePath(lang, `/console/orders/${encodeURIComponent(o.id)}`)} className="link-button">
                  {t('console.quote.orders.link', { number: o.number })}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="fact-label">{label}</dt>
      <dd className="mt-1 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
