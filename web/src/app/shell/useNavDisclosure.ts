import { useEffect, useRef, useState } from 'react';

/** Before the app has taken over: the boot script left the menu open (prerender.mjs). */
const earlyOpen = () =>
  typeof document !== 'undefined' &&
  !document.documentElement.hasAttribute('data-hydrated') &&
  document.querySelector('.site-nav .nav-toggle')?.getAttribute('aria-expanded') === 'true';

/**
 * The site's and the workspaces' menu on narrow screens: a disclosure (a button that shows and hides the
 * list). It closes on every navigation, and on Escape wherever the focus is, which then goes back to the
 * button. Before the app has loaded, the page's boot script opens and closes the list itself, Escape
 * included; the app's first render, hydrating a prerendered page or rendering over a screen the server
 * drew, starts from what the button shows.
 */
export function useNavDisclosure(pathname: string) {
  const [openOn, setOpenOn] = useState(() => (earlyOpen() ? pathname : ''));
  const open = openOn === pathname;
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenOn('');
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return { open, toggle, onToggle: () => setOpenOn(open ? '' : pathname) };
}
