import type { ReactNode } from 'react';

// Placeholder body for screens whose real content arrives in later issues.
export function ComingSoon({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 pt-16 pb-28 sm:px-6 md:pt-24">
      <h1 className="display text-[2.5rem] sm:text-6xl">{title}</h1>
      <p className="mt-6 text-lg leading-relaxed text-ink-soft">{children}</p>
    </div>
  );
}
