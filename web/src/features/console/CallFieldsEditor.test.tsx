import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi as mockAll, signedIn } from '../../shared/testing/mockApi';
import { renderApp } from '../../shared/testing/renderApp';
import type { CallDataField } from './api';
import { CallFieldsEditor } from './CallFieldsEditor';

const ORDER = 'o-1';
const KEY = `/api/console/orders/${ORDER}/call-fields`;
const render = (lang: 'en' | 'nl' = 'en') =>
  renderApp({ path: 'editor', element: <CallFieldsEditor orderId={ORDER} /> }, lang === 'nl' ? '/nl/editor' : '/editor', lang);

const mockApi = (handlers: Parameters<typeof mockAll>[0]) => mockAll({ 'GET /api/me': signedIn(), ...handlers });

const CALLER: CallDataField = {
  name: 'caller_name',
  type: 'text',
  labelEn: "Caller's name",
  labelNl: 'Naam beller',
  options: [],
  followUp: false,
  followUpOptions: [],
};
const REASON: CallDataField = {
  name: 'reason',
  type: 'choice',
  labelEn: 'Reason',
  labelNl: 'Reden',
  options: ['Booking', 'Question'],
  followUp: false,
  followUpOptions: [],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CallFieldsEditor', () => {
  it('marks a yes/no field and some options of a choice as needing follow-up', async () => {
    const api = mockApi({
      [`GET ${KEY}`]: json(200, { fields: [REASON, { ...CALLER, name: 'callback_wanted', type: 'yes_no' }] }),
      [`PUT ${KEY}`]: (body) => json(200, body),
    });
    render();
    const reason = await screen.findByRole('group', { name: 'Field 1' });
    const marks = within(reason).getByRole('group', { name: 'These answers mean the call needs follow-up (the buyer is alerted)' });
    fireEvent.click(within(marks).getByLabelText('Question'));
    const wanted = screen.getByRole('group', { name: 'Field 2' });
    fireEvent.click(within(wanted).getByLabelText('A yes means the call needs follow-up (the buyer is alerted)'));
    // A text field offers no mark.
    expect(within(reason).queryByLabelText('A yes means the call needs follow-up (the buyer is alerted)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save fields' }));
    expect(await screen.findByText('Saved. New calls are read with these fields.')).toBeTruthy();
    const [sent] = api.sent(`PUT ${KEY}`) as { fields: CallDataField[] }[];
    expect(sent.fields[0]).toMatchObject({ name: 'reason', followUp: true, followUpOptions: ['Question'] });
    expect(sent.fields[1]).toMatchObject({ name: 'callback_wanted', followUp: true, followUpOptions: [] });
  });

  it('loads the fields, adds a yes/no field and saves the whole list in order', async () => {
    const api = mockApi({
      [`GET ${KEY}`]: json(200, { fields: [CALLER, REASON] }),
      [`PUT ${KEY}`]: (body) => json(200, body),
    });
    render();
    const first = await screen.findByRole('group', { name: 'Field 1' });
    expect(within(first).getByLabelText('Name')).toHaveProperty('value', 'caller_name');
    const second = screen.getByRole('group', { name: 'Field 2' });
    expect(within(second).getByLabelText('Options')).toHaveProperty('value', 'Booking\nQuestion');

    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    const third = screen.getByRole('group', { name: 'Field 3' });
    await waitFor(() => expect(document.activeElement).toBe(within(third).getByLabelText('Name')));
    fireEvent.change(within(third).getByLabelText('Name'), { target: { value: 'callback_wanted' } });
    fireEvent.change(within(third).getByLabelText('Type'), { target: { value: 'yes_no' } });
    expect(within(third).queryByLabelText('Options')).toBeNull();
    fireEvent.change(within(third).getByLabelText('Label in English'), { target: { value: 'Callback wanted' } });
    fireEvent.change(within(third).getByLabelText('Label in Dutch'), { target: { value: 'Terugbellen gewenst' } });
    // Moved to the top: the list is saved in the order shown.
    fireEvent.click(within(third).getByRole('button', { name: 'Move field 3 up' }));
    fireEvent.click(screen.getByRole('group', { name: 'Field 2' }).querySelector('[data-move$="-up"]')!);
    fireEvent.click(screen.getByRole('button', { name: 'Save fields' }));

    expect(await screen.findByText('Saved. New calls are read with these fields.')).toBeTruthy();
    expect(api.sent(`PUT ${KEY}`)).toEqual([
      {
        fields: [
          {
            name: 'callback_wanted',
            type: 'yes_no',
            labelEn: 'Callback wanted',
            labelNl: 'Terugbellen gewenst',
            options: [],
            followUp: false,
            followUpOptions: [],
          },
          CALLER,
          REASON,
        ],
      },
    ]);
    expect(within(screen.getByRole('group', { name: 'Field 1' })).getByLabelText('Name')).toHaveProperty('value', 'callback_wanted');
  });

  it('shows a problem the server names at its input, in Dutch', async () => {
    mockApi({
      [`GET ${KEY}`]: json(200, { fields: [CALLER, REASON] }),
      [`PUT ${KEY}`]: json(400, { error: { code: 'duplicate_field', field: 'fields[1].name', message: 'twice' } }),
    });
    render('nl');
    const second = await screen.findByRole('group', { name: 'Veld 2' });
    fireEvent.change(within(second).getByLabelText('Naam'), { target: { value: 'caller_name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Velden opslaan' }));
    const input = within(second).getByLabelText('Naam');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(within(second).getByText('Twee velden hebben deze naam. Elke naam mag één keer voorkomen.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('splits a choice’s options by line and removes a field', async () => {
    const api = mockApi({ [`GET ${KEY}`]: json(200, { fields: [CALLER, REASON] }), [`PUT ${KEY}`]: (body) => json(200, body) });
    render();
    const second = await screen.findByRole('group', { name: 'Field 2' });
    fireEvent.change(within(second).getByLabelText('Options'), { target: { value: ' Booking \n\nQuestion\nComplaint' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove field 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save fields' }));
    await screen.findByText('Saved. New calls are read with these fields.');
    expect(api.sent(`PUT ${KEY}`)).toEqual([{ fields: [{ ...REASON, options: ['Booking', 'Question', 'Complaint'] }] }]);
  });

  it('says when the fields could not be loaded, and tries again', async () => {
    let calls = 0;
    mockApi({
      [`GET ${KEY}`]: () => (++calls === 1 ? json(503, { error: { code: 'unavailable', message: 'down' } }) : json(200, { fields: [] })),
    });
    render();
    expect((await screen.findByRole('alert')).textContent).toContain("We couldn't load the fields.");
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No fields yet.')).toBeTruthy();
  });
});
