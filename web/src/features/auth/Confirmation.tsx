import type { ReactNode } from 'react';
import { useFocusOnMount } from '../../shared/ui/useFocusOnMount';

/** "We've sent you a link": replaces the form whose button had focus, so it takes the focus over. */
export function Confirmation({ children }: { children: ReactNode }) {
  const ref = useFocusOnMount<HTMLParagraphElement>(true);
  return (
    <p ref={ref} tabIndex={-1} role="status" className="notice notice-ok mt-4">
      {children}
    </p>
  );
}
