import { Link } from 'react-router';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';

// Where the server sends a quote request posted without JavaScript (or before the page had hydrated),
// once it is stored: the form's own thank-you, as a page of its own. The address it went to is not in
// the URL, so the text does not name it.
export function Component() {
  const { lang, t } = useLanguage();
  return (
    <div className="mx-auto max-w-3xl px-4 pt-12 pb-28 sm:px-6 md:pt-20">
      <h1 className="display text-[2.5rem] sm:text-6xl">{t('quote.sent.title')}</h1>
      <p className="mt-6 max-w-2xl text-lg leading-relaxed text-ink-soft">{t('quote.sent.textPage')}</p>
      <Link to={localePath(lang, '/')} className="btn btn-ink mt-8">
        {t('quote.sent.home')}
      </Link>
    </div>
  );
}
