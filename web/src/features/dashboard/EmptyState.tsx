import { Link } from 'react-router';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';

/** Nothing to list yet; the way forward is a quote. */
export function EmptyState({ title, text, cta }: { title: string; text: string; cta: string }) {
  const { lang } = useLanguage();
  return (
    <div className="panel mt-6 text-center">
      <h3 className="text-xl font-bold tracking-tight">{title}</h3>
      <p className="mx-auto mt-2 max-w-md text-ink-soft">{text}</p>
      <Link to={localePath(lang, '/quote')} className="btn btn-signal mt-5">
        {cta}
      </Link>
    </div>
  );
}
