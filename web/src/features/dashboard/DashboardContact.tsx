import { useEffect, useRef, useState } from 'react';
import { useLoaderData, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/client';
import type { ContactCalls } from '../../shared/api/types';
import { Deferred, deferred, requestLang } from '../../shared/data/Deferred';
import { messageFor } from '../../shared/form/errors';
import { ConfirmPanel } from './ConfirmPanel';
import { formatDateTime } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { Fact } from '../../shared/ui/Fact';
import { notify } from '../../shared/ui/notify';
import { CallBackLink, CallNotFound, CallRow, eraseContact, exportContact, getContact, OutcomeBadge } from '../calls';
import { callCount, contactsPath } from './contacts';
import { Loading, LoadError } from './LoadState';
import { useMore } from './useMore';

/** The contact and the first page of their calls; not awaited (<Deferred>). */
export function loader({ params, request }: LoaderFunctionArgs) {
  return { contact: deferred(getContact(params.orderId ?? '', params.number ?? '', requestLang(request), null, request.signal)) };
}

/** The first render of a fresh page, before the loader has handed over its promise. */
export function HydrateFallback() {
  const { t } = useLanguage();
  return <Loading text={t('calls.contact.loading')} />;
}

/** /dashboard/agents/:orderId/contacts/:number: one caller and their calls, newest first, each a link to its page. */
export function Component() {
  const { t } = useLanguage();
  const { orderId = '' } = useParams();
  const { contact } = useLoaderData<typeof loader>();
  return (
    <Deferred
      resolve={contact}
      loading={<Loading text={t('calls.contact.loading')} />}
      failed={(error, retry) => <LoadError error={error} onRetry={retry} />}
      notFound={
        <CallNotFound
          back={<BackLink orderId={orderId} />}
          text={t('calls.contact.notFoundText')}
          title={t('calls.contact.notFoundTitle')}
        />
      }
    >
      {(data) => <ContactView key={data.contact.key} orderId={orderId} data={data} />}
    </Deferred>
  );
}

function BackLink({ orderId }: { orderId: string }) {
  const { lang, t } = useLanguage();
  return <CallBackLink to={localePath(lang, contactsPath(orderId))} label={t('calls.contact.back')} />;
}

function ContactView({ orderId, data }: { orderId: string; data: ContactCalls }) {
  const { lang, t } = useLanguage();
  const { contact } = data;
  const pages = useMore(
    data.calls,
    (cursor) => getContact(orderId, contact.key, lang, cursor).then((d) => d.calls),
    (c) => c.id,
  );
  const listRef = useRef<HTMLUListElement>(null);
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
      <h1 className="display mt-6 text-4xl [overflow-wrap:anywhere] sm:text-5xl">
        {contact.name || <span className="font-mono">{contact.numberDisplay}</span>}
      </h1>
      <div className="mt-8 grid gap-4 lg:grid-cols-[3fr_2fr] lg:gap-6">
        {/* The facts and "Call back" first on a phone; beside the calls, on the right, on a wide screen. */}
        <div className="min-w-0 space-y-4">
          <dl className="panel space-y-4">
            <Fact label={t('calls.contact.number')}>
              <span className="font-mono">{contact.numberDisplay}</span>
            </Fact>
            <Fact label={t('calls.contact.calls')}>{callCount(contact.calls, t)}</Fact>
            <Fact label={t('calls.contact.lastCall')}>
              <span className="flex flex-wrap items-center gap-2">
                <time dateTime={contact.lastCall.startedAt}>{formatDateTime(contact.lastCall.startedAt, lang)}</time>
                <OutcomeBadge outcome={contact.lastCall.outcome} />
              </span>
            </Fact>
          </dl>
          {contact.number && (
            <p>
              <a href={`tel:${contact.number}`} className="btn btn-ink w-full sm:w-auto">
                {t('calls.contact.callBack')}
              </a>
            </p>
          )}
          <CallerRequests orderId={orderId} number={contact.key} calls={contact.calls} />
        </div>
        <section aria-labelledby="contact-calls" className="min-w-0 lg:order-first">
          <h2 id="contact-calls" className="text-2xl font-bold tracking-tight">
            {t('calls.contact.callsTitle')} <span className="text-base font-medium text-ink-soft">· {t('calls.list.newestFirst')}</span>
          </h2>
          <ul ref={listRef} className="mt-4 space-y-3">
            {pages.items.map((call) => (
              <CallRow key={call.id} orderId={orderId} call={call} />
            ))}
          </ul>
          {pages.error && (
            <p role="alert" className="notice notice-error mt-4 max-w-2xl">
              {t('calls.list.moreError')} {t(messageFor(pages.error.code))}
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
              {pages.busy ? t('calls.list.loadingMore') : t('calls.list.loadMore')}
            </button>
          )}
        </section>
      </div>
    </>
  );
}

