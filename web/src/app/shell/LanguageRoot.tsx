import { use } from 'react';
import { getDictionary, loadNamespace } from '../../shared/i18n/dictionaries';
import { LanguageProvider } from '../../shared/i18n/LanguageContext';
import type { Lang } from '../../shared/paths';
import { Layout } from './Layout';

/** Root element of each language tree: provides that language's dictionary to the layout and pages. */
export function LanguageRoot({ lang }: { lang: Lang }) {
  // Normally already there (the server registers both; the client loads it before hydrating).
  const dict = getDictionary(lang) ?? use(loadNamespace(lang, 'common'));
  return (
    <LanguageProvider lang={lang} dict={dict}>
      <Layout />
    </LanguageProvider>
  );
}
