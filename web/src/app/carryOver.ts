// A screen the server drew into its shell (#root data-drawn, internal/screens) is there for the visitor
// before the app has loaded: they may type into its fields, choose in its selects, tick its boxes, move the
// focus, or press a button (the boot script keeps the press in window.__early, for the app to carry out).
// The app then renders the same screen afresh over it (createRoot, entry.client.tsx), which would drop all
// of that. carryOver notes it against the drawn markup just before, and puts it back on the app's, element
// for element by position: the two are the same markup (e2e/tests/first-data.spec.ts checks).

/** Where an element is under the root: the index among its parent's elements, at each level down. */
type Path = number[];

function pathOf(root: Element, el: Element): Path | null {
  const path: Path = [];
  for (let at: Element | null = el; at !== root; at = at.parentElement) {
    if (!at?.parentElement) return null;
    path.unshift(Array.prototype.indexOf.call(at.parentElement.children, at));
  }
  return path;
}

function elementAt(root: Element, path: Path): Element | null {
  let at: Element | undefined = root;
  for (const i of path) at = at?.children[i];
  return at ?? null;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What the visitor changed in a field, null when nothing. */
function changeOf(el: Field): { value: string } | { checked: boolean } | null {
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio'))
    return el.checked === el.defaultChecked ? null : { checked: el.checked };
  if (el instanceof HTMLSelectElement) return [...el.options].some((o) => o.selected !== o.defaultSelected) ? { value: el.value } : null;
  return el.value === el.defaultValue ? null : { value: el.value };
}

/** Sets a field as the visitor did, so that React's onChange sees it: the prototype's setter, then the event. */
function apply(el: Field, change: { value: string } | { checked: boolean }) {
  if ('checked' in change) {
    // A click ticks (or unticks) a box, and sets a radio button, as the visitor's did.
    if ((el as HTMLInputElement).checked !== change.checked) el.click();
    return;
  }
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set?.call(el, change.value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * Notes what the visitor did on the drawn screen under `root`; the returned function puts it back on the
 * screen the app has rendered there since (its fields, the focus, the element of an early press).
 */
export function carryOver(root: HTMLElement): () => void {
  const fields: { path: Path; tag: string; change: NonNullable<ReturnType<typeof changeOf>> }[] = [];
  for (const el of root.querySelectorAll<Field>('input, textarea, select')) {
    const change = changeOf(el);
    const path = change && pathOf(root, el);
    if (change && path) fields.push({ path, tag: el.tagName, change });
  }
  const active = document.activeElement;
  const focus = active && active !== root && root.contains(active) ? { path: pathOf(root, active), tag: active.tagName } : null;
  const selection =
    active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement
      ? (() => {
          try {
            return { start: active.selectionStart, end: active.selectionEnd };
          } catch {
            return null; // a type without a selection (a checkbox, a number)
          }
        })()
      : null;
  const early =
    window.__early && root.contains(window.__early.el) ? { path: pathOf(root, window.__early.el), tag: window.__early.el.tagName } : null;

  // The same element on the app's screen: at the same place, of the same kind.
  const counterpart = (path: Path | null, tag: string) => {
    const el = path && elementAt(root, path);
    return el?.tagName === tag ? el : null;
  };
  return () => {
    for (const { path, tag, change } of fields) {
      const el = counterpart(path, tag) as Field | null;
      if (el && el.isConnected) apply(el, change);
    }
    const focused = focus && (counterpart(focus.path, focus.tag) as HTMLElement | null);
    if (focused) {
      focused.focus({ preventScroll: true });
      if (selection && (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement))
        try {
          focused.setSelectionRange(selection.start, selection.end);
        } catch {
          // not a field with a selection
        }
    }
    const pressed = early && counterpart(early.path, early.tag);
    if (pressed && window.__early && !window.__early.el.isConnected) window.__early.el = pressed as HTMLElement;
  };
}
