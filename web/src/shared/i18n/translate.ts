import type { Dictionary, TKey, TVars } from './types';

/** Looks up a dotted key; a missing key returns the key itself (spec §1) so gaps are visible, not blank. */
export function translate(dict: Dictionary, key: TKey | (string & {}), vars?: TVars): string {
  let node: unknown = dict;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in node)) return key;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== 'string') return key;
  return vars ? node.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : node;
}
