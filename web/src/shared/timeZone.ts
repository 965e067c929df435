// The browser's IANA time zone: an agent's period is counted in its days, and the server writes an agent
// page's first data, counted in it, into the page's shell (internal/web/firstdata.go), which is why the
// workspaces keep it in the `tz` cookie.
//
// Asking Intl for it is the page's first Intl formatter, which costs Chromium 150–300 ms on a phone slowed
// 4× (bench/slowphone.mjs): that is more than a signed-in screen's whole first render. So the first render
// takes the zone the cookie remembers, the one the server counted in, and Intl is asked after the first paint
// (rememberTimeZone); a browser without the cookie asks at once.

const COOKIE = 'tz';
let zone: string | undefined;

const intlZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function cookieZone(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const value = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** The browser's IANA time zone: the one the `tz` cookie remembers until rememberTimeZone has checked it. */
export function browserTimeZone(): string {
  return (zone ??= cookieZone() || intlZone());
}

/** The server's render of a signed-in screen (app/entry.screens.tsx): the zone the `tz` cookie named. */
export function assumeTimeZone(timeZone: string): void {
  zone = timeZone;
}

/**
 * Asks the browser for its time zone and keeps it in the `tz` cookie (only the workspaces set it). True
 * when it differs from the zone the page was counted in so far (the phone moved to another zone since the
 * cookie was set): what was counted in days should then be asked for again.
 */
export function rememberTimeZone(): boolean {
  const actual = intlZone();
  const before = zone;
  zone = actual;
  const cookie = `${COOKIE}=${encodeURIComponent(actual)}`;
  if (!document.cookie.split('; ').includes(cookie)) document.cookie = `${cookie}; path=/; max-age=31536000; samesite=lax`;
  return before !== undefined && before !== actual;
}

/** Runs `task` once the browser has painted and has a moment, so it never holds up a screen's first frame. */
export function afterFirstPaint(task: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(task, { timeout: 2000 });
    else timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (idle !== undefined) cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}
