import type { ReactNode } from 'react';
import { formatDateTime, weekdayName } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import type { TKey } from '../../shared/i18n/types';
import type { SettingsPerson, SettingsStatus, Version } from './api';
import { DAYS, type DiffLine } from './form';

// What the buyer's settings page, the console's order page and /console/changes share: the status
// banner, a diff (field by field, old → new) and the version history.

const STATUS: Record<SettingsStatus, { key: TKey; text: TKey; tone: string }> = {
  live: { key: 'settings.status.live', text: 'settings.status.liveText', tone: 'notice-ok' },
  pending: { key: 'settings.status.pending', text: 'settings.status.pendingText', tone: 'notice-warn' },
  sending: { key: 'settings.status.sending', text: 'settings.status.sendingText', tone: 'notice-warn' },
  failed: { key: 'settings.status.failed', text: 'settings.status.failedText', tone: 'notice-error' },
};

/** "Live", "Waiting for approval", "Sending" or "Could not be sent"; `reason` only for staff. */
export function StatusBanner({ status, reason, staff = false }: { status: SettingsStatus; reason?: string | null; staff?: boolean }) {
  const { t } = useLanguage();
  const s = STATUS[status] ?? STATUS.pending;
  return (
    <div role="status" className={`notice ${s.tone}`} data-status={status}>
      <p className="font-semibold">
        <span className="sr-only">{t('settings.status.label')}: </span>
        {t(s.key)}
      </p>
      <p className="mt-0.5">{t(staff && status === 'failed' ? 'settings.status.failedStaff' : s.text)}</p>
      {staff && status === 'failed' && reason && (
        <p className="mt-1 font-mono text-sm [overflow-wrap:anywhere]">{t('settings.status.reason', { reason })}</p>
      )}
    </div>
  );
}

/** A field's name, for a diff path or a version's changed field: "Greeting in English", "Hours on Monday", "Question 3". */
export function fieldLabel(path: string, t: (key: TKey, vars?: Record<string, string | number>) => string, lang: 'en' | 'nl'): string {
  const [head, sub] = path.split('.');
  const byLang = (en: TKey, nl: TKey, whole: TKey) => t(sub === 'en' ? en : sub === 'nl' ? nl : whole);
  switch (head) {
    case 'greeting':
      return byLang('settings.greeting.en', 'settings.greeting.nl', 'settings.greeting.title');
    case 'hours': {
      const day = DAYS.indexOf(sub as (typeof DAYS)[number]);
      return day >= 0 ? t('settings.diff.hours', { day: weekdayName(day, lang, 'long') }) : t('settings.hours.title');
    }
    case 'timeZone':
      return t('settings.hours.timeZone');
    case 'closedDays':
      return t('settings.closed.title');
    case 'afterHours':
      return byLang('settings.messages.afterHoursEn', 'settings.messages.afterHoursNl', 'settings.messages.afterHours');
    case 'transferNumber':
      return t('settings.messages.transfer');
    case 'qa':
      return sub === undefined ? t('settings.qa.title') : t('settings.diff.qa', { n: Number(sub) + 1 });
    case 'voicemail':
      return byLang('settings.messages.voicemailEn', 'settings.messages.voicemailNl', 'settings.messages.voicemail');
    case 'recordsCalls':
      return t('settings.greeting.recordsCalls');
  }
  return path;
}

