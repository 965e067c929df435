/**
 * The `next` query parameter, if it is a path on this site. `//host` and `/\host` are rejected:
 * browsers read both as a link to another host (an open redirect).
 */
export function safeNext(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}
