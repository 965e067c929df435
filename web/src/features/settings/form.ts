import type { FieldProblem } from '../../shared/api/client';
import { messageFor } from '../../shared/form/errors';
import type { TKey, TVars } from '../../shared/i18n/types';
import type { AgentSettings, Range } from './api';

// The settings form's logic, apart from the screen (issue 23 §1): its values (the wire shape itself, so a
// 400's field path such as `greeting.nl`, `hours.mon.0.from` or `qa.3.answer` names one input), adding and
// removing ranges, closed days and questions (an error of a later row moves with its row), the server's
// problems at their fields, and the diff of two versions, field by field.

export const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Day = (typeof DAYS)[number];

/** The most questions and answers an agent keeps (the server holds the same limit). */
export const MAX_QA = 50;

/** A message for one field, translated when shown (so it follows the page's language). */
export interface Message {
  key: TKey;
  vars?: TVars;
  /** For a refused greeting: the sentence to insert (the server's suggestion). */
  suggestion?: string;
  /** Where it goes: the AI disclosure in front, the recording notice after. */
  place?: 'start' | 'end';
}
/** Messages by field path (`greeting.en`, `hours.tue.1.to`, `closedDays.0`, `qa.3.answer`). */
export type Messages = Record<string, Message>;

/** The id of a field's input: `settings-hours-mon-0-from` for `hours.mon.0.from`. */
export const inputId = (path: string) => `settings-${path.replace(/\./g, '-')}`;

/** An empty week: every day closed. */
export const emptyHours = (): AgentSettings['hours'] => ({ mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] });

/** A copy of the settings the form can edit (missing days and lists filled in). */
export function valuesOf(s: AgentSettings): AgentSettings {
  const hours = emptyHours();
  for (const d of DAYS) hours[d] = (s.hours?.[d] ?? []).map((r) => ({ ...r }));
  return {
    ...s,
    greeting: { en: s.greeting?.en ?? '', nl: s.greeting?.nl ?? '' },
    afterHours: { en: s.afterHours?.en ?? '', nl: s.afterHours?.nl ?? '' },
    voicemail: { en: s.voicemail?.en ?? '', nl: s.voicemail?.nl ?? '' },
    timeZone: s.timeZone ?? '',
    transferNumber: s.transferNumber ?? '',
    hours,
    closedDays: [...(s.closedDays ?? [])],
    qa: (s.qa ?? []).map((q) => ({ ...q })),
  };
}

/** A new range for a day: after the day's last one, else office hours. */
export function nextRange(ranges: readonly Range[]): Range {
  const last = ranges[ranges.length - 1];
  if (!last) return { from: '09:00', to: '17:00' };
  const [h, m] = last.to.split(':').map(Number);
  const start = Number.isFinite(h) ? Math.min(h + 1, 23) : 13;
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    from: `${pad(start)}:${pad(Number.isFinite(m) ? m : 0)}`,
    to: `${pad(Math.min(start + 4, 23))}:${pad(start + 4 > 23 ? 59 : 0)}`,
  };
}

export function addRange(v: AgentSettings, day: Day): AgentSettings {
  return { ...v, hours: { ...v.hours, [day]: [...v.hours[day], nextRange(v.hours[day])] } };
}

export function removeRange(v: AgentSettings, day: Day, index: number): AgentSettings {
  return { ...v, hours: { ...v.hours, [day]: v.hours[day].filter((_, i) => i !== index) } };
}

export function setRange(v: AgentSettings, day: Day, index: number, part: keyof Range, value: string): AgentSettings {
  return { ...v, hours: { ...v.hours, [day]: v.hours[day].map((r, i) => (i === index ? { ...r, [part]: value } : r)) } };
}

/**
 * The messages after row `index` of the list at `list` (`hours.mon`, `qa`, `closedDays`) was removed: the
 * row's own go, a later row's move up one with it.
 */
export function shiftMessages(messages: Messages, list: string, index: number): Messages {
  const out: Messages = {};
  const prefix = `${list}.`;
  for (const [path, message] of Object.entries(messages)) {
    if (!path.startsWith(prefix)) {
      out[path] = message;
      continue;
    }
    const [head, ...rest] = path.slice(prefix.length).split('.');
    const i = Number(head);
    if (!/^\d+$/.test(head) || i < index) out[path] = message;
    else if (i > index) out[[list, String(i - 1), ...rest].join('.')] = message;
  }
  return out;
}

