import type { ReactNode } from 'react';

/**
 * The form's main button; disabled and relabelled ("Signing in...") while the request runs.
 * `disabled`: also while there is nothing to send yet.
 */
export function SubmitButton({
  busy,
  busyLabel,
  disabled,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="submit" className="btn btn-ink w-full" disabled={busy || disabled} data-busy={busy || undefined}>
      {busy ? busyLabel : children}
    </button>
  );
}
