import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { useLanguage } from '../i18n/LanguageContext';
import { switchLanguagePath, type Lang } from '../paths';

/** Remembers the visitor's language choice (the front door `/` reads it). */
export function rememberLanguage(target: Lang): void {
  document.cookie = `lang=${target}; path=/; max-age=31536000; samesite=lax`;
}

// The language choice is a plain link to the same screen in the other language (WCAG 3.2.2: moving over
// it with the keyboard changes nothing). Following it remembers the choice in a cookie and does a full
// page load, so the browser only ever holds one language's dictionary. The target is recomputed from the
// address bar on click: the not-found page is prerendered once per language, and React does not correct
// attributes while hydrating.
export function LanguageSelect() {
  const { lang, t } = useLanguage();
  const { pathname, search } = useLocation();
  const target: Lang = lang === 'en' ? 'nl' : 'en';

  function onClick(e: MouseEvent<HTMLAnchorElement>) {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    rememberLanguage(target);
    window.location.assign(switchLanguagePath(window.location.pathname, window.location.search, target));
  }

  return (
    <a
      href={switchLanguagePath(pathname, search, target)}
      hrefLang={target}
      lang={target}
      className="lang-picker"
      onClick={onClick}
    >
      {t(`header.languages.${target}`)}
    </a>
  );
}
