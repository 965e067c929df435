import type { ReactNode } from 'react';

/** The form's main button; disabled and relabelled ("Signing in...") while the request runs. */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn-ink w-full" disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}
