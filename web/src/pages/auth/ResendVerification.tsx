import { useState, type FormEvent } from 'react';
import { resendVerification } from '../../api/client';
import { useLanguage } from '../../i18n/LanguageContext';
import { Confirmation } from './Confirmation';
import { describeError, type Problem } from './errors';
import { EmailField } from './AccountFields';
import { FormAlert } from './FormAlert';
import { useFieldErrors } from './useFieldErrors';
import { checkEmail } from './validate';

/**
 * "Send the link again". With `email` it is one button (the address is known from the sign-in form);
 * without, it asks for the address first (an expired verification link carries none).
 */
export function ResendVerification({ email }: { email?: string }) {
  const { lang, t } = useLanguage();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const address = (email ?? typed).trim();
  const fields = useFieldErrors('resend', () => ({ email: email === undefined ? checkEmail(typed) : undefined }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy || !fields.validate()) return;
    setBusy(true);
    setProblem(null);
    try {
      await resendVerification({ email: address, locale: lang });
      setSentTo(address);
    } catch (err) {
      setProblem(describeError(err));
    } finally {
      setBusy(false);
    }
  }

  if (sentTo !== null) return <Confirmation>{t('auth.notVerified.sent', { email: sentTo })}</Confirmation>;
  return (
    <form method="post" onSubmit={onSubmit} className="mt-4 space-y-4">
      {email === undefined && (
        <EmailField {...fields.bind('email', typed, setTyped)} />
      )}
      <button type="submit" className="btn btn-ink" disabled={busy}>
        {busy ? t('auth.notVerified.busy') : t('auth.notVerified.resend')}
      </button>
      <FormAlert problem={problem} />
    </form>
  );
}
