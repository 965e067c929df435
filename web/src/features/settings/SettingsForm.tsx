import { useState, type ReactNode } from 'react';
import { ApiError } from '../../shared/api/client';
import type { Problem } from '../../shared/form/errors';
import { Field, SelectField, TextAreaField } from '../../shared/form/Field';
import { FormAlert } from '../../shared/form/FormAlert';
import { useSubmit } from '../../shared/form/useSubmit';
import { formatCalendarDate, weekdayName } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import type { TKey } from '../../shared/i18n/types';
import type { AgentSettings, SettingsBody } from './api';
import {
  DAYS,
  MAX_QA,
  addRange,
  bodyOf,
  check,
  clearMessage,
  fieldPaths,
  inputId,
  removeRange,
  serverMessages,
  setRange,
  shiftMessages,
  valuesOf,
  withSuggestion,
  type Day,
  type Message,
  type Messages,
} from './form';

// The agent's settings as one form, the buyer's (a save is a change request) and staff's (a save is live):
// the greetings, the opening hours (several ranges a day) and closed days, the after-hours message, the
// transfer number, the questions and answers and the voicemail message. Every problem of a 400 shows at
// its field; a refused greeting offers its suggested sentence; a 409 keeps everything typed.

export interface SettingsFormProps {
  initial: AgentSettings;
  version: number;
  /** The transfer number as the server formats it, shown under the field. */
  transferDisplay?: string;
  /** Sends the values (with the version read); resolves with the settings and version to show next. */
  save: (body: SettingsBody) => Promise<{ settings?: AgentSettings; version?: number } | void>;
  /** The current version after a 409 (someone else saved meanwhile): saving again replaces theirs. */
  reload: () => Promise<number>;
  submitLabel: TKey;
  savedText: TKey;
  /** Staff's form: also whether the agent records calls (a buyer's value is ignored by the server). */
  staff?: boolean;
}

