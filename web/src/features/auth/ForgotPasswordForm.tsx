import { useState } from 'react';
import { forgotPassword } from '../../shared/api/client';
import { FormAlert } from '../../shared/form/FormAlert';
import { SubmitButton } from '../../shared/form/SubmitButton';
import { useFieldErrors } from '../../shared/form/useFieldErrors';
import { useSubmit } from '../../shared/form/useSubmit';
import { checkEmail } from '../../shared/form/validate';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { useFocusOnMount } from '../../shared/ui/useFocusOnMount';
import { EmailField } from './AccountFields';
import { Confirmation } from './Confirmation';

interface Props {
  initialEmail?: string;
  /** Shows "Back to sign in". */
  onBack?: () => void;
  /** Moves focus to the heading: set when the visitor switched to this view. */
  focus?: boolean;
}

/** Asks for a password-reset email. The answer is the same whether or not the account exists. */
export function ForgotPasswordForm({ initialEmail = '', onBack, focus }: Props) {
  const { lang, t } = useLanguage();
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const fields = useFieldErrors('forgot', () => ({ email: checkEmail(email) }));
  const heading = useFocusOnMount<HTMLHeadingElement>(focus);

  const { busy, problem, onSubmit } = useSubmit({
    validate: fields.validate,
    send: async () => {
      await forgotPassword({ email: email.trim(), locale: lang });
      setSentTo(email.trim());
    },
  });

  return (
    <div>
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight">
        {t('auth.forgot.title')}
      </h2>
      {sentTo !== null ? (
        <Confirmation>{t('auth.forgot.sent', { email: sentTo })}</Confirmation>
      ) : (
        <>
          <p className="mt-2 text-ink-soft">{t('auth.forgot.text')}</p>
          <form method="post" onSubmit={onSubmit} className="mt-6 space-y-5">
            <EmailField {...fields.bind('email', email, setEmail)} />
            <SubmitButton busy={busy} busyLabel={t('auth.forgot.busy')}>
              {t('auth.forgot.submit')}
            </SubmitButton>
            <FormAlert problem={problem} />
          </form>
        </>
      )}
      {onBack && (
        <button type="button" className="link-button mt-5" onClick={onBack}>
          {t('auth.forgot.back')}
        </button>
      )}
    </div>
  );
}
