// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { payMessages } from './payMessages';

// The Go tests of the pay page read its words from internal/web/testdata/pay.json, as the server reads the
// build's _internal/pay.json: it must be what the build writes from the dictionaries.
const fixture = fileURLToPath(new URL('../../../internal/web/testdata/pay.json', import.meta.url));

describe('payMessages', () => {
  it('are the words the Go tests of the pay page use (else copy internal/web/dist/_internal/pay.json there after make build)', () => {
    expect(payMessages()).toEqual(JSON.parse(readFileSync(fixture, 'utf8')));
  });

  it('keep in Dutch the placeholders of the English', () => {
    const { en, nl } = payMessages();
    const vars = (s: string) => [...s.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();
    for (const [key, value] of Object.entries(en)) {
      if (typeof value === 'string') expect(vars(nl[key as keyof typeof nl] as string), key).toEqual(vars(value));
    }
    expect(nl.months).toHaveLength(12);
    expect(en.months[10]).toBe('November');
  });
});
