import { act, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { formValues, useTypedBeforeHydration } from './useTypedBeforeHydration';

// A form like the app's: controlled inputs, a button enabled only when there is text.
function Prompt() {
  const [text, setText] = useState('');
  const [language, setLanguage] = useState('english');
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, (typed) => {
    if (typed.prompt && typed.prompt !== text) setText(typed.prompt);
    if (typed.language && typed.language !== language) setLanguage(typed.language);
  });
  return (
    <form ref={form}>
      <textarea name="prompt" value={text} onChange={(e) => setText(e.target.value)} />
      {['english', 'dutch'].map((l) => (
        <input key={l} type="radio" name="language" value={l} checked={language === l} onChange={() => setLanguage(l)} />
      ))}
      <output>{`${text.length}:${language}`}</output>
      <button type="submit" disabled={!text.trim()}>
        Generate
      </button>
    </form>
  );
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const container = document.createElement('div');
afterEach(() => container.remove());

describe('useTypedBeforeHydration', () => {
  it('reads what was typed into the prerendered form into state when it hydrates', async () => {
    container.innerHTML = renderToString(<Prompt />);
    document.body.append(container);
    // The visitor types and chooses before the app has loaded.
    container.querySelector('textarea')!.value = 'A bike shop in Delft';
    (container.querySelector('input[value="dutch"]') as HTMLInputElement).checked = true;
    expect(container.querySelector('button')!.disabled).toBe(true);

    await act(async () => {
      hydrateRoot(container, <Prompt />);
    });
    expect(container.querySelector('textarea')!.value).toBe('A bike shop in Delft');
    expect(container.querySelector('output')!.textContent).toBe('20:dutch');
    expect(container.querySelector('button')!.disabled).toBe(false);
  });

  it('formValues reads text by name and the checked radio of a group, skipping hidden inputs', () => {
    container.innerHTML =
      '<form><input name="a" value="1"><input type="hidden" name="h" value="x"><input type="radio" name="r" value="p">' +
      '<input type="radio" name="r" value="q" checked><textarea name="t">hi</textarea><input value="no name"></form>';
    expect(formValues(container.querySelector('form')!)).toEqual({ a: '1', r: 'q', t: 'hi' });
  });
});
