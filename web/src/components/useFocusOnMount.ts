import { useEffect, useRef } from 'react';

/** Moves focus to the returned ref's element when it mounts with `enabled`, e.g. after switching views. */
export function useFocusOnMount<T extends HTMLElement>(enabled: boolean | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
    // Only on mount: later renders must not steal focus.
  }, []);
  return ref;
}
