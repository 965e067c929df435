import { useState, type FormEvent } from 'react';
import { useLanguage } from '../i18n/LanguageContext';
import type { FieldErrors } from './validate';

/**
 * Field messages of one form. `check` returns a message key per bad field, in the order the fields
 * appear; inputs are found by id `${prefix}-${field}`.
 */
export function useFieldErrors<F extends string>(prefix: string, check: () => FieldErrors<F>) {
  const { t } = useLanguage();
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  /** Shows these messages (e.g. from the server) and focuses the first bad field; true when there are none. */
  function show(next: FieldErrors<F>): boolean {
    setErrors(next);
    const first = (Object.keys(next) as F[]).find((field) => next[field]);
    if (first) document.getElementById(`${prefix}-${first}`)?.focus();
    return first === undefined;
  }

  /** Runs `check` and shows its messages; true when everything is fine. */
  const validate = () => show(check());

  /** Forget a field's message once the visitor edits it. */
  const clear = (field: F) => setErrors((prev) => (prev[field] ? { ...prev, [field]: undefined } : prev));

  // The browser's own checks (required, type=email, minlength) run first on submit; we replace its
  // bubbles with our inline messages, which screen readers get through aria-describedby.
  const onInvalid = (e: FormEvent<HTMLElement>) => {
    e.preventDefault();
    validate();
  };

  /** The props that tie a <Field> to one value and its message: id, value, change, invalid, error. */
  const bind = (field: F, value: string, set: (value: string) => void) => ({
    id: `${prefix}-${field}`,
    value,
    onChange: (e: { target: { value: string } }) => {
      set(e.target.value);
      clear(field);
    },
    onInvalid,
    error: errors[field] && t(errors[field]),
  });

  return { errors, setErrors, show, validate, clear, bind };
}
