import type { Lang } from '../paths';
import type { Namespace } from './namespaces';
import type { Dictionary } from './types';

// The browser downloads only the active language, and of that only the namespaces of the screens it
// shows (the JS budget on `/` is tight). Namespaces are merged into one object per language, so
// translate() sees a single dictionary; a key whose namespace is not loaded yet falls back to the key.
// The server entry registers complete dictionaries up front.
const loaded: Partial<Record<Lang, Dictionary>> = {};
// Every namespace file, one lazy chunk each: shared/i18n/<lang>/<namespace>.ts.
const NAMESPACES = import.meta.glob<{ default: Partial<Dictionary> }>('./*/*.ts');
const pending = new Map<string, Promise<Dictionary>>();

export function registerDictionary(lang: Lang, dict: Dictionary): void {
  loaded[lang] = dict;
}

export function getDictionary(lang: Lang): Dictionary | undefined {
  return loaded[lang];
}

export function loadNamespace(lang: Lang, ns: Namespace): Promise<Dictionary> {
  // The prerender has everything registered already; this also keeps the imports out of the SSR bundle.
  if (import.meta.env.SSR) return Promise.resolve(loaded[lang]!);
  const id = `${lang}/${ns}`;
  let promise = pending.get(id);
  if (!promise) {
    promise = NAMESPACES[`./${id}.ts`]().then((mod) => Object.assign((loaded[lang] ??= {} as Dictionary), mod.default));
    pending.set(id, promise);
  }
  return promise;
}
