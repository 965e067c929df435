import { describe, expect, it } from 'vitest';
import { safeNext } from './next';

describe('safeNext', () => {
  it('accepts paths on this site', () => {
    expect(safeNext('/dashboard')).toBe('/dashboard');
    expect(safeNext('/nl/dashboard?tab=history')).toBe('/nl/dashboard?tab=history');
    expect(safeNext('/')).toBe('/');
    // Encoded characters that stay on the site are fine.
    expect(safeNext('/dashboard%3Ftab%3Dhistory')).toBe('/dashboard%3Ftab%3Dhistory');
    expect(safeNext('/dashboard?q=caf%C3%A9')).toBe('/dashboard?q=caf%C3%A9');
  });

  it('rejects anything that could leave the site', () => {
    for (const next of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', 'dashboard', '']) {
      expect(safeNext(next), next).toBeNull();
    }
    expect(safeNext(null)).toBeNull();
  });

  it('rejects control characters, which browsers strip into //evil.example', () => {
    for (const c of ['\t', '\n', '\r', '\u0000', '\u001f', '\u007f', '\u0085']) {
      expect(safeNext(`/${c}/evil.example`), JSON.stringify(c)).toBeNull();
      expect(safeNext(`/dashboard${c}`), JSON.stringify(c)).toBeNull();
    }
    expect(safeNext(' //evil.example')).toBeNull();
  });

  it('rejects backslashes anywhere', () => {
    for (const next of ['/\\/evil.example', '/dashboard\\..\\x', '/x?y=\\']) {
      expect(safeNext(next), next).toBeNull();
    }
  });

  it('rejects the same in encoded form, at any depth', () => {
    for (const next of [
      '/%09/evil.example',
      '/%0a/evil.example',
      '/%0D/evil.example',
      '/%5Cevil.example',
      '/%5c%5cevil.example',
      '/%2F/evil.example',
      '/%2fevil.example',
      '/%2509/evil.example',
      '/%252F%252Fevil.example',
      '/%25255C/evil.example',
      '/dashboard%00',
      '/%E0%A4%A', // malformed
      '/%' + '25'.repeat(6) + '2F', // six encodings deep
    ]) {
      expect(safeNext(next), next).toBeNull();
    }
  });
});
