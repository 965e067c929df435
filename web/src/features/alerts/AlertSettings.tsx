import { Suspense, use, useEffect, useId, useState } from 'react';
import { settles } from '../../shared/api/firstData';
import { toApiError } from '../../shared/data/Deferred';
import { describeError, messageFor, type Problem } from '../../shared/form/errors';
import { SelectField } from '../../shared/form/Field';
import { FormAlert } from '../../shared/form/FormAlert';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import type { Lang } from '../../shared/paths';
import {
  ALERT_MODES,
  getAlertSetting,
  getConsoleAlertSetting,
  setAlertDefault,
  setAlertMode,
  type AlertMode,
  type AlertSetting,
} from './api';

// Call alerts (issue 21 §1): which calls of an agent its buyer is emailed about. The buyer chooses per
// agent on the profile page (every agent) and on the agent page (that one); staff set an order's default
// on the console's order page. A choice is saved as soon as it is made, and said so in a live region.

/** One agent's choice: a select that saves on change. */
function ModeSelect({
  setting,
  label,
  hint,
  save,
  onSaved,
}: {
  setting: AlertSetting;
  label: string;
  hint?: string;
  save: (mode: AlertMode) => Promise<AlertSetting>;
  onSaved?: (s: AlertSetting) => void;
}) {
  const { t } = useLanguage();
  const id = useId();
  const [value, setValue] = useState<AlertMode>(setting.effective);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);

  async function change(mode: AlertMode) {
    const before = value;
    setValue(mode);
    setBusy(true);
    setDone('');
    setProblem(null);
    try {
      const next = await save(mode);
      setDone(t('alerts.saved', { mode: t(`alerts.modes.${mode}`) }));
      onSaved?.(next);
    } catch (err) {
      setValue(before);
      setProblem(describeError(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <SelectField
        id={id}
        label={label}
        hint={hint}
        value={value}
        aria-busy={busy || undefined}
        onChange={(e) => void change(e.target.value as AlertMode)}
      >
        {ALERT_MODES.map((m) => (
          <option key={m} value={m}>
            {t(`alerts.modes.${m}`)}
          </option>
        ))}
      </SelectField>
      <div className="mt-2 empty:hidden">
        <FormAlert problem={problem} />
      </div>
      <p role="status" className={done ? 'mt-2 text-sm text-ink-soft' : 'sr-only'}>
        {done}
      </p>
    </div>
  );
}

/** The profile page's section: every agent of the buyer, each with its choice. Nothing without agents. */
export function AlertSettingsSection({ settings }: { settings: AlertSetting[] }) {
  const { lang, t } = useLanguage();
  if (settings.length === 0) return null;
  return (
    <section aria-labelledby="profile-alerts" className="panel lg:col-span-2">
      <h2 id="profile-alerts" className="text-2xl font-bold tracking-tight">
        {t('alerts.title')}
      </h2>
      <p className="mt-2 text-ink-soft">{t('alerts.intro')}</p>
      <p className="mt-1 text-sm text-ink-soft">{t('alerts.hint')}</p>
      <ul className="mt-6 grid gap-6 md:grid-cols-2">
        {settings.map((s) => (
          <li key={s.orderId} className="min-w-0">
            <p className="font-semibold">{s.agentName}</p>
            <p className="mb-2 text-sm text-ink-soft">{t('alerts.order', { number: s.orderNumber })}</p>
            <ModeSelect
              setting={s}
              label={t('alerts.labelFor', { agent: s.agentName })}
              save={(mode) => setAlertMode(s.orderId, mode, lang)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Loads a setting; null while loading. */
function useSetting(load: (signal: AbortSignal) => Promise<AlertSetting>, key: string) {
  const [setting, setSetting] = useState<AlertSetting | null>(null);
  const [failed, setFailed] = useState<Problem | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(setSetting, (err: unknown) => {
      if (!controller.signal.aborted) {
        const e = toApiError(err);
        setFailed({ code: e.code, key: messageFor(e.code) });
      }
    });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names what is loaded
  }, [key]);
  return { setting, failed };
}

/** The agent page's choice as its loader starts it with the page's data: the setting, or why it could not be read. */
export type AgentAlertsOutcome = { setting: AlertSetting } | { failed: true };

/**
 * Starts reading this agent's choice, for the agent page's loader: its outcome, never a failure of the page.
 * Marked as it settles (settles), so that the page's first render, in the browser or drawn by the server
 * (internal/screens), has it at once when the page carried it.
 */
export function agentAlerts(orderId: string, lang: Lang, signal?: AbortSignal): Promise<AgentAlertsOutcome> {
  return settles(
    getAlertSetting(orderId, lang, signal).then(
      (setting): AgentAlertsOutcome => ({ setting }),
      (): AgentAlertsOutcome => ({ failed: true }),
    ),
  );
}

/** The agent page's control: this agent's choice (null: none to show, the agent is not linked). */
export function AgentAlerts({ orderId, outcome }: { orderId: string; outcome: Promise<AgentAlertsOutcome | null> }) {
  return (
    <Suspense fallback={null}>
      <AgentAlertsChoice orderId={orderId} outcome={outcome} />
    </Suspense>
  );
}

function AgentAlertsChoice({ orderId, outcome }: { orderId: string; outcome: Promise<AgentAlertsOutcome | null> }) {
  const { lang, t } = useLanguage();
  const read = use(outcome);
  if (!read) return null;
  // A secondary control: its failure is said quietly, the page stays usable.
  if ('failed' in read) return <p className="text-sm text-ink-soft">{t('alerts.loadError')}</p>;
  return (
    <div className="max-w-md">
      <ModeSelect
        setting={read.setting}
        label={t('alerts.title')}
        hint={t('alerts.hint')}
        save={(mode) => setAlertMode(orderId, mode, lang)}
      />
    </div>
  );
}

/** The console order page's section: the order's default, and what its buyer chose. */
export function ConsoleAlertDefault({ orderId }: { orderId: string }) {
  const { lang, t } = useLanguage();
  const { setting, failed } = useSetting((signal) => getConsoleAlertSetting(orderId, lang, signal), `${orderId}-${lang}`);
  const [current, setCurrent] = useState<AlertSetting | null>(null);
  const shown = current ?? setting;
  return (
    <section aria-labelledby={`alerts-${orderId}`} className="min-w-0">
      <h3 id={`alerts-${orderId}`} className="text-lg font-bold tracking-tight">
        {t('alerts.staffTitle')}
      </h3>
      <p className="mt-1 text-sm text-ink-soft">{t('alerts.staffIntro')}</p>
      {failed ? (
        <p role="alert" className="notice notice-error mt-3">
          {t('alerts.loadError')}
        </p>
      ) : !shown ? (
        <p role="status" className="status-line mt-3">
          <span aria-hidden="true" className="pulse-dot" />
          {t('alerts.loading')}
        </p>
      ) : (
        <div className="mt-3 max-w-md">
          <ModeSelect
            setting={{ ...shown, effective: shown.default }}
            label={t('alerts.staffLabel')}
            save={(mode) => setAlertDefault(orderId, mode, lang)}
            onSaved={setCurrent}
          />
          <p className="mt-2 text-sm text-ink-soft">
            {shown.mode ? t('alerts.staffBuyerChoice', { mode: t(`alerts.modes.${shown.mode}`) }) : t('alerts.staffNoChoice')}
          </p>
        </div>
      )}
    </section>
  );
}