/** The changed fields, each with its old and new text. */
export function DiffTable({ lines, caption }: { lines: DiffLine[]; caption: string }) {
  const { lang, t } = useLanguage();
  if (lines.length === 0) return <p className="text-ink-soft">{t('settings.diff.none')}</p>;
  const empty = <span className="text-ink-soft italic">{t('settings.diff.empty')}</span>;
  const oldText = (l: DiffLine) => (l.old ? <del className="decoration-red-700/60">{l.old}</del> : empty);
  const newText = (l: DiffLine) => (l.new ? <ins className="no-underline">{l.new}</ins> : empty);
  // A phone has no room for three columns: there each field is a block with its old text above its new one.
  return (
    <>
      <table className="diff-table w-full border-collapse text-sm max-sm:hidden">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line text-left">
            <th scope="col" className="py-2 pr-3 text-xs font-bold text-ink-soft">
              {t('settings.diff.field')}
            </th>
            <th scope="col" className="px-3 py-2 text-xs font-bold text-ink-soft">
              {t('settings.diff.old')}
            </th>
            <th scope="col" className="py-2 pl-3 text-xs font-bold text-ink-soft">
              {t('settings.diff.new')}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.path} className="border-b border-line align-top last:border-b-0">
              <th scope="row" className="py-2 pr-3 text-left font-semibold">
                {fieldLabel(l.path, t, lang)}
              </th>
              <td className="px-3 py-2 [overflow-wrap:anywhere] whitespace-pre-line">{oldText(l)}</td>
              <td className="py-2 pl-3 [overflow-wrap:anywhere] whitespace-pre-line">{newText(l)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="space-y-4 text-sm sm:hidden">
        {lines.map((l) => (
          <div key={l.path} className="border-b border-line pb-3 last:border-b-0">
            <dt className="font-semibold">{fieldLabel(l.path, t, lang)}</dt>
            <dd className="mt-2">
              <span className="block text-xs font-bold text-ink-soft">{t('settings.diff.old')}</span>
              <span className="block [overflow-wrap:anywhere] whitespace-pre-line">{oldText(l)}</span>
            </dd>
            <dd className="mt-2">
              <span className="block text-xs font-bold text-ink-soft">{t('settings.diff.new')}</span>
              <span className="block [overflow-wrap:anywhere] whitespace-pre-line">{newText(l)}</span>
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

const who = (p: SettingsPerson | null | undefined, t: (key: TKey) => string) =>
  p ? p.name || p.email || '' : t('settings.versions.system');

const SOURCES: Record<Version['source'], TKey> = {
  approved: 'settings.versions.source.approved',
  staff: 'settings.versions.source.staff',
  rollback: 'settings.versions.source.rollback',
  seed: 'settings.versions.source.seed',
};

/** The approved versions, newest first: who, when, what changed; staff get "roll back to this version". */
export function VersionList({ versions, current, action }: { versions: Version[]; current?: number; action?: (v: Version) => ReactNode }) {
  const { lang, t } = useLanguage();
  return (
    <section aria-labelledby="settings-versions" className="panel">
      <h2 id="settings-versions" className="text-2xl font-bold tracking-tight">
        {t('settings.versions.title')}
      </h2>
      {versions.length === 0 ? (
        <p className="mt-4 text-ink-soft">{t('settings.versions.empty')}</p>
      ) : (
        <ol className="mt-5 space-y-4">
          {versions.map((v) => (
            <li key={v.number} className="border-l-2 border-line pl-4">
              <p className="font-semibold">
                {t('settings.versions.version', { n: v.number })}
                {v.number === current && (
                  <span className="badge ml-2 border-green-300 bg-green-100 text-green-900">{t('settings.versions.current')}</span>
                )}
              </p>
              <p className="mt-0.5 text-sm text-ink-soft">
                {v.source === 'rollback' && v.rolledBackTo
                  ? t('settings.versions.source.rollbackTo', { n: v.rolledBackTo })
                  : t(SOURCES[v.source] ?? SOURCES.approved)}
                {' · '}
                {t('settings.versions.by', { name: who(v.author, t) })} ·{' '}
                <time dateTime={v.createdAt}>{formatDateTime(v.createdAt, lang)}</time>
              </p>
              <p className="mt-1 text-sm">
                {v.changed?.length
                  ? t('settings.versions.changed', { fields: v.changed.map((p) => fieldLabel(p, t, lang)).join(', ') })
                  : t('settings.versions.first')}
              </p>
              {action && v.number !== current && <div className="mt-2">{action(v)}</div>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
