import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { loadNamespace } from '../../shared/i18n/dictionaries';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { pageOf } from '../registry';

/** Keeps title, description, robots, canonical and hreflang in step with client-side navigation. */
export function useHeadSync(): void {
  const { lang, t } = useLanguage();
  const matches = useMatches();
  const { pathname } = useLocation();
  const page = pageOf(matches);
  const first = useRef(true);

  useEffect(() => {
    // The prerendered head is already right for the first page; only later navigations need updating.
    // The app shell (every client-only route, e.g. /console) has the head of the first client-only screen.
    const shell = first.current && document.querySelector('#root[data-shell]');
    if (first.current && !shell) {
      first.current = false;
      return;
    }
    if (page) {
      void Promise.all([import('../applyHead'), loadNamespace(lang, 'meta')]).then(([m]) => m.syncHead(page, lang, t));
    }
    if (first.current) first.current = false;
    else window.scrollTo(0, 0);
  }, [pathname, page, lang, t]);
}
