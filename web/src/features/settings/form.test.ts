import { describe, expect, it } from 'vitest';
import en from '../../shared/i18n/en';
import nl from '../../shared/i18n/nl';
import { translate } from '../../shared/i18n/translate';
import type { AgentSettings } from './api';
import {
  addRange,
  bodyOf,
  check,
  diffSettings,
  emptyHours,
  fieldOf,
  fieldPaths,
  inputId,
  removeRange,
  serverMessages,
  shiftMessages,
  valuesOf,
  withSuggestion,
} from './form';

const base = (): AgentSettings => ({
  greeting: { en: 'You are speaking with the digital assistant of De Vries.', nl: 'U spreekt met de digitale assistent van De Vries.' },
  hours: {
    ...emptyHours(),
    mon: [
      { from: '09:00', to: '12:00' },
      { from: '13:00', to: '17:00' },
    ],
    tue: [{ from: '09:00', to: '17:00' }],
  },
  closedDays: ['2026-12-25'],
  timeZone: 'Europe/Amsterdam',
  afterHours: { en: 'We are closed.', nl: 'Wij zijn gesloten.' },
  transferNumber: '+31201234567',
  qa: [
    { question: 'Parking?', answer: 'Behind the building.' },
    { question: 'Payment?', answer: 'By card.' },
    { question: 'Open on Sunday?', answer: 'No.' },
  ],
  voicemail: { en: 'Please leave a message.', nl: '' },
  recordsCalls: true,
});
const SENTENCES = {
  disclosure: { en: 'You are speaking with a digital assistant.', nl: 'U spreekt met een digitale assistent.' },
  recording: { en: 'This call is recorded.', nl: 'Dit gesprek wordt opgenomen.' },
};
const suggest = (lang: 'en' | 'nl', kind: 'disclosure' | 'recording') => SENTENCES[kind][lang];

describe('server problems at their fields', () => {
  it('puts every problem of a 400 at its input, with the suggested sentence for a refused greeting', () => {
    const v = valuesOf(base());
    const m = serverMessages(
      [
        {
          code: 'ai_disclosure_missing',
          field: 'greeting.nl',
          message: 'The greeting must tell callers … For example: "U spreekt met de digitale assistent van De Vries."',
        },
        {
          code: 'recording_notice_missing',
          field: 'greeting.en',
          message: 'The agent records calls, so the greeting must say so. For example: "This call is recorded."',
        },
        { code: 'overlapping_hours', field: 'hours.mon.1.from', message: 'x' },
        { code: 'invalid_time', field: 'hours.mon.0.to', message: 'x' },
        { code: 'invalid_phone', field: 'transferNumber', message: 'x' },
        { code: 'too_long', field: 'afterHours.nl', message: 'x' },
        { code: 'required', field: 'qa.2.answer', message: 'x' },
        { code: 'too_long', field: 'qa.2.answer', message: 'a second problem for the same field is not shown over the first' },
      ],
      v,
      suggest,
    );
    expect(m).toEqual({
      'greeting.nl': {
        key: 'settings.errors.aiDisclosure',
        suggestion: 'U spreekt met de digitale assistent van De Vries.',
        place: 'start',
      },
      'greeting.en': { key: 'settings.errors.recordingNotice', suggestion: 'This call is recorded.', place: 'end' },
      'hours.mon.1.from': { key: 'settings.errors.overlap' },
      'hours.mon.0.to': { key: 'settings.errors.time' },
      transferNumber: { key: 'settings.errors.transferNumber' },
      'afterHours.nl': { key: 'settings.errors.tooLong' },
      'qa.2.answer': { key: 'settings.errors.answerRequired' },
    });
    for (const message of Object.values(m!)) {
      for (const dict of [en, nl]) expect(translate(dict, message.key)).not.toBe(message.key);
    }
  });

  it('uses the form’s own sentence when the message quotes none, in the greeting’s language', () => {
    const m = serverMessages([{ code: 'ai_disclosure_missing', field: 'greeting.en', message: 'x' }], valuesOf(base()), suggest);
    expect(m?.['greeting.en']).toMatchObject({ suggestion: 'You are speaking with a digital assistant.', place: 'start' });
    const r = serverMessages([{ code: 'recording_notice_missing', field: 'greeting.nl', message: '' }], valuesOf(base()), suggest);
    expect(r?.['greeting.nl']).toMatchObject({ suggestion: 'Dit gesprek wordt opgenomen.', place: 'end' });
  });

  it('takes a path above an input to the first input below it, and leaves one the form does not show to the alert', () => {
    const shown = fieldPaths(valuesOf(base()));
    expect(fieldOf('hours.mon.0', shown)).toBe('hours.mon.0.from');
    expect(fieldOf('qa.1', shown)).toBe('qa.1.question');
    expect(fieldOf('greeting', shown)).toBe('greeting.en');
    expect(fieldOf('hours.wed.0.from', shown)).toBeNull();
    expect(fieldOf('qa.3.answer', shown)).toBeNull();
    expect(fieldOf('', shown)).toBeNull();
    expect(serverMessages([{ code: 'version_conflict', field: '', message: 'x' }], valuesOf(base()), suggest)).toBeNull();
  });

  it('names inputs after the field path', () => {
    expect(inputId('hours.mon.0.from')).toBe('settings-hours-mon-0-from');
    expect(inputId('greeting.nl')).toBe('settings-greeting-nl');
  });
});

