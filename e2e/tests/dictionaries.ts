// The app's own dictionaries, so the tests look for what a visitor reads without copying the copy.
import { en } from '../../web/src/shared/i18n/en';
import { nl } from '../../web/src/shared/i18n/nl';
import type { Lang } from './support';

const dictionaries = { en, nl } as const;

/** Looks up a dotted key such as 'features.title'; throws so a renamed key fails loudly. */
export function t(lang: Lang, key: string): string {
  let node: unknown = dictionaries[lang];
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in node)) throw new Error(`no key ${key} in ${lang}`);
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== 'string') throw new Error(`key ${key} in ${lang} is not a string`);
  return node;
}

/** Every string leaf of a dictionary, by dotted key. */
export function leaves(lang: Lang): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === 'string') out.set(prefix, node);
    else if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${prefix}.${i}`));
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
  };
  walk(dictionaries[lang], '');
  return out;
}
