import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from '../../shared/i18n/en';
import nl from '../../shared/i18n/nl';
import type { Lang } from '../../shared/paths';
import { mockApi, signedOut } from '../../shared/testing/mockApi';
import { renderApp } from '../../shared/testing/renderApp';
import { Component as ContactPage } from './Contact';
import { Component as PrivacyPage } from './Privacy';

// The server writes its configuration into every page's <meta>s (web/src/shared/content/siteFacts.ts); an unset
// company detail is an empty one.
function setFacts(facts: Record<string, string>) {
  document.head.querySelectorAll('meta[data-test-fact]').forEach((m) => m.remove());
  for (const [name, content] of Object.entries({ 'call-retention-days': '60', ...facts })) {
    const meta = document.createElement('meta');
    meta.name = name;
    meta.content = content;
    meta.dataset.testFact = '';
    document.head.append(meta);
  }
}

const NONE = { 'company-name': '', 'company-address': '', 'company-phone': '', 'company-email': '', 'company-kvk': '', 'company-vat': '' };

const render = (page: 'contact' | 'privacy', lang: Lang = 'en') =>
  renderApp(
    { path: page, element: page === 'contact' ? <ContactPage /> : <PrivacyPage /> },
    lang === 'nl' ? `/nl/${page}` : `/${page}`,
    lang,
  );

beforeEach(() => mockApi({ 'GET /api/me': signedOut() }));
afterEach(() => {
  cleanup();
  setFacts({});
});

describe('/contact', () => {
  it('lists only the configured details under its heading', () => {
    setFacts({ ...NONE, 'company-name': 'Belwise B.V.', 'company-email': 'hello@belwise.test' });
    render('contact');
    const section = screen.getByRole('region', { name: 'Company details' });
    expect([...section.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Company', 'Email']);
    expect(screen.getByRole('link', { name: 'hello@belwise.test' }).getAttribute('href')).toBe('mailto:hello@belwise.test');
  });

  it.each(['en', 'nl'] as const)('shows no company heading at all when no detail is set (%s)', (lang) => {
    setFacts({ ...NONE, 'contact-email': 'quotes@belwise.test' });
    const { container } = render('contact', lang);
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByText((lang === 'nl' ? nl : en).contact.companyTitle)).toBeNull();
    expect(container.querySelector('[data-company-details], dl.company')).toBeNull();
  });
});

describe('/privacy', () => {
  it.each([
    ['en', 'Email your request to', 'hello@belwise.test'],
    ['nl', 'Stuur uw verzoek per e-mail naar', 'quotes@belwise.test'],
  ] as const)('names the address that answers requests, as a mailto: link (%s)', (lang, sentence, email) => {
    setFacts({ ...NONE, 'contact-email': email });
    render('privacy', lang);
    const link = screen.getByRole('link', { name: email });
    expect(link.getAttribute('href')).toBe(`mailto:${email}`);
    expect(link.parentElement!.textContent).toContain(`${sentence} ${email};`);
    expect(document.body.textContent).not.toContain('{email}');
  });
});
