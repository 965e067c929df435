import { useState, type FormEvent, type Ref } from 'react';
import { signIn } from '../../api/client';
import type { User } from '../../api/types';
import { notify } from '../../components/notify';
import { useLanguage } from '../../i18n/LanguageContext';
import { describeError, type Problem } from './errors';
import { EmailField } from './AccountFields';
import { Field } from './Field';
import { FormAlert } from './FormAlert';
import { ResendVerification } from './ResendVerification';
import { SubmitButton } from './SubmitButton';
import { useFieldErrors } from './useFieldErrors';
import { useFocusOnMount } from './useFocusOnMount';
import { checkEmail, checkPassword } from './validate';

interface Props {
  /** Shared with the sign-up tab, so switching tabs keeps it. */
  email: string;
  onEmailChange: (email: string) => void;
  onSignedIn: (user: User) => void;
  onForgot: () => void;
  passwordRef?: Ref<HTMLInputElement>;
  /** Focus the email field on mount (coming back from "Forgot password?"). */
  focus?: boolean;
}

export function SignInForm({ email, onEmailChange, onSignedIn, onForgot, passwordRef, focus }: Props) {
  const { t } = useLanguage();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  // The address that was refused as unverified, for "Send the link again".
  const [unverified, setUnverified] = useState<string | null>(null);
  const fields = useFieldErrors('signin', () => ({ email: checkEmail(email), password: checkPassword(password, false) }));
  const emailRef = useFocusOnMount<HTMLInputElement>(focus);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy || !fields.validate()) return;
    setBusy(true);
    setProblem(null);
    setUnverified(null);
    try {
      const { user } = await signIn({ email: email.trim(), password });
      // Stays busy: the page navigates away.
      onSignedIn(user);
    } catch (err) {
      setBusy(false);
      const p = describeError(err);
      if (p.code === 'email_not_verified') setUnverified(email.trim());
      else if (p.field) fields.setErrors({ [p.field]: p.key });
      else setProblem(p);
      notify('error', t('auth.signIn.errorTitle'), t(p.key, p.vars));
    }
  }

  return (
    <>
      <form method="post" onSubmit={onSubmit} className="space-y-5">
        <EmailField ref={emailRef} {...fields.bind('email', email, onEmailChange)} />
        <div>
          <Field
            ref={passwordRef}
            label={t('auth.fields.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            {...fields.bind('password', password, setPassword)}
          />
          <button type="button" className="link-button mt-2" onClick={onForgot}>
            {t('auth.signIn.forgot')}
          </button>
        </div>
        <SubmitButton busy={busy} busyLabel={t('auth.signIn.busy')}>
          {t('auth.signIn.submit')}
        </SubmitButton>
        <FormAlert problem={problem} />
      </form>
      {unverified !== null && (
        <div className="notice notice-warn mt-5">
          <p role="alert">{t('auth.notVerified.text')}</p>
          <ResendVerification key={unverified} email={unverified} />
        </div>
      )}
    </>
  );
}
