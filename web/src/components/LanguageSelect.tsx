import type { ChangeEvent } from 'react';
import { useLocation } from 'react-router';
import { useLanguage } from '../i18n/LanguageContext';
import { LANGS, switchLanguagePath, type Lang } from '../paths';

// Switching language remembers the choice in a cookie and does a full page load,
// so the browser only ever holds one language's dictionary.
export function LanguageSelect() {
  const { lang, t } = useLanguage();
  const { pathname, search } = useLocation();

  function onChange(e: ChangeEvent<HTMLSelectElement>) {
    const target = e.target.value as Lang;
    document.cookie = `lang=${target}; path=/; max-age=31536000; samesite=lax`;
    window.location.assign(switchLanguagePath(pathname, search, target));
  }

  return (
    <>
      <label htmlFor="lang" className="sr-only">
        {t('header.language')}
      </label>
      <select id="lang" className="lang-picker" value={lang} onChange={onChange}>
        {LANGS.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`header.languages.${l}`)}
          </option>
        ))}
      </select>
    </>
  );
}
