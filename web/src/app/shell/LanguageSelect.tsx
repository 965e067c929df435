import { Link, useLocation } from 'react-router';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { switchLanguagePath, type Lang } from '../../shared/paths';
import { useVoicePanel } from '../../features/voice/panel';

// The language choice is a plain link to the same screen in the other language (WCAG 3.2.2: moving over
// it with the keyboard changes nothing). Following it remembers the choice in a `lang` cookie and loads
// the page afresh, so the browser only ever holds one language's dictionary; once the voice widget is
// in use it switches inside the page instead, so a conversation carries on.
export function LanguageSelect() {
  const { lang, t } = useLanguage();
  const { pathname, search } = useLocation();
  const target: Lang = lang === 'en' ? 'nl' : 'en';
  const panel = useVoicePanel();
  const to = switchLanguagePath(pathname, search, target);
  return (
    <Link
      to={to}
      lang={target}
      className="lang-picker"
      onClick={(e) => {
        document.cookie = `lang=${target}; path=/; max-age=31536000`;
        // Not the href: React keeps the prerendered one while hydrating (no query; the not-found page's).
        if (!panel) {
          e.preventDefault();
          location.assign(to);
        }
      }}
    >
      {t(`header.languages.${target}`)}
    </Link>
  );
}
