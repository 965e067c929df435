import { lazy, Suspense } from 'react';
import { useHydrated } from './useClientValue';

const Toasts = lazy(() => import('./Toasts'));

/**
 * Mounts the toast outlet once the page is interactive: sonner stays out of the entry bundle and out
 * of the prerendered HTML (so hydration has nothing to match). Toasts raised earlier still show up.
 * `label` names the toast region for screen readers, from the page's own namespace.
 */
export function LazyToaster({ label }: { label: string }) {
  return useHydrated() ? (
    <Suspense fallback={null}>
      <Toasts label={label} />
    </Suspense>
  ) : null;
}
