import { useEffect, useRef, useState } from 'react';
import { verifyEmail } from '../../shared/api/client';
import type { SignInResult } from '../../shared/api/types';
import { describeError, type Problem } from '../../shared/form/errors';
import { FormAlert } from '../../shared/form/FormAlert';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { ResendVerification } from './ResendVerification';

type State = { kind: 'busy' } | { kind: 'invalid' } | { kind: 'failed'; problem: Problem };

/** Opened from the link in the sign-up email (/auth#verify=TOKEN): checks the token right away. */
export function VerifyEmail({
  token,
  onVerified,
  onBack,
}: {
  token: string;
  onVerified: (result: SignInResult) => void;
  onBack: () => void;
}) {
  const { t } = useLanguage();
  const [state, setState] = useState<State>({ kind: 'busy' });
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  useEffect(() => {
    // A token works once: never send it twice for the same attempt (StrictMode runs effects twice).
    // A different token gets a fresh component (keyed by the page).
    if (started.current === attempt) return;
    started.current = attempt;
    setState({ kind: 'busy' });
    verifyEmail(token).then(
      (result) => onVerified(result),
      (err: unknown) => {
        const problem = describeError(err);
        setState(problem.code === 'invalid_token' ? { kind: 'invalid' } : { kind: 'failed', problem });
      },
    );
  }, [token, attempt, onVerified]);

  return (
    <div>
      <h2 className="text-2xl font-bold tracking-tight">{t('auth.verify.title')}</h2>
      {state.kind === 'busy' && (
        <p role="status" className="status-line mt-4">
          <span aria-hidden="true" className="pulse-dot" />
          {t('auth.verify.busy')}
        </p>
      )}
      {state.kind === 'invalid' && (
        <>
          <p role="alert" className="notice notice-error mt-4">
            {t('auth.verify.invalid')}
          </p>
          <p className="mt-4 text-ink-soft">{t('auth.verify.resendText')}</p>
          <ResendVerification />
        </>
      )}
      {state.kind === 'failed' && (
        <div className="mt-4 space-y-4">
          <FormAlert problem={state.problem} />
          <button type="button" className="btn btn-ink" onClick={() => setAttempt((n) => n + 1)}>
            {t('auth.verify.retry')}
          </button>
        </div>
      )}
      {state.kind !== 'busy' && (
        <button type="button" className="link-button mt-5" onClick={onBack}>
          {t('auth.verify.back')}
        </button>
      )}
    </div>
  );
}
