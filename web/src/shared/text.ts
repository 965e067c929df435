// Text helpers: accent folding that keeps string offsets, and word-boundary-aware regex building.

const COMBINING_MARKS = /[\u0300-\u036f]/g;
// Every UTF-16 code unit outside ASCII.
const NON_ASCII = /[\u0080-\uffff]/g;
const PUNCTUATION_FOLDS: Readonly<Record<string, string>> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u00a0': ' ',
};

/**
 * Removes diacritics (é → e, ë → e) and folds curly quotes and dashes, keeping the case and — crucially —
 * the length: character i of the result corresponds to character i of `text.normalize('NFC')`, so a match
 * found in the folded text can be cut out of the original with the same offsets.
 */
export function fold(nfcText: string): string {
  return nfcText.replace(NON_ASCII, (ch) => {
    const mapped = PUNCTUATION_FOLDS[ch];
    if (mapped !== undefined) return mapped;
    const base = ch.normalize('NFD').replace(COMBINING_MARKS, '');
    return base.length === 1 ? base : ch;
  });
}

/** No letter or digit directly before / after a match. */
const WORD_START = '(?<![A-Za-z0-9])';
const WORD_END = '(?![A-Za-z0-9])';

/**
 * Compiles pattern sources into one case-insensitive regex that only matches whole words.
 * Shorthand inside a source: a space means "one or more spaces or hyphens", `~` means "optional spaces or
 * hyphens" (so `cold~call` matches "cold call", "cold-call" and "coldcall"). Patterns that should also
 * match Dutch compounds spell that out with `[a-z]*` at either end.
 */
export function wordRegex(sources: readonly string[], flags = 'i'): RegExp {
  const body = sources.map((s) => s.replace(/~/g, '[\\s-]*').replace(/ /g, '[\\s-]+')).join('|');
  return new RegExp(`${WORD_START}(?:${body})${WORD_END}`, flags);
}

/** Replaces `{key}` placeholders. Unknown keys are left as they are, so a missing variable is easy to spot. */
export function fill(template: string, vars: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);
}

/** "a", "a and b", "a, b and c" with the given word for "and". */
export function joinList(items: readonly string[], and: string): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}
