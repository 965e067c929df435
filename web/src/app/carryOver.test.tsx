import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { carryOver } from './carryOver';

// What a visitor does on a screen the server drew, before the app has loaded, is still there once the app has
// rendered the same screen over it.

function Screen() {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('all');
  const [mine, setMine] = useState(false);
  return (
    <form>
      <input aria-label="Search" value={q} onChange={(e) => setQ(e.target.value)} />
      <select aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
        <option value="all">All</option>
        <option value="new">New</option>
      </select>
      <input type="checkbox" aria-label="Mine" checked={mine} onChange={(e) => setMine(e.target.checked)} />
      <textarea aria-label="Note" defaultValue="" />
      <button type="button">Apply</button>
      <output>{`${q}|${status}|${mine}`}</output>
    </form>
  );
}

const IS_ACT = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
afterEach(() => {
  document.body.innerHTML = '';
  delete window.__early;
});

/** The drawn screen: the server's markup, no React on it. */
function drawn(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderToString(<Screen />);
  document.body.append(root);
  return root;
}

const field = <T extends Element>(root: Element, label: string) => root.querySelector<T & Element>(`[aria-label="${label}"]`)!;

describe('carryOver', () => {
  it("puts what was typed, chosen, ticked, the focus and an early press on the app's screen", async () => {
    const root = drawn();
    // The visitor, before the app: types, chooses, ticks, and leaves the caret inside the search.
    const search = field<HTMLInputElement>(root, 'Search');
    search.value = 'bakker';
    field<HTMLSelectElement>(root, 'Status').value = 'new';
    field<HTMLInputElement>(root, 'Mine').checked = true;
    field<HTMLTextAreaElement>(root, 'Note').value = 'call back';
    search.focus();
    search.setSelectionRange(2, 4);
    const button = root.querySelector('button')!;
    window.__early = { el: button, type: 'click', value: '' };

    const restore = carryOver(root);
    IS_ACT.IS_REACT_ACT_ENVIRONMENT = true;
    await act(async () => createRoot(root).render(<Screen />));
    expect(search.isConnected).toBe(false); // the app's screen is new markup
    await act(async () => restore());
    IS_ACT.IS_REACT_ACT_ENVIRONMENT = false;

    // React's state has them, not just the elements.
    expect(root.querySelector('output')!.textContent).toBe('bakker|new|true');
    expect(field<HTMLTextAreaElement>(root, 'Note').value).toBe('call back');
    const now = field<HTMLInputElement>(root, 'Search');
    expect(document.activeElement).toBe(now);
    expect([now.selectionStart, now.selectionEnd]).toEqual([2, 4]);
    // The press is carried out on the app's button.
    expect(window.__early!.el).toBe(root.querySelector('button'));
    expect(window.__early!.el.isConnected).toBe(true);
  });

  it('leaves alone what was not changed, and an element the app renders differently', async () => {
    const root = drawn();
    field<HTMLInputElement>(root, 'Search').value = 'x';
    const restore = carryOver(root);
    // The app's screen has something else where the search was.
    root.innerHTML = renderToString(<Screen />).replace('<input aria-label="Search" value=""/>', '<p>no search</p>');
    restore();
    expect(root.querySelector('[aria-label="Search"]')).toBeNull();
    expect(root.querySelector('p')!.textContent).toBe('no search');
    expect(field<HTMLSelectElement>(root, 'Status').value).toBe('all');
    expect(field<HTMLInputElement>(root, 'Mine').checked).toBe(false);
  });
});
