import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, signedOut } from '../../shared/testing/mockApi';
import { renderApp } from '../../shared/testing/renderApp';
import { Header } from './Header';

afterEach(cleanup);

const renderHeader = () => {
  mockApi({ 'GET /api/me': signedOut() });
  return renderApp({ path: 'features', element: <p>Features page</p> }, '/nl/features', 'nl', <Header />);
};

describe('the header menu (narrow screens)', () => {
  it('closes on Escape, from the button or from a link inside, and gives the focus back to its button', () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-controls')).toBe('site-nav-list');
    for (const from of ['button', 'link'] as const) {
      fireEvent.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      const focused = from === 'button' ? toggle : screen.getByRole('link', { name: 'Prijzen' });
      focused.focus();
      fireEvent.keyDown(focused, { key: 'Escape' });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(document.activeElement).toBe(toggle);
    }
  });

  it('leaves other keys and a closed menu alone', () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(toggle);
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    const link = screen.getByRole('link', { name: 'Prijzen' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(document.activeElement).toBe(link);
  });
});
