import { useState } from 'react';
import { signUp } from '../../shared/api/client';
import { Field } from '../../shared/form/Field';
import { FormAlert } from '../../shared/form/FormAlert';
import { SubmitButton } from '../../shared/form/SubmitButton';
import { useFieldErrors } from '../../shared/form/useFieldErrors';
import { useSubmit } from '../../shared/form/useSubmit';
import { checkEmail, checkFullName, checkPassword } from '../../shared/form/validate';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { EmailField, NewPasswordField } from './AccountFields';

interface Props {
  email: string;
  onEmailChange: (email: string) => void;
  /** The account exists (or the address was taken: the API answers the same, by design). */
  onCreated: () => void;
}

export function SignUpForm({ email, onEmailChange, onCreated }: Props) {
  const { lang, t } = useLanguage();
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const fields = useFieldErrors('signup', () => ({
    fullName: checkFullName(fullName),
    email: checkEmail(email),
    password: checkPassword(password, true),
  }));

  const { busy, problem, onSubmit } = useSubmit({
    validate: fields.validate,
    send: async () => {
      await signUp({ fullName: fullName.trim(), email: email.trim(), password, locale: lang });
      setFullName('');
      setPassword('');
      onCreated();
    },
    onError: (p) => {
      // Said once, next to the form (no toast repeating it); success is the notice on the sign-in tab.
      if (!p.field) return p;
      fields.setErrors({ [p.field]: p.key });
      return null;
    },
  });

  return (
    <form method="post" onSubmit={onSubmit} className="space-y-5">
      <Field
        label={t('auth.fields.fullName')}
        name="name"
        autoComplete="name"
        required
        {...fields.bind('fullName', fullName, setFullName)}
      />
      <EmailField {...fields.bind('email', email, onEmailChange)} />
      <NewPasswordField label={t('auth.fields.password')} {...fields.bind('password', password, setPassword)} />
      <SubmitButton busy={busy} busyLabel={t('auth.signUp.busy')}>
        {t('auth.signUp.submit')}
      </SubmitButton>
      <FormAlert problem={problem} />
    </form>
  );
}
