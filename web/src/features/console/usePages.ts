import { useState } from 'react';
import { useApiResource } from '../../shared/auth/useApiResource';
import { describeError, type Problem } from '../../shared/form/errors';
import type { Page } from './api';

/**
 * A console list: its first page as an API resource (a new `key`, such as other filters, loads again;
 * signed out goes to sign in), then "load more" by the server's cursor, and rows replaced in place
 * after a change. Everything beyond the first page belongs to that page's answer: a reload starts over.
 */
export function usePages<T extends { id: string }>(
  load: (cursor: string | undefined, signal?: AbortSignal) => Promise<Page<T>>,
  key: string,
) {
  const { state, retry } = useApiResource((signal) => load(undefined, signal), key);
  const first = state.status === 'ready' ? state.data : null;
  const [more, setMore] = useState<{ base: Page<T>; items: T[]; next: string | null } | null>(null);
  const [changed, setChanged] = useState<{ base: Page<T>; rows: Record<string, T> } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const extra = more && more.base === first ? more : null;
  const rows = changed && changed.base === first ? changed.rows : {};
  const items = first ? [...first.items, ...(extra?.items ?? [])].map((item) => rows[item.id] ?? item) : [];
  const next = extra ? extra.next : (first?.nextCursor ?? null);

  async function loadMore() {
    if (!first || !next || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const page = await load(next);
      setMore({ base: first, items: [...(extra?.items ?? []), ...page.items], next: page.nextCursor });
    } catch (err) {
      setProblem(describeError(err));
    }
    setBusy(false);
  }

  /** Shows `item` in place of the row with its id (after a change the server answered with). */
  function replace(item: T) {
    if (first) setChanged({ base: first, rows: { ...rows, [item.id]: item } });
  }

  return { state, retry, items, next, busy, problem, loadMore, replace };
}
