import type { ReactNode } from 'react';

/** One labelled fact in a <dl>: the dashboard's order and call pages. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="fact-label">{label}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}
