import type { ReactNode } from 'react';

/** The numbered kicker above a section heading ("01 · Why Belwise"); the number is decoration. */
export function SectionLabel({ n, children }: { n: string; children: ReactNode }) {
  return (
    <p className="label">
      <span aria-hidden="true">{n}</span>
      <span>{children}</span>
    </p>
  );
}