/** The messages without the one of `path` (and those below it): the visitor changed that value. */
export function clearMessage(messages: Messages, path: string): Messages {
  const keys = Object.keys(messages).filter((k) => k === path || k.startsWith(`${path}.`));
  if (keys.length === 0) return messages;
  const out = { ...messages };
  for (const k of keys) delete out[k];
  return out;
}

/** Every path the form shows an input for, in the form's order (the first bad one gets the focus). */
export function fieldPaths(v: AgentSettings): string[] {
  const paths = ['greeting.en', 'greeting.nl', 'timeZone'];
  for (const d of DAYS) v.hours[d].forEach((_, i) => paths.push(`hours.${d}.${i}.from`, `hours.${d}.${i}.to`));
  v.closedDays.forEach((_, i) => paths.push(`closedDays.${i}`));
  paths.push('afterHours.en', 'afterHours.nl', 'transferNumber');
  v.qa.forEach((_, i) => paths.push(`qa.${i}.question`, `qa.${i}.answer`));
  paths.push('voicemail.en', 'voicemail.nl');
  return paths;
}

/**
 * The input a server's field path belongs to: itself when the form shows it, else the nearest one below
 * it (`hours.mon.0` → `hours.mon.0.from`, `qa.3` → `qa.3.question`, `greeting` → `greeting.en`); null
 * when it names nothing on the form.
 */
export function fieldOf(path: string, shown: readonly string[]): string | null {
  if (!path) return null;
  if (shown.includes(path)) return path;
  return shown.find((p) => p.startsWith(`${path}.`)) ?? null;
}

const CODE_KEYS: Record<string, TKey> = {
  ai_disclosure_missing: 'settings.errors.aiDisclosure',
  recording_notice_missing: 'settings.errors.recordingNotice',
  overlapping_hours: 'settings.errors.overlap',
  invalid_time_zone: 'settings.errors.timeZone',
  invalid_phone: 'settings.errors.transferNumber',
  too_many: 'settings.errors.tooMany',
  too_long: 'settings.errors.tooLong',
};

/** A field path's message: the code's own words, else those of the field (a time, a date, a greeting). */
function keyOf(p: FieldProblem, field: string): TKey {
  if (CODE_KEYS[p.code]) return CODE_KEYS[p.code];
  if (p.code === 'required' && field.startsWith('greeting.')) return 'settings.errors.greetingRequired';
  if (p.code === 'required' && field.endsWith('.question')) return 'settings.errors.questionRequired';
  if (p.code === 'required' && field.endsWith('.answer')) return 'settings.errors.answerRequired';
  if (p.code === 'required') return 'settings.errors.required';
  if (field === 'transferNumber') return 'settings.errors.transferNumber';
  if (/^hours\.\w+\.\d+\.(from|to)$/.test(field)) return 'settings.errors.time';
  if (field.startsWith('closedDays.')) return 'settings.errors.date';
  return messageFor(p.code);
}

/**
 * The sentence a greeting's problem suggests: the last quoted one of the server's message (which names the
 * buyer's company: `For example: "U spreekt met de digitale assistent van De Vries."`), else the form's own.
 */
export function suggestionOf(message: string, fallback: string): string {
  const quoted = [...message.matchAll(/"([^"]+)"/g)].pop()?.[1]?.trim();
  return quoted || fallback;
}

/**
 * The server's 400 as messages per field: every problem it listed (the first for a field wins), each at
 * its input; null when none names an input of this form (the form's alert shows it then). A greeting's
 * problem carries the sentence that fixes it: the AI disclosure goes in front, the recording notice after.
 */
export function serverMessages(
  problems: readonly FieldProblem[],
  values: AgentSettings,
  suggest: (lang: 'en' | 'nl', code: 'disclosure' | 'recording') => string,
): Messages | null {
  const shown = fieldPaths(values);
  const out: Messages = {};
  for (const p of problems) {
    const field = fieldOf(p.field ?? '', shown);
    if (!field || out[field]) continue;
    const message: Message = { key: keyOf(p, field) };
    if (field.startsWith('greeting.') && ['ai_disclosure_missing', 'required', 'recording_notice_missing'].includes(p.code)) {
      const lang = field === 'greeting.nl' ? 'nl' : 'en';
      const recording = p.code === 'recording_notice_missing';
      message.suggestion = suggestionOf(p.message ?? '', suggest(lang, recording ? 'recording' : 'disclosure'));
      message.place = recording ? 'end' : 'start';
    }
    out[field] = message;
  }
  return Object.keys(out).length ? out : null;
}

