import { useCallback, useEffect, useState } from 'react';
import { acceptInvite, checkToken, resetPassword } from '../../shared/api/client';
import type { SignInResult } from '../../shared/api/types';
import { FormAlert } from '../../shared/form/FormAlert';
import { SubmitButton } from '../../shared/form/SubmitButton';
import { useFieldErrors } from '../../shared/form/useFieldErrors';
import { useSubmit } from '../../shared/form/useSubmit';
import { checkPassword } from '../../shared/form/validate';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { NewPasswordField } from './AccountFields';
import { ForgotPasswordForm } from './ForgotPasswordForm';

/**
 * Opened from the password-reset email (/auth#reset=TOKEN), or, with `invite`, from the invitation the
 * agency sends with a buyer's first order (/auth#invite=TOKEN): the same form sets the account's first
 * password. Success signs the visitor in.
 */
export function ResetPassword({
  token,
  invite,
  onDone,
  onBack,
  onExpired,
}: {
  token: string;
  invite?: boolean;
  /** Signed in, or (staff) on to the second step. */
  onDone: (result: SignInResult) => void;
  onBack: () => void;
  /** The link turned out to be used or expired (the page's heading follows). */
  onExpired?: () => void;
}) {
  const { t } = useLanguage();
  const [password, setPassword] = useState('');
  const [expired, setExpiredState] = useState(false);
  const setExpired = useCallback(() => {
    setExpiredState(true);
    onExpired?.();
  }, [onExpired]);
  // A used or expired link is recognised when the form opens, not after the password is typed.
  useEffect(() => {
    const ctrl = new AbortController();
    checkToken({ token, purpose: invite ? 'invite' : 'reset' }, ctrl.signal).catch((err: unknown) => {
      if (!ctrl.signal.aborted && (err as { code?: string })?.code === 'invalid_token') setExpired();
    });
    return () => ctrl.abort();
  }, [token, invite, setExpired]);
  const fields = useFieldErrors('reset', () => ({ password: checkPassword(password, true) }));

  const { busy, problem, onSubmit } = useSubmit({
    validate: fields.validate,
    send: async () => {
      onDone(await (invite ? acceptInvite : resetPassword)({ token, password }));
    },
    // Signed in: the page navigates away.
    leaves: true,
    onError: (p) => {
      if (p.code === 'invalid_token') setExpired();
      else if (p.field === 'password') fields.setErrors({ password: p.key });
      else return p;
      return null;
    },
  });

  if (expired) {
    return (
      <div>
        <p role="alert" className="notice notice-error mb-6">
          {t('auth.verify.invalid')} {t('auth.reset.newLink')}
        </p>
        <ForgotPasswordForm onBack={onBack} />
      </div>
    );
  }

  return (
    <div>
      <h2 className="text-2xl font-bold tracking-tight">{t(invite ? 'auth.invite.title' : 'auth.reset.title')}</h2>
      {invite && <p className="mt-2 text-ink-soft">{t('auth.invite.text')}</p>}
      <form method="post" onSubmit={onSubmit} className="mt-6 space-y-5">
        <NewPasswordField label={t('auth.fields.newPassword')} {...fields.bind('password', password, setPassword)} />
        <SubmitButton busy={busy} busyLabel={t('auth.reset.busy')}>
          {t(invite ? 'auth.invite.submit' : 'auth.reset.submit')}
        </SubmitButton>
        <FormAlert problem={problem} />
      </form>
    </div>
  );
}
