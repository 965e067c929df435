import type { ReactNode } from 'react';

/** A record's page when the record is not there: the way back, a heading and what happened. */
export function NotFoundBlock({ back, title, text }: { back: ReactNode; title: string; text: string }) {
  return (
    <>
      {back}
      <h1 className="display mt-6 text-4xl sm:text-5xl">{title}</h1>
      <p className="mt-4 text-lg text-ink-soft">{text}</p>
    </>
  );
}
