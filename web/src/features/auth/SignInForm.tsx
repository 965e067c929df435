import { useRef, useState, type Ref } from 'react';
import { signIn } from '../../shared/api/client';
import type { SignInResult } from '../../shared/api/types';
import { FormAlert } from '../../shared/form/FormAlert';
import { SubmitButton } from '../../shared/form/SubmitButton';
import { useFieldErrors } from '../../shared/form/useFieldErrors';
import { useSubmit } from '../../shared/form/useSubmit';
import { useTypedBeforeHydration } from '../../shared/form/useTypedBeforeHydration';
import { checkEmail, checkPassword } from '../../shared/form/validate';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { useFocusOnMount } from '../../shared/ui/useFocusOnMount';
import { EmailField, PasswordField } from './AccountFields';
import { ResendVerification } from './ResendVerification';

interface Props {
  /** Shared with the sign-up tab, so switching tabs keeps it. */
  email: string;
  onEmailChange: (email: string) => void;
  /** Signed in, or (staff) on to the second step. */
  onSignedIn: (result: SignInResult) => void;
  onForgot: () => void;
  passwordRef?: Ref<HTMLInputElement>;
  /** Focus the email field on mount (coming back from "Forgot password?"). */
  focus?: boolean;
}

export function SignInForm({ email, onEmailChange, onSignedIn, onForgot, passwordRef, focus }: Props) {
  const { t } = useLanguage();
  const [password, setPassword] = useState('');
  // The address that was refused as unverified, for "Send the link again".
  const [unverified, setUnverified] = useState<string | null>(null);
  const fields = useFieldErrors('signin', () => ({ email: checkEmail(email), password: checkPassword(password, false) }));
  const emailRef = useFocusOnMount<HTMLInputElement>(focus);
  // What was typed before hydration (a submit made before then went to the server itself).
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, (typed) => {
    if (typed.email && typed.email !== email) onEmailChange(typed.email);
    if (typed.password && typed.password !== password) setPassword(typed.password);
  });

  const { busy, problem, onSubmit } = useSubmit({
    validate: fields.validate,
    send: async () => {
      setUnverified(null);
      onSignedIn(await signIn({ email: email.trim(), password }));
    },
    // The page navigates away, or shows the second step.
    leaves: true,
    onError: (p) => {
      // Said once, next to the form (no toast repeating it).
      if (p.code === 'email_not_verified') setUnverified(email.trim());
      else if (p.field) fields.setErrors({ [p.field]: p.key });
      else return p;
      return null;
    },
  });

  return (
    <>
      {/* Before hydration, or without JavaScript, the browser posts to this page's own URL (its ?next=
          included) and the server signs in (internal/web/forms.go); no password ever goes into a URL. */}
      <form ref={form} method="post" onSubmit={onSubmit} className="space-y-5">
        <EmailField ref={emailRef} {...fields.bind('email', email, onEmailChange)} />
        <div>
          <PasswordField
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
