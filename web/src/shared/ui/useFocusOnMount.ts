import { useEffect, useRef, useState } from 'react';

/** Moves focus to the returned ref's element when it mounts with `enabled`, e.g. after switching views. */
export function useFocusOnMount<T extends HTMLElement>(enabled: boolean | undefined) {
  const ref = useRef<T>(null);
  // Only as it mounts: later renders must not steal focus.
  const [atMount] = useState(enabled);
  useEffect(() => {
    if (atMount) ref.current?.focus();
  }, [atMount]);
  return ref;
}
