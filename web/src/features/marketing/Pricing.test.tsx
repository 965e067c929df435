import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, signedOut } from '../../shared/testing/mockApi';
import { renderApp } from '../../shared/testing/renderApp';
import { Component as PricingPage } from './Pricing';

afterEach(cleanup);

describe('/pricing', () => {
  it.each([
    ['en', '/pricing', 'From €0.10', 'per minute of call time, excl. VAT', 'All prices exclude VAT.'],
    ['nl', '/nl/pricing', 'Vanaf € 0,10', 'per gespreksminuut, excl. btw', 'Alle prijzen zijn exclusief btw.'],
  ] as const)('says next to the price that it excludes VAT (%s)', (lang, url, amount, note, vatNote) => {
    mockApi({ 'GET /api/me': signedOut() });
    renderApp({ path: 'pricing', element: <PricingPage /> }, url, lang);
    expect(screen.getByText(amount).nextElementSibling?.textContent).toBe(note);
    expect(screen.getByText(vatNote)).toBeTruthy();
    expect(screen.getByText(/0[.,]10 (a|per) minu(te|ut) \(excl\. (VAT|btw)\)/)).toBeTruthy();
  });
});
