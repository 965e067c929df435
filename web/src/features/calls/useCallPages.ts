import { useState } from 'react';
import { ApiError } from '../../shared/api/client';
import type { CallPage } from '../../shared/api/types';
import { useApiResource } from '../../shared/auth/useApiResource';
import type { Lang } from '../../shared/paths';
import { getCalls } from './api';

/**
 * An order's calls, newest first, the numbers written for `lang`: the first page as a dashboard resource
 * (loading, sign-in, error), then "load more" appends the next page by cursor. Keyed by the order and the
 * language: render it under `key={`${orderId}:${lang}`}`.
 */
export function useCallPages(orderId: string, lang: Lang) {
  const { state, retry } = useApiResource((signal) => getCalls(orderId, lang, null, signal), `calls:${orderId}:${lang}`);
  // Pages loaded after the first, and the cursor after the last of them.
  const [more, setMore] = useState<CallPage | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<ApiError | null>(null);

  const items = state.status === 'ready' ? [...state.data.items, ...(more?.items ?? [])] : [];
  const cursor = more ? more.nextCursor : state.status === 'ready' ? state.data.nextCursor : null;

  async function loadMore() {
    if (!cursor || loadingMore) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await getCalls(orderId, lang, cursor);
      // Keyset pages do not overlap; this only makes sure no call is ever listed twice.
      setMore((prev) => {
        const seen = new Set([...(state.status === 'ready' ? state.data.items : []), ...(prev?.items ?? [])].map((c) => c.id));
        return { items: [...(prev?.items ?? []), ...page.items.filter((c) => !seen.has(c.id))], nextCursor: page.nextCursor || null };
      });
    } catch (err) {
      setMoreError(err instanceof ApiError ? err : new ApiError(0, 'unknown', String(err)));
    } finally {
      setLoadingMore(false);
    }
  }

  return { state, retry, items, hasMore: Boolean(cursor), loadMore, loadingMore, moreError };
}
