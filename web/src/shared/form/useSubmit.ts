import { useRef, useState, type FormEvent } from 'react';
import { describeError, type Problem } from './errors';

export interface SubmitOptions<P> {
  /** Checks before anything is sent (e.g. useFieldErrors' `validate`); false stops the submit. */
  validate?: () => boolean;
  /** Sends the form; what follows a success (a confirmation, a navigation) goes here too. */
  send: () => Promise<unknown>;
  /**
   * A success takes the visitor away from the form (the page navigates, or the form is replaced):
   * it stays busy, so nothing is sent twice meanwhile.
   */
  leaves?: boolean;
  /** Turns what `send` threw into a message; default describeError. */
  describe?: (err: unknown) => P;
  /**
   * Each failure, described. Returns what the form's alert shows: the problem, or null when it went
   * elsewhere (under a field, into a notice). Without it the alert shows every problem.
   */
  onError?: (problem: P, err: unknown) => P | null;
}

/**
 * One submission at a time for a form: `onSubmit` for the <form>, `busy` for its button, `problem`
 * for its <FormAlert>. A new attempt clears the alert; what was typed always stays.
 */
export function useSubmit<P = Problem>({ validate, send, leaves, describe, onError }: SubmitOptions<P>) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<P | null>(null);
  // The state above is a render behind: a second submit in the same tick must not slip through.
  const sending = useRef(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (sending.current || (validate && !validate())) return;
    sending.current = true;
    setBusy(true);
    setProblem(null);
    try {
      await send();
      if (leaves) return;
    } catch (err) {
      const described = (describe ?? (describeError as (err: unknown) => P))(err);
      setProblem(onError ? onError(described, err) : described);
    }
    sending.current = false;
    setBusy(false);
  }

  return { busy, problem, onSubmit };
}
