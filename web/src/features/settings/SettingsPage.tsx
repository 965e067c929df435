import { useState } from 'react';
import { Link, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { Deferred, deferred } from '../../shared/data/Deferred';
import { formatDateTime } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { NotFoundBlock } from '../../shared/ui/NotFoundBlock';
import { Loading, LoadError } from '../dashboard';
import { getSettings, getVersions, saveSettings, type SettingsView, type Version } from './api';
import { StatusBanner, VersionList } from './parts';
import { SettingsForm } from './SettingsForm';
import { prerendering } from '../../shared/api/firstData';

// /dashboard/agents/:orderId/settings (issue 23 §1): what the buyer's agent says and when it puts a caller
// through. A save is a change request the agency approves; the banner says where the settings are (live,
// waiting for approval, sending, could not be sent), the history lists every approved version. The agent's
// own instructions (the prompt) are the agency's and never shown here.

interface PageData {
  view: SettingsView;
  versions: Version[];
}

export function loader({ params, request }: LoaderFunctionArgs) {
  const orderId = params.orderId ?? '';
  if (prerendering()) return { data: new Promise<PageData>(() => {}) };
  const load = Promise.all([getSettings(orderId, request.signal), getVersions(orderId, request.signal)]).then(([view, versions]) => ({
    view,
    versions,
  }));
  return { data: deferred(load) };
}

export function HydrateFallback() {
  const { t } = useLanguage();
  return <Loading title={t('settings.title')} text={t('settings.loading')} />;
}

export function Component() {
  const { orderId = '' } = useParams();
  return <SettingsScreen key={orderId} orderId={orderId} />;
}

function SettingsScreen({ orderId }: { orderId: string }) {
  const { t } = useLanguage();
  const { data } = useLoaderData<typeof loader>();
  return (
    <Deferred
      resolve={data}
      loading={<Loading title={t('settings.title')} text={t('settings.loading')} />}
      failed={(error, retry) => <LoadError title={t('settings.title')} message={t('settings.loadError')} error={error} onRetry={retry} />}
      notFound={<NotFoundBlock back={<BackLink orderId={orderId} />} title={t('calls.notFoundTitle')} text={t('calls.notFoundText')} />}
    >
      {(d) => <SettingsView orderId={orderId} data={d} />}
    </Deferred>
  );
}

function BackLink({ orderId }: { orderId: string }) {
  const { lang, t } = useLanguage();
  return (
    <Link to={localePath(lang, `/dashboard/agents/${encodeURIComponent(orderId)}`)} className="link-button gap-1.5">
      <span aria-hidden="true">←</span>
      {t('settings.back')}
    </Link>
  );
}

function SettingsView({ orderId, data }: { orderId: string; data: PageData }) {
  const { lang, t } = useLanguage();
  const [view, setView] = useState(data.view);
  const rejected = view.lastDecision?.status === 'rejected' && !view.pending ? view.lastDecision : null;
  return (
    <>
      <BackLink orderId={orderId} />
      <h1 className="display mt-6 text-4xl sm:text-5xl">{t('settings.title')}</h1>
      <p className="mt-4 max-w-3xl text-lg text-ink-soft">{t('settings.intro')}</p>
      <div className="mt-6 max-w-3xl space-y-3">
        <StatusBanner status={view.status} />
        {rejected && (
          <div className="notice notice-warn">
            <p className="font-semibold">
              {t('settings.rejected', { date: rejected.decidedAt ? formatDateTime(rejected.decidedAt, lang) : '' })}
            </p>
            {rejected.note && <p className="mt-1 [overflow-wrap:anywhere]">{rejected.note}</p>}
          </div>
        )}
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0">
          <SettingsForm
            // What the buyer last asked for while it waits; the live settings otherwise.
            initial={view.pending?.settings ?? view.settings}
            version={view.version}
            transferDisplay={view.transferNumberNational}
            submitLabel="settings.submit"
            savedText="settings.sent"
            save={async (body) => {
              await saveSettings(orderId, body);
              // The change waits for the agency: the banner says so, the form keeps what was sent.
              const fresh = await getSettings(orderId).catch(() => null);
              setView((v) => fresh ?? { ...v, status: 'pending' });
              return fresh ? { settings: fresh.pending?.settings, version: fresh.version } : undefined;
            }}
            reload={() => getSettings(orderId).then((v) => v.version)}
          />
        </div>
        <div className="min-w-0">
          <VersionList versions={data.versions} current={view.version} />
        </div>
      </div>
    </>
  );
}
