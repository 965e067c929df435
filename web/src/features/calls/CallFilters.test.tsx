import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../shared/i18n/en';
import { LanguageProvider } from '../../shared/i18n/LanguageContext';
import { CallFilterForm, PeriodPicker } from './CallFilters';

// The period and the filters are two forms over one URL: a change of one must not reset what is chosen in the
// other (a period picked while the filters' page loads was lost, and "Show" then showed this month).
afterEach(cleanup);

function mount(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/agent',
        element: (
          <LanguageProvider lang="en" dict={en}>
            <PeriodPicker />
            <CallFilterForm />
          </LanguageProvider>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('PeriodPicker and CallFilterForm', () => {
  it('keeps a period being chosen when the filters change, and shows the URL period after a change of it', async () => {
    const router = mount('/agent?q=kwartel');
    const period = screen.getByLabelText(en.calls.period.label) as HTMLSelectElement;
    fireEvent.change(period, { target: { value: '7d' } });
    await act(() => router.navigate('/agent?q=kwartel&goal=yes'));
    expect((screen.getByLabelText(en.calls.period.label) as HTMLSelectElement).value).toBe('7d');
    fireEvent.click(screen.getByRole('button', { name: en.calls.period.show }));
    await screen.findByDisplayValue(en.calls.period.d7);
    expect(new URLSearchParams(router.state.location.search).get('period')).toBe('7d');
    expect(new URLSearchParams(router.state.location.search).get('goal')).toBe('yes');

    // "Back" to a URL with another period shows that period.
    await act(() => router.navigate('/agent?period=30d'));
    expect((screen.getByLabelText(en.calls.period.label) as HTMLSelectElement).value).toBe('30d');
  });

  it('keeps the words typed in the search when the period changes', async () => {
    const router = mount('/agent');
    fireEvent.change(screen.getByLabelText(en.calls.filters.search), { target: { value: 'zwaluw' } });
    await act(() => router.navigate('/agent?period=7d'));
    expect((screen.getByLabelText(en.calls.filters.search) as HTMLInputElement).value).toBe('zwaluw');
  });
});
