import { useState, type FormEvent } from 'react';
import { resetPassword } from '../../api/client';
import type { User } from '../../api/types';
import { useLanguage } from '../../i18n/LanguageContext';
import { describeError, type Problem } from './errors';
import { NewPasswordField } from './AccountFields';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { FormAlert } from './FormAlert';
import { SubmitButton } from './SubmitButton';
import { useFieldErrors } from './useFieldErrors';
import { checkPassword } from './validate';

/** Opened from the password-reset email (/auth#reset=TOKEN). Success signs the visitor in. */
export function ResetPassword({ token, onDone, onBack }: { token: string; onDone: (user: User) => void; onBack: () => void }) {
  const { t } = useLanguage();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [expired, setExpired] = useState(false);
  const fields = useFieldErrors('reset', () => ({ password: checkPassword(password, true) }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy || !fields.validate()) return;
    setBusy(true);
    setProblem(null);
    try {
      const { user } = await resetPassword({ token, password });
      onDone(user);
    } catch (err) {
      setBusy(false);
      const p = describeError(err);
      if (p.code === 'invalid_token') setExpired(true);
      else if (p.field === 'password') fields.setErrors({ password: p.key });
      else setProblem(p);
    }
  }

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
      <h2 className="text-2xl font-bold tracking-tight">{t('auth.reset.title')}</h2>
      <form method="post" onSubmit={onSubmit} className="mt-6 space-y-5">
        <NewPasswordField label={t('auth.fields.newPassword')} {...fields.bind('password', password, setPassword)} />
        <SubmitButton busy={busy} busyLabel={t('auth.reset.busy')}>
          {t('auth.reset.submit')}
        </SubmitButton>
        <FormAlert problem={problem} />
      </form>
    </div>
  );
}
