import { Link } from 'react-router';
import { useLanguage } from '../../../shared/i18n/LanguageContext';
import { localePath } from '../../../shared/paths';
import { useFocusOnMount } from '../../../shared/ui/useFocusOnMount';

/** Replaces the form once the request is in; takes the focus over from the form's button. */
export function ThankYou({ email }: { email: string }) {
  const { lang, t } = useLanguage();
  const heading = useFocusOnMount<HTMLHeadingElement>(true);
  return (
    <section aria-labelledby="quote-sent" className="panel mt-10">
      <h2 id="quote-sent" ref={heading} tabIndex={-1} className="text-2xl font-extrabold tracking-tight sm:text-3xl">
        {t('quote.sent.title')}
      </h2>
      <p className="mt-4 max-w-xl text-lg leading-relaxed text-ink-soft [overflow-wrap:anywhere]">{t('quote.sent.text', { email })}</p>
      <Link to={localePath(lang, '/')} className="btn btn-ink mt-8">
        {t('quote.sent.home')}
      </Link>
    </section>
  );
}
