import { useState } from 'react';
import { describeError, type Problem } from '../../shared/form/errors';
import type { Page } from './api';

/**
 * A console list beyond its first page: the route's loader brings that one (its filters are in the URL,
 * so another filter or a reload runs the loader again and starts over), then "load more" follows the
 * server's cursor, and a row is replaced in place after a change. Rendered under <Deferred>, which
 * mounts it afresh for every first page.
 */
export function usePages<T extends { id: string }>(first: Page<T>, load: (cursor: string) => Promise<Page<T>>) {
  const [more, setMore] = useState<T[]>([]);
  const [next, setNext] = useState(first.nextCursor);
  const [rows, setRows] = useState<Record<string, T>>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const items = [...first.items, ...more].map((item) => rows[item.id] ?? item);

  async function loadMore() {
    if (!next || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const page = await load(next);
      setMore((items) => [...items, ...page.items]);
      setNext(page.nextCursor);
    } catch (err) {
      setProblem(describeError(err));
    }
    setBusy(false);
  }

  /** Shows `item` in place of the row with its id (after a change the server answered with). */
  function replace(item: T) {
    setRows((rows) => ({ ...rows, [item.id]: item }));
  }

  return { items, next, busy, problem, loadMore, replace };
}
