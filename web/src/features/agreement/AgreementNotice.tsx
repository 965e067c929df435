import { Suspense, use } from 'react';
import { Link } from 'react-router';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import type { Lang } from '../../shared/paths';
import { localePath } from '../../shared/paths';
import { prerendering, settles } from '../../shared/api/firstData';
import { getAgreement } from './api';

/** What the overview's notice says: nothing, "accept it" (never accepted) or "a new version" (an older one accepted). */
export type AgreementDue = 'none' | 'first' | 'new';

/**
 * Whether the buyer still has to accept the current processor agreement, for a loader to start with its
 * screen's data. A failure (or a staff account's 403) reads as 'none': the notice is a reminder, never a
 * reason for a screen to fail.
 */
export function agreementDue(lang: Lang, signal?: AbortSignal): Promise<AgreementDue> {
  if (prerendering()) return Promise.resolve('none');
  return settles(
    getAgreement(lang, signal).then(
      (s) => (s.accepted ? 'none' : s.latest ? 'new' : 'first'),
      () => 'none' as const,
    ),
  );
}

/** The dashboard overview's notice to read and accept the processor agreement, with a link to it. */
export function AgreementNotice({ due }: { due: Promise<AgreementDue> }) {
  return (
    <Suspense fallback={null}>
      <Notice due={due} />
    </Suspense>
  );
}

function Notice({ due }: { due: Promise<AgreementDue> }) {
  const { lang, t } = useLanguage();
  const d = use(due);
  if (d === 'none') return null;
  return (
    <p className="notice notice-warn mt-6 max-w-3xl">
      {t(d === 'new' ? 'agreement.noticeNew' : 'agreement.notice')}{' '}
      <Link
        to={localePath(lang, '/dashboard/agreement')}
        className="font-semibold underline decoration-1 underline-offset-4 hover:text-signal-ink"
      >
        {t('agreement.noticeLink')}
      </Link>
    </p>
  );
}
