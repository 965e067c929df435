import { describe, expect, it } from 'vitest';
import { safeNext } from './next';

describe('safeNext', () => {
  it('accepts paths on this site', () => {
    expect(safeNext('/dashboard')).toBe('/dashboard');
    expect(safeNext('/nl/dashboard?tab=history')).toBe('/nl/dashboard?tab=history');
    expect(safeNext('/')).toBe('/');
  });

  it('rejects anything that could leave the site', () => {
    for (const next of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', 'dashboard', '']) {
      expect(safeNext(next), next).toBeNull();
    }
    expect(safeNext(null)).toBeNull();
  });
});
