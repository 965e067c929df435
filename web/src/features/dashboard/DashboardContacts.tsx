import { useEffect, useRef } from 'react';
import { Link, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import type { Contact, ContactPage } from '../../shared/api/types';
import { Deferred, deferred, requestLang } from '../../shared/data/Deferred';
import { messageFor } from '../../shared/form/errors';
import { formatDateTime } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { CallBackLink, getContacts, OutcomeBadge } from '../calls';
import { Loading, LoadError } from './LoadState';
import { useMore } from './useMore';
import { agentPath, callCount, contactPath } from './contacts';
import { NotFoundBlock } from '../../shared/ui/NotFoundBlock';

/** The first page of the order's contacts; not awaited (<Deferred>). */
export function loader({ params, request }: LoaderFunctionArgs) {
  return { contacts: deferred(getContacts(params.orderId ?? '', requestLang(request), null, request.signal)) };
}

/** The first render of a fresh page, before the loader has handed over its promise. */
export function HydrateFallback() {
  const { t } = useLanguage();
  return <Loading text={t('calls.contacts.loading')} />;
}

/** /dashboard/agents/:orderId/contacts: the agent's callers grouped by number, the most recent first. */
export function Component() {
  const { t } = useLanguage();
  const { orderId = '' } = useParams();
  const { contacts } = useLoaderData<typeof loader>();
  return (
    <Deferred
      resolve={contacts}
      loading={<Loading text={t('calls.contacts.loading')} />}
      failed={(error, retry) => <LoadError error={error} onRetry={retry} />}
      notFound={<NotFoundBlock back={<BackLink orderId={orderId} />} title={t('calls.notFoundTitle')} text={t('calls.notFoundText')} />}
    >
      {(page) => <Contacts orderId={orderId} first={page} />}
    </Deferred>
  );
}

function BackLink({ orderId }: { orderId: string }) {
  const { lang, t } = useLanguage();
  return <CallBackLink to={localePath(lang, agentPath(orderId))} label={t('calls.contacts.back')} />;
}

function Contacts({ orderId, first }: { orderId: string; first: ContactPage }) {
  const { lang, t } = useLanguage();
  const pages = useMore(
    first,
    (cursor) => getContacts(orderId, lang, cursor),
    (c) => c.key,
  );
  const listRef = useRef<HTMLUListElement>(null);
  // After "load more", focus moves to the first contact that came in.
  const focusFrom = useRef<number | null>(null);
  const count = pages.items.length;
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || count <= from) return;
    focusFrom.current = null;
    listRef.current?.children[from]?.querySelector('a')?.focus();
  }, [count]);

  return (
    <>
      <BackLink orderId={orderId} />
      <h1 className="display mt-6 text-4xl sm:text-5xl">{t('calls.contacts.title')}</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink-soft">{t('calls.contacts.intro')}</p>
      {count === 0 ? (
        <div className="panel mt-8 text-center">
          <h2 className="text-xl font-bold tracking-tight">{t('calls.contacts.emptyTitle')}</h2>
          <p className="mx-auto mt-2 max-w-md text-ink-soft">{t('calls.contacts.emptyText')}</p>
        </div>
      ) : (
        <ul ref={listRef} className="mt-8 grid gap-3 md:grid-cols-2">
          {pages.items.map((contact) => (
            <ContactRow key={contact.key} orderId={orderId} contact={contact} />
          ))}
        </ul>
      )}
      {pages.error && (
        <p role="alert" className="notice notice-error mt-4 max-w-2xl">
          {t('calls.contacts.moreError')} {t(messageFor(pages.error.code))}
        </p>
      )}
      {pages.hasMore && (
        <button
          type="button"
          className="btn btn-ghost mt-5"
          disabled={pages.busy}
          data-busy={pages.busy || undefined}
          onClick={() => {
            focusFrom.current = count;
            void pages.loadMore();
          }}
        >
          {pages.busy ? t('calls.contacts.loadingMore') : t('calls.contacts.loadMore')}
        </button>
      )}
    </>
  );
}

function ContactRow({ orderId, contact }: { orderId: string; contact: Contact }) {
  const { lang, t } = useLanguage();
  return (
    <li className="rounded-2xl border border-line bg-card p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h2 className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere]">
          <Link
            to={localePath(lang, contactPath(orderId, contact.key))}
            className="underline decoration-1 underline-offset-4 hover:text-signal-ink"
          >
            {contact.name || <span className="font-mono">{contact.numberDisplay}</span>}
          </Link>
        </h2>
        <OutcomeBadge outcome={contact.lastCall.outcome} />
      </div>
      {contact.name && <p className="mt-1 font-mono text-sm">{contact.numberDisplay}</p>}
      <p className="mt-2 text-sm text-ink-soft">
        {callCount(contact.calls, t)} · {t('calls.contacts.lastCall')}{' '}
        <time dateTime={contact.lastCall.startedAt}>{formatDateTime(contact.lastCall.startedAt, lang)}</time>
      </p>
    </li>
  );
}
