import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { ERROR_CODES } from '../api/codes';
import type { ClientErrorCode } from '../api/types';
import en from '../i18n/en';
import nl from '../i18n/nl';
import { translate } from '../i18n/translate';
import { describeError } from './errors';

const CLIENT_CODES: ClientErrorCode[] = ['network', 'invalid_response', 'unknown'];

describe('describeError', () => {
  afterEach(() => vi.restoreAllMocks());

  it('has words in both languages for every code the API can answer and for the app’s own', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const code of [...ERROR_CODES, ...CLIENT_CODES]) {
      const { key } = describeError(new ApiError(400, code, 'English message from the server'));
      for (const dict of [en, nl]) {
        const text = translate(dict, key, { minutes: 2 });
        expect(text, `${code} → ${key}`).not.toBe(key);
        expect(text.trim(), `${code} → ${key}`).not.toBe('');
      }
    }
  });

  it('only falls back to "something went wrong" for server faults and codes this build does not know', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const generic = new Set(['internal', 'invalid_response', 'unknown']);
    for (const code of ERROR_CODES.filter((c) => !generic.has(c))) {
      expect(describeError(new ApiError(400, code, 'x')).key, code).not.toBe('auth.errors.unknown');
    }
    expect(describeError(new ApiError(400, 'a_code_from_a_newer_server', 'x')).key).toBe('auth.errors.unknown');
  });

  it('names the field of full_name_invalid (it showed as "unknown" before)', () => {
    const problem = describeError(new ApiError(400, 'full_name_invalid', 'Your name contains characters we cannot store.'));
    expect(problem).toMatchObject({ key: 'auth.validation.fullNameInvalid', field: 'fullName' });
    expect(translate(nl, problem.key)).toBe('Uw naam bevat tekens die we niet kunnen opslaan. Haal ze weg.');
  });
});
