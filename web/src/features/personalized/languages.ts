// Recognising the languages the agent should speak on calls.
import type { CallLanguage, Lang } from '../../shared/agentDraft';
import { wordRegex } from '../../shared/text';

const LANGUAGE_SOURCES: Readonly<Record<CallLanguage, readonly string[]>> = {
  en: ['english', 'engels', 'engelse', 'engelstalig[a-z]*', 'anglais', 'ingles', 'englisch'],
  nl: [
    'dutch',
    'nederlands',
    'nederlandse',
    'nederlandstalig[a-z]*',
    'vlaams',
    'vlaamse',
    'flemish',
    'neerlandais',
    'niederlandisch',
    'holandes',
  ],
  de: ['german', 'duits', 'duitse', 'duitstalig[a-z]*', 'deutsch', 'allemand', 'aleman'],
  fr: ['french', 'frans', 'franse', 'franstalig[a-z]*', 'francais', 'franzosisch', 'frances'],
  es: ['spanish', 'spaans', 'spaanse', 'spaanstalig[a-z]*', 'espanol', 'spanisch', 'espagnol'],
};

const LANGUAGE_REGEXES: ReadonlyArray<readonly [CallLanguage, RegExp]> = (Object.keys(LANGUAGE_SOURCES) as CallLanguage[]).map(
  (code) => [code, wordRegex(LANGUAGE_SOURCES[code], 'gi')] as const,
);

const BILINGUAL = wordRegex(['bilingual', 'tweetalig[a-z]*', 'bilingue']);

/** All language words, for rejecting "Dutch" or "Nederlandse" as a business name. */
export const ANY_LANGUAGE = wordRegex(Object.values(LANGUAGE_SOURCES).flat());

/** "Frans" is also a Dutch first name: "Frans Jansen" or "Bakkerij Frans de Boer" is not the language. */
function isFirstName(folded: string, start: number, match: string): boolean {
  return match === 'Frans' && /^\s+[A-Z][a-z]/.test(folded.slice(start + match.length, start + match.length + 4));
}

/**
 * Languages in order of first mention. "bilingual"/"tweetalig" stands for English and Dutch, the page
 * language first. Returns [] when no language is named (the caller then defaults to the page language).
 */
export function detectCallLanguages(folded: string, pageLang: Lang): CallLanguage[] {
  const firstSeen = new Map<CallLanguage, number>();
  const see = (code: CallLanguage, at: number) => {
    const prev = firstSeen.get(code);
    if (prev === undefined || at < prev) firstSeen.set(code, at);
  };
  for (const [code, re] of LANGUAGE_REGEXES) {
    for (const m of folded.matchAll(re)) {
      if (isFirstName(folded, m.index, m[0])) continue;
      see(code, m.index);
      break;
    }
  }
  const bilingual = folded.search(BILINGUAL);
  if (bilingual >= 0) {
    see(pageLang, bilingual);
    see(pageLang === 'en' ? 'nl' : 'en', bilingual + 0.5);
  }
  return [...firstSeen.entries()].sort((a, b) => a[1] - b[1]).map(([code]) => code);
}
