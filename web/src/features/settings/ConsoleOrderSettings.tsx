import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { localePath } from '../../shared/paths';
import { describeError, type Problem } from '../../shared/form/errors';
import { FormAlert } from '../../shared/form/FormAlert';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { getConsoleSettings, getConsoleVersions, rollbackSettings, saveConsoleSettings, type StaffView, type Version } from './api';
import { StatusBanner, VersionList } from './parts';
import { SettingsForm } from './SettingsForm';

// On the console's order page (issue 23 §2): the agent's settings as staff see them, with the delivery
// status and its reason, a direct edit (live at once, no approval), and the versions with "roll back to
// this version".

interface Loaded {
  view: StaffView;
  versions: Version[];
}

const load = (orderId: string, signal?: AbortSignal) =>
  Promise.all([getConsoleSettings(orderId, signal), getConsoleVersions(orderId, signal)]).then(([view, versions]) => ({ view, versions }));

export function ConsoleOrderSettings({ orderId }: { orderId: string }) {
  const { lang, t } = useLanguage();
  const [data, setData] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState<Problem | null>(null);
  // A new answer (a save, a rollback) remounts the form with what is live now.
  const [round, setRound] = useState(0);

  useEffect(() => {
    const ctl = new AbortController();
    load(orderId, ctl.signal).then(
      (d) => setData(d),
      (err) => {
        if (!ctl.signal.aborted) setFailed(describeError(err));
      },
    );
    return () => ctl.abort();
  }, [orderId]);

  const refresh = () =>
    load(orderId).then((d) => {
      setData(d);
      setRound((r) => r + 1);
      return d;
    });

  return (
    <section aria-labelledby="order-settings" className="space-y-4 lg:space-y-6">
      <div className="panel">
        <h2 id="order-settings" className="text-2xl font-bold tracking-tight">
          {t('settings.console.title')}
        </h2>
        <p className="mt-2 text-sm text-ink-soft">{t('settings.console.intro')}</p>
        {failed && <FormAlert problem={failed} />}
        {!data && !failed && (
          <p role="status" className="status-line mt-4">
            <span aria-hidden="true" className="pulse-dot" />
            {t('settings.loading')}
          </p>
        )}
        {data && (
          <div className="mt-4">
            <StatusBanner status={data.view.status} reason={data.view.delivery.reason} staff />
            {data.view.pending && (
              <p className="mt-3 text-sm">
                <Link to={localePath(lang, '/console/changes')} className="link-button">
                  {t('settings.console.pending')}
                </Link>
              </p>
            )}
          </div>
        )}
      </div>
      {data && (
        <>
          <SettingsForm
            key={round}
            initial={data.view.settings}
            version={data.view.version}
            transferDisplay={data.view.transferNumberNational}
            staff
            submitLabel="settings.console.submit"
            savedText="settings.console.saved"
            save={async (body) => {
              await saveConsoleSettings(orderId, body);
              const fresh = await refresh();
              return { settings: fresh.view.settings, version: fresh.view.version };
            }}
            reload={() => getConsoleSettings(orderId).then((v) => v.version)}
          />
          <VersionList
            versions={data.versions}
            current={data.view.version}
            action={(v) => <Rollback orderId={orderId} version={v} onDone={refresh} />}
          />
        </>
      )}
    </section>
  );
}

function Rollback({ orderId, version, onDone }: { orderId: string; version: Version; onDone: () => Promise<unknown> }) {
  const { t } = useLanguage();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={busy}
        data-busy={busy || undefined}
        aria-label={t('settings.versions.rollbackLabel', { n: version.number })}
        onClick={async () => {
          setBusy(true);
          setProblem(null);
          try {
            await rollbackSettings(orderId, version.number);
            await onDone();
          } catch (err) {
            setProblem(describeError(err));
          }
          setBusy(false);
        }}
      >
        {busy ? t('settings.versions.rollingBack') : t('settings.versions.rollback')}
      </button>
      <FormAlert problem={problem} />
    </>
  );
}