describe('opening hours', () => {
  it('adds a range after the day’s last one, and office hours to a closed day', () => {
    let v = valuesOf(base());
    v = addRange(v, 'mon');
    expect(v.hours.mon).toEqual([
      { from: '09:00', to: '12:00' },
      { from: '13:00', to: '17:00' },
      { from: '18:00', to: '22:00' },
    ]);
    v = addRange(v, 'sun');
    expect(v.hours.sun).toEqual([{ from: '09:00', to: '17:00' }]);
    // The original is untouched: state updates make new objects.
    expect(base().hours.mon).toHaveLength(2);
  });

  it('removes one range of a day and moves the errors of the later ranges with them', () => {
    const v = removeRange(valuesOf(base()), 'mon', 0);
    expect(v.hours.mon).toEqual([{ from: '13:00', to: '17:00' }]);
    expect(v.hours.tue).toEqual([{ from: '09:00', to: '17:00' }]);
    const m = shiftMessages(
      {
        'hours.mon.0.from': { key: 'settings.errors.time' },
        'hours.mon.1.to': { key: 'settings.errors.rangeOrder' },
        'hours.tue.1.to': { key: 'settings.errors.time' },
        transferNumber: { key: 'settings.errors.transferNumber' },
      },
      'hours.mon',
      0,
    );
    expect(m).toEqual({
      'hours.mon.0.to': { key: 'settings.errors.rangeOrder' },
      'hours.tue.1.to': { key: 'settings.errors.time' },
      transferNumber: { key: 'settings.errors.transferNumber' },
    });
  });

  it('refuses a range that ends before it starts, before anything is sent', () => {
    const v = valuesOf(base());
    v.hours.tue = [{ from: '17:00', to: '09:00' }];
    v.hours.wed = [{ from: '', to: '12:00' }];
    expect(check(v)).toEqual({
      'hours.tue.0.to': { key: 'settings.errors.rangeOrder' },
      'hours.wed.0.from': { key: 'settings.errors.time' },
    });
    expect(check(valuesOf(base()))).toEqual({});
  });
});

describe('questions and the greeting', () => {
  it('moves a later question’s error up when one above it is removed', () => {
    expect(
      shiftMessages({ 'qa.2.answer': { key: 'settings.errors.required' }, 'qa.1.question': { key: 'settings.errors.qa' } }, 'qa', 1),
    ).toEqual({
      'qa.1.answer': { key: 'settings.errors.required' },
    });
  });

  it('leaves empty question rows out of what is sent, and sorts the closed days without repeats', () => {
    const v = valuesOf(base());
    v.qa.push({ question: ' ', answer: '' });
    v.closedDays = ['2026-12-26', '', '2026-12-25', '2026-12-26'];
    const body = bodyOf(v);
    expect(body.qa).toHaveLength(3);
    expect(body.closedDays).toEqual(['2026-12-25', '2026-12-26']);
  });

  it('puts the suggested sentence in front of the greeting, once', () => {
    expect(withSuggestion('Hallo, waarmee kan ik u helpen?', 'U spreekt met een digitale assistent.')).toBe(
      'U spreekt met een digitale assistent. Hallo, waarmee kan ik u helpen?',
    );
    expect(withSuggestion('', 'U spreekt met een digitale assistent.')).toBe('U spreekt met een digitale assistent.');
    const once = withSuggestion('Hello!', 'You are speaking with a digital assistant.');
    expect(withSuggestion(once, 'You are speaking with a digital assistant.')).toBe(once);
    // The recording notice goes after what is there.
    expect(withSuggestion('U spreekt met een digitale assistent.', 'Dit gesprek wordt opgenomen.', 'end')).toBe(
      'U spreekt met een digitale assistent. Dit gesprek wordt opgenomen.',
    );
  });
});

describe('diff against the live version', () => {
  it('lists only what changed, field by field, old → new, in the form’s order', () => {
    const before = base();
    const after = valuesOf(base());
    after.greeting.nl = 'U spreekt met de digitale assistent van De Vries. Goedemorgen!';
    after.hours.mon = [{ from: '08:30', to: '17:00' }];
    after.hours.sat = [{ from: '10:00', to: '14:00' }];
    after.qa = after.qa.slice(0, 2);
    after.qa[1] = { question: 'Payment?', answer: 'By card or iDEAL.' };
    after.transferNumber = '+31301234567';
    after.voicemail.nl = 'Spreek een bericht in.';
    expect(diffSettings(before, after)).toEqual([
      { path: 'greeting.nl', old: before.greeting.nl, new: after.greeting.nl },
      { path: 'hours.mon', old: '09:00–12:00, 13:00–17:00', new: '08:30–17:00' },
      { path: 'hours.sat', old: '', new: '10:00–14:00' },
      { path: 'transferNumber', old: '+31201234567', new: '+31301234567' },
      { path: 'qa.1', old: 'Payment? — By card.', new: 'Payment? — By card or iDEAL.' },
      { path: 'qa.2', old: 'Open on Sunday? — No.', new: '' },
      { path: 'voicemail.nl', old: '', new: 'Spreek een bericht in.' },
    ]);
    expect(diffSettings(before, valuesOf(base()))).toEqual([]);
  });

  it('shows every set field as new when there is no live version yet', () => {
    const lines = diffSettings(null, base());
    expect(lines.map((l) => l.path)).toEqual([
      'greeting.en',
      'greeting.nl',
      'timeZone',
      'hours.mon',
      'hours.tue',
      'closedDays',
      'afterHours.en',
      'afterHours.nl',
      'transferNumber',
      'qa.0',
      'qa.1',
      'qa.2',
      'voicemail.en',
    ]);
    expect(lines.every((l) => l.old === '')).toBe(true);
  });
});
