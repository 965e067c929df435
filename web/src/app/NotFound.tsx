import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useLanguage } from '../shared/i18n/LanguageContext';
import { localePath } from '../shared/paths';

// Markup must not depend on the URL: one prerendered copy per language serves every unknown path.
export function Component() {
  const { lang, t } = useLanguage();
  const { pathname } = useLocation();

  useEffect(() => {
    // Spec §2: the bad path goes to the console (a warning, not an error).
    console.warn('404: no page at', pathname);
  }, [pathname]);

  return (
    <div className="mx-auto max-w-3xl px-4 pt-16 pb-28 sm:px-6 md:pt-24">
      <p className="display font-mono text-[6rem] text-signal-ink sm:text-[9rem]">{t('notFound.code')}</p>
      <h1 className="display mt-2 text-4xl sm:text-5xl">{t('notFound.title')}</h1>
      <p className="mt-5 text-lg text-ink-soft">{t('notFound.text')}</p>
      <Link to={localePath(lang, '/')} className="btn btn-ink mt-8">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
