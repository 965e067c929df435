import { render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import en from './en';
import { LanguageProvider, useLanguage } from './LanguageContext';
import nl from './nl';
import { translate } from './translate';

describe('translate', () => {
  it('looks up nested keys', () => {
    expect(translate(en, 'landing.hero.title1')).toBe('Voice agents');
    expect(translate(nl, 'notFound.title')).toBe('Oeps! Pagina niet gevonden');
    expect(translate(nl, 'pricing.usage.amount')).toBe('Vanaf € 0,10');
  });

  it('returns the key itself when it is missing', () => {
    expect(translate(en, 'landing.hero.nope')).toBe('landing.hero.nope');
    expect(translate(en, 'nothing')).toBe('nothing');
    // A key that stops at a branch is not a string either.
    expect(translate(en, 'landing.hero')).toBe('landing.hero');
  });

  it('fills in {placeholders}', () => {
    expect(translate(en, 'footer.copyright', { year: 2031 })).toBe('© 2031 Belwise. All rights reserved.');
  });
});

describe('useLanguage', () => {
  it('throws the spec message outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useLanguage())).toThrow('useLanguage must be used within a LanguageProvider');
  });

  it('gives the language and a bound t() inside the provider', () => {
    function Probe() {
      const { lang, t } = useLanguage();
      return (
        <p>
          {lang}:{t('header.signIn')}
        </p>
      );
    }
    render(
      <LanguageProvider lang="nl" dict={nl}>
        <Probe />
      </LanguageProvider>,
    );
    expect(screen.getByText('nl:Inloggen')).toBeTruthy();
  });
});
