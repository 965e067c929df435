import type { Lang } from '../paths';

// Where a long Dutch compound from data (an agent's name from the catalogue, a personalized agent's name) may
// break in a heading. Browsers with a Dutch hyphenation dictionary do it themselves (hyphens: auto on headings);
// Debian's Chromium has none and would cut such a word anywhere ("Leadkwalificee|rder"). This puts a soft
// hyphen before the parts Dutch compounds in this site end with, so the word breaks where a Dutch reader
// expects it ("Lead-kwalificeerder"). The dictionary's own headings carry their soft hyphens already.
const PARTS = [
  'kwalificeerder',
  'kwalificatie',
  'medewerker',
  'verklaring',
  'gesprekken',
  'assistent',
  'aanvragen',
  'praktijken',
  'praktijk',
  'gegevens',
  'planner',
  'service',
  'gesprek',
  'agenten',
  'agent',
  'kosten',
];
const SHY = '\u00AD';
// A word's letters: Latin, with its accents (é, ë, ï…), which is every Dutch word. Not \p{L}: the Go server's
// JavaScript engine, which draws the signed-in screens (internal/screens), matches nothing with it.
const LETTERS = /[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F]+/g;
// At least this many letters before and after a break, and only in words this long.
const MIN_SIDE = 4;
const MIN_WORD = 13;

/** `text` with soft hyphens at the known joints of its long Dutch words; other languages unchanged. */
export function softHyphens(text: string, lang: Lang): string {
  if (lang !== 'nl') return text;
  return text.replace(LETTERS, (word) => {
    if (word.length < MIN_WORD) return word;
    const lower = word.toLowerCase();
    const at = new Set<number>();
    for (const part of PARTS) {
      for (let i = lower.indexOf(part, MIN_SIDE); i !== -1; i = lower.indexOf(part, i + 1)) {
        if (word.length - i >= MIN_SIDE && ![...at].some((j) => Math.abs(j - i) < MIN_SIDE)) at.add(i);
      }
    }
    let out = '';
    [...at].sort((a, b) => a - b).reduce((from, i) => ((out += word.slice(from, i) + SHY), i), 0);
    return out + word.slice(Math.max(0, ...at));
  });
}
