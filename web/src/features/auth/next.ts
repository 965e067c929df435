// C0 and C1 control characters (tab, line feed, carriage return among them: \p{Cc}, written out because the
// Go server's JavaScript engine has no Unicode property escapes) and the backslash.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const controlOrBackslash = /[\u0000-\u001f\u007f-\u009f\\]/;
const origin = 'https://belwise.invalid';

/**
 * The `next` query parameter, if it is a path on this site; otherwise null, and the caller goes to the
 * dashboard in the page's language.
 *
 * Refused: anything but a path starting with one `/` (`//host` and `/\host` are links to another host);
 * any control character or backslash, because browsers drop tabs and line breaks from URLs, so
 * `/\t/evil.example` turns into `//evil.example`; and all of that percent-encoded, at any depth
 * (`/%09/evil.example`, `/%5Cevil.example`, `/%252F%252Fevil.example`), because the value may be decoded
 * again on its way.
 */
export function safeNext(next: string | null): string | null {
  if (!next) return null;
  let value = next;
  for (let depth = 0; ; depth++) {
    if (!value.startsWith('/') || value.startsWith('//') || controlOrBackslash.test(value)) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      return null; // a malformed escape
    }
    if (decoded === value) break;
    if (depth === 4) return null; // still encoded after five rounds: nobody links like that
    value = decoded;
  }
  return new URL(next, origin).origin === origin ? next : null;
}
