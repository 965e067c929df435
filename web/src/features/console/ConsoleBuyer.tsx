import { useState, type ReactNode } from 'react';
import { Link, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { Deferred, deferred } from '../../shared/data/Deferred';
import { FormAlert } from '../../shared/form/FormAlert';
import { useSubmit } from '../../shared/form/useSubmit';
import { formatDate, formatDateTime, formatMoney } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { getBuyer, resendInvite, type BuyerDetail } from './api';
import { ConsoleError, ConsoleLoading, OrderStatusBadge, personName } from './parts';
import { NotFoundBlock } from '../../shared/ui/NotFoundBlock';

/** The account; not awaited (<Deferred>). */
export function loader({ params, request }: LoaderFunctionArgs) {
  return { buyer: deferred(getBuyer(params.id ?? '', request.signal)) };
}

/** The first render of a fresh page, before the loader has handed over its promise. */
export function HydrateFallback() {
  const { t } = useLanguage();
  return <ConsoleLoading title={t('console.buyers.title')} text={t('console.buyer.loading')} />;
}

/** /console/buyers/:id: one account, its orders, its invitation emails (with "send again") and its last sign-in. */
export function Component() {
  const { id = '' } = useParams();
  return <BuyerScreen key={id} />;
}

function BuyerScreen() {
  const { t } = useLanguage();
  const { buyer } = useLoaderData<typeof loader>();
  const title = t('console.buyers.title');
  return (
    <Deferred
      resolve={buyer}
      loading={<ConsoleLoading title={title} text={t('console.buyer.loading')} />}
      failed={(error, retry) => <ConsoleError title={title} error={error} onRetry={retry} />}
      notFound={<NotFoundBlock back={<BackLink />} title={title} text={t('console.buyer.notFound')} />}
    >
      {(data) => <BuyerView loaded={data.buyer} />}
    </Deferred>
  );
}

function BackLink() {
  const { lang, t } = useLanguage();
  return (
    <Link to={localePath(lang, '/console/buyers')} className="link-button gap-1.5">
      <span aria-hidden="true">←</span>
      {t('console.buyer.back')}
    </Link>
  );
}

function BuyerView({ loaded }: { loaded: BuyerDetail }) {
  const { lang, t } = useLanguage();
  const [buyer, setBuyer] = useState(loaded);
  const name = personName(buyer, t);
  return (
    <>
      <BackLink />
      <h1 className="display mt-6 text-4xl [overflow-wrap:anywhere] sm:text-5xl">{name}</h1>
      <div className="mt-8 grid gap-4 lg:grid-cols-[3fr_2fr] lg:gap-6">
        <div className="min-w-0 space-y-4 lg:space-y-6">
          <section aria-labelledby="buyer-account" className="panel">
            <h2 id="buyer-account" className="text-2xl font-bold tracking-tight">
              {t('console.buyer.account')}
            </h2>
            <dl className="mt-5 grid gap-4 sm:grid-cols-2">
              <Fact label={t('console.buyer.email')}>
                <a href={`mailto:${buyer.email}`} className="underline decoration-1 underline-offset-4">
                  {buyer.email}
                </a>
              </Fact>
              <Fact label={t('console.buyer.status')}>
                <span className={buyer.verified ? 'text-green-900' : 'text-amber-900'}>
                  {buyer.verified ? t('console.buyers.verified') : t('console.buyers.notVerified')}
                </span>
              </Fact>
              <Fact label={t('console.buyer.language')}>{t(`console.language.${buyer.locale}`)}</Fact>
              <Fact label={t('console.buyer.role')}>{t(`console.buyers.roles.${buyer.role}`)}</Fact>
              <Fact label={t('console.buyer.created')}>
                <time dateTime={buyer.createdAt}>{formatDate(buyer.createdAt, lang)}</time>
              </Fact>
              <Fact label={t('console.buyer.lastSignIn')}>
                {buyer.lastSignIn ? (
                  <time dateTime={buyer.lastSignIn}>{formatDateTime(buyer.lastSignIn, lang)}</time>
                ) : (
                  <span className="text-ink-soft">{t('console.buyer.noSignIn')}</span>
                )}
              </Fact>
              {buyer.lastSeen && (
                <Fact label={t('console.buyer.lastSeen')}>
                  <time dateTime={buyer.lastSeen}>{formatDateTime(buyer.lastSeen, lang)}</time>
                </Fact>
              )}
            </dl>
            <p className="mt-4 text-sm text-ink-soft">{t('console.buyer.signInNote')}</p>
          </section>
          <section aria-labelledby="buyer-orders" className="panel">
            <h2 id="buyer-orders" className="text-2xl font-bold tracking-tight">
              {t('console.buyer.orders.title')}
            </h2>
            {buyer.orders.length === 0 ? (
              <p className="mt-4 text-ink-soft">{t('console.buyer.orders.empty')}</p>
            ) : (
              <ul className="mt-4 divide-y divide-line">
                {buyer.orders.map((o) => (
                  <li key={o.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
                    <Link
                      to={localePath(lang, `/console/orders/${encodeURIComponent(o.id)}`)}
                      className="font-mono font-semibold underline decoration-1 underline-offset-4 hover:text-signal-ink"
                    >
                      #{o.number}
                    </Link>
                    <OrderStatusBadge status={o.status} />
                    <span className="text-sm text-ink-soft">
                      {lang === 'nl' ? o.agent.nameNl : o.agent.name} ·{' '}
                      <span className="tabular-nums">{formatMoney(o.amountCents, o.currency, lang)}</span> ·{' '}
                      {t('console.orders.callsShort', { count: o.callsThisMonth })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <div className="min-w-0">
          <Invitations buyer={buyer} onChange={setBuyer} />
        </div>
      </div>
    </>
  );
}

/** The invitation emails, newest first, and "send again" while the account has no password of its own. */
function Invitations({ buyer, onChange }: { buyer: BuyerDetail; onChange: (b: BuyerDetail) => void }) {
  const { lang, t } = useLanguage();
  const [note, setNote] = useState<'resent' | 'active' | null>(null);
  const { busy, problem, onSubmit } = useSubmit({
    send: async () => {
      setNote(null);
      onChange((await resendInvite(buyer.id)).buyer);
      setNote('resent');
    },
    onError: (p, err) => {
      if (err instanceof ApiError && err.code === 'account_active') {
        onChange({ ...buyer, canInvite: false });
        setNote('active');
        return null;
      }
      return p;
    },
  });
  return (
    <section aria-labelledby="buyer-invitations" className="panel">
      <h2 id="buyer-invitations" className="text-2xl font-bold tracking-tight">
        {t('console.buyer.invitations.title')}
      </h2>
      <p className="mt-2 text-sm text-ink-soft">{t('console.buyer.invitations.intro')}</p>
      {buyer.invitations.length === 0 ? (
        <p className="mt-4 text-ink-soft">{t('console.buyer.invitations.empty')}</p>
      ) : (
        <ol className="mt-4 space-y-3">
          {buyer.invitations.map((inv) => (
            <li key={inv.id} className="border-l-2 border-line pl-4">
              <p className="font-semibold">{t(`console.buyer.invitations.states.${inv.state}`)}</p>
              <p className="text-sm text-ink-soft">
                {t('console.buyer.invitations.queued', { date: formatDateTime(inv.createdAt, lang) })}
                {inv.attempts > 1 && ` · ${t('console.buyer.invitations.attempts', { count: inv.attempts })}`}
              </p>
              {inv.lastError && <p className="mt-1 font-mono text-xs [overflow-wrap:anywhere] text-ink-soft">{inv.lastError}</p>}
            </li>
          ))}
        </ol>
      )}
      {buyer.canInvite ? (
        <form onSubmit={onSubmit} className="mt-5">
          <button type="submit" className="btn btn-ink" disabled={busy} data-busy={busy || undefined}>
            {busy ? t('console.buyer.invitations.busy') : t('console.buyer.invitations.resend')}
          </button>
        </form>
      ) : (
        note !== 'active' && <p className="mt-5 text-sm text-ink-soft">{t('console.buyer.invitations.active')}</p>
      )}
      <p role="status" className="mt-3 text-sm">
        {note === 'resent' ? t('console.buyer.invitations.resent', { email: buyer.email }) : ''}
      </p>
      {note === 'active' && (
        <p role="alert" className="notice notice-warn mt-3">
          {t('console.buyer.invitations.active')}
        </p>
      )}
      <FormAlert problem={problem} />
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