const asApiError = (err: unknown) => (err instanceof ApiError ? err : new ApiError(0, 'unknown', String(err)));

/**
 * The caller's requests under the GDPR: "Export everything about this number" downloads a ZIP (art. 15);
 * "Erase this caller" asks first, in place, what it does (art. 17), then goes back to the contacts.
 */
function CallerRequests({ orderId, number, calls }: { orderId: string; number: string; calls: number }) {
  const { lang, t } = useLanguage();
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<ApiError | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (confirming) titleRef.current?.focus();
  }, [confirming]);

  async function download() {
    setExporting(true);
    setExportError(null);
    try {
      const { file, name } = await exportContact(orderId, number, lang);
      const url = URL.createObjectURL(file);
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      notify('success', t('calls.contact.exported'), t('calls.contact.exportedText'));
    } catch (err) {
      setExportError(asApiError(err));
    } finally {
      setExporting(false);
    }
  }

  function cancel() {
    setConfirming(false);
    setError(null);
    requestAnimationFrame(() => openRef.current?.focus());
  }

  async function erase() {
    setBusy(true);
    setError(null);
    try {
      const done = await eraseContact(orderId, number);
      const text = t('calls.contact.erasedText', { count: done.calls });
      notify('success', t('calls.contact.erased'), done.vapiDeletion ? `${text} ${t('calls.contact.eraseVapi')}` : text);
      void navigate(localePath(lang, contactsPath(orderId)), { replace: true });
    } catch (err) {
      setError(asApiError(err));
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="caller-privacy" className="panel space-y-4">
      <h2 id="caller-privacy" className="text-lg font-bold">
        {t('calls.contact.privacyTitle')}
      </h2>
      <p className="leading-relaxed text-ink-soft">{t('calls.contact.privacyText')}</p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn btn-ghost w-full text-center whitespace-normal sm:w-auto"
          disabled={exporting}
          data-busy={exporting || undefined}
          onClick={() => void download()}
        >
          {exporting ? t('calls.contact.exporting') : t('calls.contact.export')}
        </button>
        {!confirming && (
          <button ref={openRef} type="button" className="btn btn-ghost w-full sm:w-auto" onClick={() => setConfirming(true)}>
            {t('calls.contact.erase')}
          </button>
        )}
      </div>
      {exportError && (
        <p role="alert" className="notice notice-error">
          {t('calls.contact.exportError')} {t(messageFor(exportError.code))}
        </p>
      )}
      {confirming && (
        <ConfirmPanel
          id="erase"
          heading="h3"
          titleRef={titleRef}
          title={t('calls.contact.eraseTitle')}
          text={t('calls.contact.eraseText', { count: calls })}
          error={error && `${t('calls.contact.eraseError')} ${t(messageFor(error.code))}`}
          busy={busy}
          confirm={t('calls.contact.eraseConfirm')}
          confirming={t('calls.contact.erasing')}
          cancel={t('calls.contact.eraseCancel')}
          onConfirm={() => void erase()}
          onCancel={cancel}
        />
      )}
    </section>
  );
}
