import type en from './en';

// `en` fixes the shape; other languages must provide the same keys with any string values.
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Dictionary = Widen<typeof en>;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every dotted path to a string in the dictionary, e.g. `landing.hero.title1`. */
export type TKey = Leaves<Dictionary>;
export type TVars = Record<string, string | number>;
