import { describe, expect, it } from 'vitest';
import { langFromPath, localePath, stripLang, switchLanguagePath } from './paths';

describe('langFromPath', () => {
  it('reads the /nl prefix only as a whole segment', () => {
    expect(langFromPath('/')).toBe('en');
    expect(langFromPath('/features')).toBe('en');
    expect(langFromPath('/nl')).toBe('nl');
    expect(langFromPath('/nl/pricing')).toBe('nl');
    expect(langFromPath('/nlx')).toBe('en');
  });
});

describe('localePath', () => {
  it('keeps English paths as they are', () => {
    expect(localePath('en', '/')).toBe('/');
    expect(localePath('en', '/features')).toBe('/features');
    expect(localePath('en', 'pricing')).toBe('/pricing');
  });

  it('prefixes Dutch paths with /nl', () => {
    expect(localePath('nl', '/')).toBe('/nl');
    expect(localePath('nl', '/features')).toBe('/nl/features');
    expect(localePath('nl', '/auth?next=%2Fnl%2Fdashboard')).toBe('/nl/auth?next=%2Fnl%2Fdashboard');
    expect(localePath('nl', '/?a=1')).toBe('/nl?a=1');
  });
});

describe('language switch', () => {
  it('strips the language prefix', () => {
    expect(stripLang('/nl')).toBe('/');
    expect(stripLang('/nl/')).toBe('/');
    expect(stripLang('/nl/features')).toBe('/features');
    expect(stripLang('/pricing')).toBe('/pricing');
  });

  it('maps each screen to the same screen in the other language, keeping the query', () => {
    expect(switchLanguagePath('/', '', 'nl')).toBe('/nl');
    expect(switchLanguagePath('/nl', '', 'en')).toBe('/');
    expect(switchLanguagePath('/features', '', 'nl')).toBe('/nl/features');
    expect(switchLanguagePath('/nl/features', '', 'en')).toBe('/features');
    expect(switchLanguagePath('/pricing', '?x=1', 'nl')).toBe('/nl/pricing?x=1');
    expect(switchLanguagePath('/nl/auth', '?next=%2Fnl%2Fdashboard', 'en')).toBe('/auth?next=%2Fnl%2Fdashboard');
    expect(switchLanguagePath('/features', '', 'en')).toBe('/features');
  });
});
