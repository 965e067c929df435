import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * A value only the browser knows (today's date, whether the page has hydrated): `server` in the
 * prerender and while hydrating its HTML, so the two match, then `client()` (React renders again at
 * once). `client` is read as a snapshot: it must return the same value each time it is called.
 */
export const useClientValue = <T>(client: () => T, server: T): T => useSyncExternalStore(unchanging, client, () => server);

/** False in the prerender and while hydrating; true once the page is interactive. */
export const useHydrated = () => useClientValue(() => true, false);