export function SettingsForm({ initial, version: first, transferDisplay, save, reload, submitLabel, savedText, staff }: SettingsFormProps) {
  const { lang, t } = useLanguage();
  const [values, setValues] = useState(() => valuesOf(initial));
  const [version, setVersion] = useState(first);
  const [messages, setMessages] = useState<Messages>({});
  const [saved, setSaved] = useState(false);

  /** Shows these messages and focuses the first bad field; true when there are none. */
  function show(next: Messages): boolean {
    setMessages(next);
    const bad = fieldPaths(values).find((p) => next[p]);
    if (bad) document.getElementById(inputId(bad))?.focus();
    return bad === undefined;
  }

  const suggest = (lang: 'en' | 'nl', kind: 'disclosure' | 'recording') =>
    kind === 'recording'
      ? t(lang === 'nl' ? 'settings.greeting.recordingNl' : 'settings.greeting.recordingEn')
      : t(lang === 'nl' ? 'settings.greeting.suggestionNl' : 'settings.greeting.suggestionEn');

  const { busy, problem, onSubmit } = useSubmit<Problem>({
    validate: () => show(check(values)),
    send: async () => {
      const answer = await save({ ...bodyOf(values), version });
      if (answer?.settings) setValues(valuesOf(answer.settings));
      if (answer?.version) setVersion(answer.version);
      setSaved(true);
    },
    onError: (p, err) => {
      if (err instanceof ApiError && err.status === 400) {
        const problems = err.problems ?? [{ code: err.code, field: err.field ?? '', message: err.message }];
        const mapped = serverMessages(problems, values, suggest);
        if (mapped) {
          show(mapped);
          return null;
        }
      }
      if (err instanceof ApiError && err.status === 409) {
        // Changed elsewhere: take the stored version, keep what was typed, and say so; saving again replaces it.
        void reload().then(setVersion, () => {});
        return { code: p.code, key: 'settings.errors.conflict' };
      }
      return p;
    },
  });

  function edit(next: AgentSettings, path?: string) {
    setSaved(false);
    setValues(next);
    if (path) setMessages((m) => clearMessage(m, path));
  }
  const error = (path: string) => messages[path] && t(messages[path].key, messages[path].vars);

  return (
    <form method="post" onSubmit={onSubmit} className="space-y-6" noValidate>
      <Section id="settings-greeting-title" title={t('settings.greeting.title')} intro={t('settings.greeting.intro')}>
        {(['en', 'nl'] as const).map((lang) => {
          const path = `greeting.${lang}`;
          const message = messages[path];
          return (
            <div key={lang}>
              <TextAreaField
                id={inputId(path)}
                name={path}
                label={t(lang === 'en' ? 'settings.greeting.en' : 'settings.greeting.nl')}
                rows={3}
                maxLength={1000}
                value={values.greeting[lang]}
                lang={lang}
                onChange={(e) => edit({ ...values, greeting: { ...values.greeting, [lang]: e.target.value } }, path)}
                error={error(path)}
                aria-describedby={message?.suggestion ? `${inputId(path)}-suggestion` : undefined}
              />
              {message?.suggestion && <Suggestion path={path} message={message} lang={lang} onInsert={() => insert(lang, message)} />}
            </div>
          );
        })}
        {staff && (
          <div className="flex items-start gap-3">
            <input
              id={inputId('recordsCalls')}
              type="checkbox"
              className="mt-1 size-5"
              checked={values.recordsCalls}
              onChange={(e) => edit({ ...values, recordsCalls: e.target.checked })}
            />
            <label htmlFor={inputId('recordsCalls')} className="font-semibold">
              {t('settings.greeting.recordsCalls')}
            </label>
          </div>
        )}
      </Section>

      <Section id="settings-hours-title" title={t('settings.hours.title')} intro={t('settings.hours.intro')}>
        <SelectField
          id={inputId('timeZone')}
          label={t('settings.hours.timeZone')}
          value={values.timeZone}
          onChange={(e) => edit({ ...values, timeZone: e.target.value }, 'timeZone')}
          error={error('timeZone')}
        >
          {zonesWith(values.timeZone).map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, ' ')}
            </option>
          ))}
        </SelectField>
        <div className="divide-y divide-line">
          {DAYS.map((day, d) => (
            <DayHours key={day} day={day} index={d} values={values} error={error} edit={edit} onRemove={(i) => removeRow(day, i)} />
          ))}
        </div>
      </Section>

      <Section id="settings-closed-title" title={t('settings.closed.title')} intro={t('settings.closed.intro')}>
        {values.closedDays.length === 0 && <p className="text-ink-soft">{t('settings.closed.none')}</p>}
        <ul className="space-y-3">
          {values.closedDays.map((date, i) => (
            <li key={i} className="flex flex-wrap items-end gap-3">
              <Field
                id={inputId(`closedDays.${i}`)}
                label={t('settings.closed.date', { n: i + 1 })}
                type="date"
                value={date}
                onChange={(e) =>
                  edit({ ...values, closedDays: values.closedDays.map((x, j) => (j === i ? e.target.value : x)) }, `closedDays.${i}`)
                }
                error={error(`closedDays.${i}`)}
              />
              <button
                type="button"
                className="btn btn-ghost mb-1"
                onClick={() => {
                  edit({ ...values, closedDays: values.closedDays.filter((_, j) => j !== i) });
                  setMessages((m) => shiftMessages(m, 'closedDays', i));
                }}
              >
                {/^\d{4}-\d\d-\d\d$/.test(date)
                  ? t('settings.closed.removeDate', { date: formatCalendarDate(date, lang) })
                  : t('settings.closed.remove')}
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="btn btn-ghost mt-3" onClick={() => edit({ ...values, closedDays: [...values.closedDays, ''] })}>
          {t('settings.closed.add')}
        </button>
      </Section>

      <Section id="settings-messages-title" title={t('settings.messages.title')}>
        {(['en', 'nl'] as const).map((l) => (
          <TextAreaField
            key={`afterHours-${l}`}
            id={inputId(`afterHours.${l}`)}
            label={t(l === 'en' ? 'settings.messages.afterHoursEn' : 'settings.messages.afterHoursNl')}
            hint={l === 'en' ? t('settings.messages.afterHoursHint') : undefined}
            rows={2}
            maxLength={600}
            lang={l}
            value={values.afterHours[l]}
            onChange={(e) => edit({ ...values, afterHours: { ...values.afterHours, [l]: e.target.value } }, `afterHours.${l}`)}
            error={error(`afterHours.${l}`)}
          />
        ))}
        <Field
          id={inputId('transferNumber')}
          label={t('settings.messages.transfer')}
          hint={transferDisplay ? t('settings.messages.transferShown', { number: transferDisplay }) : t('settings.messages.transferHint')}
          type="tel"
          autoComplete="off"
          inputMode="tel"
          maxLength={40}
          value={values.transferNumber}
          onChange={(e) => edit({ ...values, transferNumber: e.target.value }, 'transferNumber')}
          error={error('transferNumber')}
        />
        {(['en', 'nl'] as const).map((l) => (
          <TextAreaField
            key={`voicemail-${l}`}
            id={inputId(`voicemail.${l}`)}
            label={t(l === 'en' ? 'settings.messages.voicemailEn' : 'settings.messages.voicemailNl')}
            hint={l === 'en' ? t('settings.messages.voicemailHint') : undefined}
            rows={2}
            maxLength={600}
            lang={l}
            value={values.voicemail[l]}
            onChange={(e) => edit({ ...values, voicemail: { ...values.voicemail, [l]: e.target.value } }, `voicemail.${l}`)}
            error={error(`voicemail.${l}`)}
          />
        ))}
      </Section>

      <Section
        id="settings-qa-title"
        title={t('settings.qa.title')}
        intro={t('settings.qa.intro', { max: MAX_QA })}
        after={
          <p className="text-sm text-ink-soft" aria-live="polite">
            {t('settings.qa.count', { count: values.qa.length, max: MAX_QA })}
          </p>
        }
      >
        <ol className="space-y-5">
          {values.qa.map((q, i) => (
            <li key={i} className="space-y-3 border-l-2 border-line pl-4">
              <Field
                id={inputId(`qa.${i}.question`)}
                label={t('settings.qa.question', { n: i + 1 })}
                maxLength={300}
                value={q.question}
                onChange={(e) =>
                  edit({ ...values, qa: values.qa.map((x, j) => (j === i ? { ...x, question: e.target.value } : x)) }, `qa.${i}.question`)
                }
                error={error(`qa.${i}.question`)}
              />
              <TextAreaField
                id={inputId(`qa.${i}.answer`)}
                label={t('settings.qa.answer', { n: i + 1 })}
                rows={2}
                maxLength={1000}
                value={q.answer}
                onChange={(e) =>
                  edit({ ...values, qa: values.qa.map((x, j) => (j === i ? { ...x, answer: e.target.value } : x)) }, `qa.${i}.answer`)
                }
                error={error(`qa.${i}.answer`)}
              />
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  edit({ ...values, qa: values.qa.filter((_, j) => j !== i) });
                  setMessages((m) => shiftMessages(m, 'qa', i));
                }}
              >
                {t('settings.qa.remove', { n: i + 1 })}
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="btn btn-ghost mt-4"
          disabled={values.qa.length >= MAX_QA}
          onClick={() => edit({ ...values, qa: [...values.qa, { question: '', answer: '' }] })}
        >
          {t('settings.qa.add')}
        </button>
      </Section>

      <div className="space-y-4">
        <button type="submit" className="btn btn-ink" disabled={busy} data-busy={busy || undefined}>
          {busy ? t('settings.busy') : t(submitLabel)}
        </button>
        <FormAlert problem={problem} />
        <p role="status" className={saved ? 'notice notice-ok' : 'sr-only'}>
          {saved ? t(savedText) : ''}
        </p>
      </div>
    </form>
  );

  function insert(lang: 'en' | 'nl', message: Message) {
    const path = `greeting.${lang}`;
    const next = withSuggestion(values.greeting[lang], message.suggestion ?? '', message.place);
    edit({ ...values, greeting: { ...values.greeting, [lang]: next } }, path);
    document.getElementById(inputId(path))?.focus();
  }

  function removeRow(day: Day, i: number) {
    edit(removeRange(values, day, i));
    setMessages((m) => shiftMessages(m, `hours.${day}`, i));
  }
}

function Section({
  id,
  title,
  intro,
  after,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="panel space-y-4">
      <div>
        <h2 id={id} className="text-2xl font-bold tracking-tight">
          {title}
        </h2>
        {intro && <p className="mt-2 text-sm text-ink-soft">{intro}</p>}
        {after && <div className="mt-1">{after}</div>}
      </div>
      {children}
    </section>
  );
}

/** Under a refused greeting: the sentence that would make it pass, and a button that puts it in front. */
function Suggestion({ path, message, lang, onInsert }: { path: string; message: Message; lang: 'en' | 'nl'; onInsert: () => void }) {
  const { t } = useLanguage();
  const suggestion = message.suggestion ?? '';
  return (
    <div id={`${inputId(path)}-suggestion`} className="notice notice-warn mt-2">
      <p>
        {t('settings.greeting.suggested')} <q lang={lang}>{suggestion}</q>
      </p>
      <button type="button" className="btn btn-ghost mt-2" onClick={onInsert}>
        {t(lang === 'en' ? 'settings.greeting.insertEn' : 'settings.greeting.insertNl')}
      </button>
    </div>
  );
}

function DayHours({
  day,
  index,
  values,
  error,
  edit,
  onRemove,
}: {
  day: Day;
  index: number;
  values: AgentSettings;
  error: (path: string) => string | undefined;
  edit: (next: AgentSettings, path?: string) => void;
  onRemove: (i: number) => void;
}) {
  const { lang, t } = useLanguage();
  const name = weekdayName(index, lang, 'long');
  const ranges = values.hours[day];
  return (
    <fieldset className="grid gap-3 py-4 first:pt-0 last:pb-0 sm:grid-cols-[9rem_minmax(0,1fr)]">
      <legend className="sr-only">{name}</legend>
      <p aria-hidden="true" className="font-semibold capitalize sm:pt-2">
        {name}
      </p>
      <div className="space-y-3">
        {ranges.length === 0 && <p className="text-ink-soft sm:pt-2">{t('settings.hours.closed')}</p>}
        {ranges.map((r, i) => (
          <div key={i} className="flex flex-wrap items-start gap-x-3 gap-y-2">
            <Field
              id={inputId(`hours.${day}.${i}.from`)}
              className="w-40"
              label={t('settings.hours.from')}
              type="time"
              value={r.from}
              onChange={(e) => edit(setRange(values, day, i, 'from', e.target.value), `hours.${day}.${i}.from`)}
              error={error(`hours.${day}.${i}.from`)}
            />
            <Field
              id={inputId(`hours.${day}.${i}.to`)}
              className="w-40"
              label={t('settings.hours.to')}
              type="time"
              value={r.to}
              onChange={(e) => edit(setRange(values, day, i, 'to', e.target.value), `hours.${day}.${i}.to`)}
              error={error(`hours.${day}.${i}.to`)}
            />
            <button
              type="button"
              className="link-button mt-8"
              aria-label={t('settings.hours.removeLabel', { day: name, from: r.from, to: r.to })}
              onClick={() => onRemove(i)}
            >
              {t('settings.hours.remove')}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="link-button"
          aria-label={t('settings.hours.addLabel', { day: name })}
          onClick={() => edit(addRange(values, day))}
        >
          {t('settings.hours.add')}
        </button>
      </div>
    </fieldset>
  );
}

/** The time zones offered: Europe's, with the one stored (whatever it is) kept in the list. */
const ZONES = [
  'Europe/Amsterdam',
  'Europe/Brussels',
  'Europe/Luxembourg',
  'Europe/Berlin',
  'Europe/Paris',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Lisbon',
  'Europe/Madrid',
  'Europe/Rome',
  'Europe/Vienna',
  'Europe/Zurich',
  'Europe/Copenhagen',
  'Europe/Stockholm',
  'Europe/Oslo',
  'Europe/Helsinki',
  'Europe/Warsaw',
  'Europe/Prague',
  'Europe/Athens',
  'Atlantic/Canary',
  'America/Curacao',
  'America/Aruba',
  'America/Paramaribo',
];
const zonesWith = (zone: string) => (zone && !ZONES.includes(zone) ? [zone, ...ZONES] : ZONES);
