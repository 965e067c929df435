import { useState, type FormEvent } from 'react';
import type { FieldErrors } from './validate';

/**
 * Field messages of one form. `check` returns a message key per bad field, in the order the fields
 * appear; inputs are found by id `${prefix}-${field}`.
 */
export function useFieldErrors<F extends string>(prefix: string, check: () => FieldErrors<F>) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  /** Shows the messages and focuses the first bad field; true when everything is fine. */
  function validate(): boolean {
    const next = check();
    setErrors(next);
    const first = (Object.keys(next) as F[]).find((field) => next[field]);
    if (first) document.getElementById(`${prefix}-${first}`)?.focus();
    return first === undefined;
  }

  return {
    errors,
    setErrors,
    validate,
    /** Forget a field's message once the visitor edits it. */
    clear: (field: F) => setErrors((prev) => (prev[field] ? { ...prev, [field]: undefined } : prev)),
    // The browser's own checks (required, type=email, minlength) run first on submit; we replace its
    // bubbles with our inline messages, which screen readers get through aria-describedby.
    onInvalid: (e: FormEvent<HTMLInputElement>) => {
      e.preventDefault();
      validate();
    },
  };
}
