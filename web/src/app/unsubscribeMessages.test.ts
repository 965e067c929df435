// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { unsubscribeMessages } from './unsubscribeMessages';

// The Go tests of the one-click off pages read their words from internal/web/testdata/unsubscribe.json, as the
// server reads the build's _internal/unsubscribe.json: it must be what the build writes from the dictionaries.
const fixture = fileURLToPath(new URL('../../../internal/web/testdata/unsubscribe.json', import.meta.url));

// Every string of a nested object, by its dotted key.
function leaves(o: object, prefix = ''): [string, string][] {
  return Object.entries(o).flatMap(([k, v]): [string, string][] =>
    typeof v === 'string' ? [[prefix + k, v]] : leaves(v as object, `${prefix}${k}.`),
  );
}

describe('unsubscribeMessages', () => {
  it('are the words the Go tests of the off pages use (else copy internal/web/dist/_internal/unsubscribe.json there after make build)', () => {
    expect(JSON.parse(JSON.stringify(unsubscribeMessages()))).toEqual(JSON.parse(readFileSync(fixture, 'utf8')));
  });

  it('keep in Dutch the placeholders of the English, and the same words', () => {
    const { en, nl } = unsubscribeMessages();
    const vars = (s: string) => [...s.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();
    const dutch = new Map(leaves(nl));
    expect([...dutch.keys()]).toEqual(leaves(en).map(([k]) => k));
    for (const [key, value] of leaves(en)) expect(vars(dutch.get(key)!), key).toEqual(vars(value));
    expect(en.alerts.title).toBe('Stop call alerts for {agent}?');
  });
});
