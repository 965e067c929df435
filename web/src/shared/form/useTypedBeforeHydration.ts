import { useLayoutEffect, useRef, type RefObject } from 'react';

/** What a form's named controls hold: text by name, and the checked radio's value by its group's name. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const control of Array.from(form.elements)) {
    if (control instanceof HTMLInputElement) {
      if (!control.name || control.type === 'hidden' || control.type === 'submit') continue;
      if (control.type === 'radio' || control.type === 'checkbox') {
        if (control.checked) values[control.name] = control.value;
      } else values[control.name] = control.value;
    } else if (control instanceof HTMLTextAreaElement && control.name) values[control.name] = control.value;
  }
  return values;
}

/**
 * Text typed into the prerendered form before React took over counts. React 19 keeps what is in the
 * DOM while it hydrates, but its state still holds the prerendered (empty) values, so the next render
 * would wipe the text and a button that depends on it stays disabled. Once mounted, this hands the
 * form's current values to `restore`, which copies the ones it knows into state. After a client-side
 * navigation the DOM holds exactly the state, so nothing changes.
 */
export function useTypedBeforeHydration(form: RefObject<HTMLFormElement | null>, restore: (values: Record<string, string>) => void) {
  const latest = useRef(restore);
  useLayoutEffect(() => {
    latest.current = restore;
  });
  useLayoutEffect(() => {
    if (form.current) latest.current(formValues(form.current));
  }, [form]);
}