/** The greeting with the suggested sentence in front, or after it (once: nothing changes when it is there already). */
export function withSuggestion(greeting: string, suggestion: string, place: 'start' | 'end' = 'start'): string {
  const text = greeting.trim();
  const add = suggestion.trim();
  if (!add || text.includes(add)) return greeting;
  if (!text) return add;
  return place === 'start' ? `${add} ${text}` : `${text} ${add}`;
}

/** The checks before sending (what needs no server): times of a range in order, at most 50 questions, no empty pair. */
export function check(v: AgentSettings): Messages {
  const out: Messages = {};
  for (const d of DAYS) {
    v.hours[d].forEach((r, i) => {
      if (!/^\d\d:\d\d$/.test(r.from)) out[`hours.${d}.${i}.from`] = { key: 'settings.errors.time' };
      if (!/^\d\d:\d\d$/.test(r.to)) out[`hours.${d}.${i}.to`] = { key: 'settings.errors.time' };
      else if (r.from >= r.to && !out[`hours.${d}.${i}.from`]) out[`hours.${d}.${i}.to`] = { key: 'settings.errors.rangeOrder' };
    });
  }
  v.closedDays.forEach((date, i) => {
    if (!/^\d{4}-\d\d-\d\d$/.test(date)) out[`closedDays.${i}`] = { key: 'settings.errors.date' };
  });
  v.qa.forEach((q, i) => {
    if (!q.question.trim() && q.answer.trim()) out[`qa.${i}.question`] = { key: 'settings.errors.questionRequired' };
    if (q.question.trim() && !q.answer.trim()) out[`qa.${i}.answer`] = { key: 'settings.errors.answerRequired' };
  });
  return out;
}

/** What is sent: the values, with empty question rows left out and closed days in order without repeats. */
export function bodyOf(v: AgentSettings): AgentSettings {
  return {
    ...v,
    closedDays: [...new Set(v.closedDays.filter(Boolean))].sort(),
    qa: v.qa.filter((q) => q.question.trim() || q.answer.trim()),
  };
}

type TextPath = `${'greeting' | 'afterHours' | 'voicemail'}.${'en' | 'nl'}`;
const textAt = (s: AgentSettings | null, path: TextPath) => {
  const [field, lang] = path.split('.') as ['greeting' | 'afterHours' | 'voicemail', 'en' | 'nl'];
  return s?.[field]?.[lang] ?? '';
};

/** One changed field of a diff: its path (`greeting.en`, `hours.mon`, `qa.2`), and its text before and after ('' for none). */
export interface DiffLine {
  path: string;
  old: string;
  new: string;
}

/** A day's ranges as text: "09:00–12:00, 13:00–17:00" ('' when closed). */
export const rangesText = (ranges: readonly Range[] | undefined) => (ranges ?? []).map((r) => `${r.from}–${r.to}`).join(', ');

/**
 * The fields that differ between two versions, in the form's order: each greeting, the time zone, each
 * weekday's hours, the closed days, each message, the transfer number and each question (by its place).
 * `before` is null for the first version: everything set is new.
 */
export function diffSettings(before: AgentSettings | null, after: AgentSettings): DiffLine[] {
  const lines: DiffLine[] = [];
  const add = (path: string, a: string, b: string) => {
    if (a !== b) lines.push({ path, old: a, new: b });
  };
  for (const key of ['greeting.en', 'greeting.nl'] as const) add(key, textAt(before, key), textAt(after, key));
  add('timeZone', before?.timeZone ?? '', after.timeZone);
  for (const d of DAYS) add(`hours.${d}`, rangesText(before?.hours?.[d]), rangesText(after.hours?.[d]));
  add('closedDays', (before?.closedDays ?? []).join(', '), (after.closedDays ?? []).join(', '));
  for (const key of ['afterHours.en', 'afterHours.nl'] as const) add(key, textAt(before, key), textAt(after, key));
  add('transferNumber', before?.transferNumber ?? '', after.transferNumber);
  const qa = (q: { question: string; answer: string } | undefined) => (q ? `${q.question} — ${q.answer}` : '');
  const count = Math.max(before?.qa?.length ?? 0, after.qa?.length ?? 0);
  for (let i = 0; i < count; i++) add(`qa.${i}`, qa(before?.qa?.[i]), qa(after.qa?.[i]));
  for (const key of ['voicemail.en', 'voicemail.nl'] as const) add(key, textAt(before, key), textAt(after, key));
  return lines;
}
