import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps the zone it found, so each test loads a fresh copy.
const load = async () => {
  vi.resetModules();
  return import('./timeZone');
};
const clearCookie = () => (document.cookie = 'tz=; path=/; max-age=0');
const intlZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

describe('browserTimeZone', () => {
  beforeEach(clearCookie);
  afterEach(() => {
    clearCookie();
    vi.restoreAllMocks();
  });

  it('takes the zone the cookie remembers without asking Intl', async () => {
    document.cookie = `tz=${encodeURIComponent('Asia/Tokyo')}; path=/`;
    const { browserTimeZone } = await load();
    const intl = vi.spyOn(Intl, 'DateTimeFormat');
    expect(browserTimeZone()).toBe('Asia/Tokyo');
    expect(intl).not.toHaveBeenCalled();
  });

  it("asks Intl when there is no cookie, and remembers the browser's zone in it", async () => {
    const { browserTimeZone, rememberTimeZone } = await load();
    expect(browserTimeZone()).toBe(intlZone());
    expect(rememberTimeZone()).toBe(false);
    expect(document.cookie).toContain(`tz=${encodeURIComponent(intlZone())}`);
  });

  it('says when the phone has moved to another zone since the cookie was set, and follows it', async () => {
    document.cookie = `tz=${encodeURIComponent('Pacific/Chatham')}; path=/`;
    const { browserTimeZone, rememberTimeZone } = await load();
    expect(browserTimeZone()).toBe('Pacific/Chatham');
    expect(rememberTimeZone()).toBe(true);
    expect(browserTimeZone()).toBe(intlZone());
    expect(document.cookie).toContain(`tz=${encodeURIComponent(intlZone())}`);
    expect(rememberTimeZone()).toBe(false);
  });

  it('ignores a cookie it cannot read', async () => {
    document.cookie = 'tz=%E0%A4%A; path=/';
    const { browserTimeZone } = await load();
    expect(browserTimeZone()).toBe(intlZone());
  });
});
