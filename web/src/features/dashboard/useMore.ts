import { useState } from 'react';
import type { ApiError } from '../../shared/api/client';
import { toApiError } from '../../shared/data/Deferred';

/** A page of a keyset list as the API sends it. */
export interface Paged<T> {
  items: T[];
  nextCursor?: string | null;
}

/**
 * A list beyond its first page: the route's loader brings that one, then "load more" follows the server's
 * cursor. `key` tells the rows apart, so none is ever listed twice. Rendered under <Deferred>, which mounts
 * it afresh for every first page.
 */
export function useMore<T>(first: Paged<T>, load: (cursor: string) => Promise<Paged<T>>, key: (item: T) => string) {
  const [more, setMore] = useState<T[]>([]);
  const [next, setNext] = useState(first.nextCursor ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  async function loadMore() {
    if (!next || busy) return;
    setBusy(true);
    setError(null);
    try {
      const page = await load(next);
      setMore((prev) => {
        const seen = new Set([...first.items, ...prev].map(key));
        return [...prev, ...page.items.filter((item) => !seen.has(key(item)))];
      });
      setNext(page.nextCursor ?? null);
    } catch (err) {
      setError(toApiError(err));
    }
    setBusy(false);
  }

  return { items: [...first.items, ...more], hasMore: Boolean(next), busy, error, loadMore };
}
