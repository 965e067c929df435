import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Lang } from '../paths';
import { translate } from './translate';
import type { Dictionary, TKey, TVars } from './types';

export interface LanguageValue {
  lang: Lang;
  t: (key: TKey, vars?: TVars) => string;
}

const LanguageContext = createContext<LanguageValue | null>(null);

export function LanguageProvider({ lang, dict, children }: { lang: Lang; dict: Dictionary; children: ReactNode }) {
  const value = useMemo<LanguageValue>(() => ({ lang, t: (key, vars) => translate(dict, key, vars) }), [lang, dict]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageValue {
  const value = useContext(LanguageContext);
  // Message fixed by spec §8 (context misuse).
  if (!value) throw new Error('useLanguage must be used within a LanguageProvider');
  return value;
}
