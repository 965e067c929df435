/** The browser's IANA time zone: an agent's period is counted in its days. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * Keeps the browser's time zone in the `tz` cookie, so the server can write an agent page's first data,
 * counted in it, into the page's shell (internal/web/firstdata.go). Only the workspaces set it.
 */
export function rememberTimeZone(): void {
  const cookie = `tz=${encodeURIComponent(browserTimeZone())}`;
  if (!document.cookie.split('; ').includes(cookie)) document.cookie = `${cookie}; path=/; max-age=31536000; samesite=lax`;
}
