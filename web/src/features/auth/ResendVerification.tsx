import { useState } from 'react';
import { resendVerification } from '../../shared/api/client';
import { FormAlert } from '../../shared/form/FormAlert';
import { useFieldErrors } from '../../shared/form/useFieldErrors';
import { useSubmit } from '../../shared/form/useSubmit';
import { checkEmail } from '../../shared/form/validate';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { EmailField } from './AccountFields';
import { Confirmation } from './Confirmation';

/**
 * "Send the link again". With `email` it is one button (the address is known from the sign-in form);
 * without, it asks for the address first (an expired verification link carries none).
 */
export function ResendVerification({ email }: { email?: string }) {
  const { lang, t } = useLanguage();
  const [typed, setTyped] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const address = (email ?? typed).trim();
  const fields = useFieldErrors('resend', () => ({ email: email === undefined ? checkEmail(typed) : undefined }));

  const { busy, problem, onSubmit } = useSubmit({
    validate: fields.validate,
    send: async () => {
      await resendVerification({ email: address, locale: lang });
      setSentTo(address);
    },
  });

  if (sentTo !== null) return <Confirmation>{t('auth.notVerified.sent', { email: sentTo })}</Confirmation>;
  return (
    <form method="post" onSubmit={onSubmit} className="mt-4 space-y-4">
      {email === undefined && <EmailField {...fields.bind('email', typed, setTyped)} />}
      <button type="submit" className="btn btn-ink" disabled={busy}>
        {busy ? t('auth.notVerified.busy') : t('auth.notVerified.resend')}
      </button>
      <FormAlert problem={problem} />
    </form>
  );
}
