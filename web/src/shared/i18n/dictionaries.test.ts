import { describe, expect, it } from 'vitest';
import en from './en';
import nl from './nl';

function leaves(node: unknown, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (value !== null && typeof value === 'object') Object.assign(out, leaves(value, `${prefix}${key}.`));
    else out[prefix + key] = value;
  }
  return out;
}

describe('dictionaries', () => {
  const enLeaves = leaves(en);
  const nlLeaves = leaves(nl);

  it("say the call card's starting state (shown before the app has loaded) in the card's own words", () => {
    for (const dict of [en, nl]) {
      expect(dict.header.callCard).toEqual({ region: dict.voice.region, title: dict.voice.title, connecting: dict.voice.connecting });
    }
  });

  it('have exactly the same keys', () => {
    expect(Object.keys(nlLeaves).sort()).toEqual(Object.keys(enLeaves).sort());
  });

  it('hold only non-empty strings', () => {
    for (const [key, value] of [...Object.entries(enLeaves), ...Object.entries(nlLeaves)]) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it('write Dutch prices the Dutch way', () => {
    expect(nl.pricing.usage.amount).toContain('€ 0,10');
    expect(en.pricing.usage.amount).toContain('€0.10');
  });
});
