import { useState, type FormEvent } from 'react';
import { signUp } from '../../api/client';
import { notify } from '../../components/notify';
import { useLanguage } from '../../i18n/LanguageContext';
import { describeError, type Problem } from './errors';
import { EmailField, NewPasswordField } from './AccountFields';
import { Field } from './Field';
import { FormAlert } from './FormAlert';
import { SubmitButton } from './SubmitButton';
import { useFieldErrors } from './useFieldErrors';
import { checkEmail, checkFullName, checkPassword } from './validate';

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
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const fields = useFieldErrors('signup', () => ({
    fullName: checkFullName(fullName),
    email: checkEmail(email),
    password: checkPassword(password, true),
  }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy || !fields.validate()) return;
    setBusy(true);
    setProblem(null);
    try {
      await signUp({ fullName: fullName.trim(), email: email.trim(), password, locale: lang });
      notify('success', t('auth.signUp.successTitle'), t('auth.signUp.successText'));
      setFullName('');
      setPassword('');
      onCreated();
    } catch (err) {
      const p = describeError(err);
      if (p.field) fields.setErrors({ [p.field]: p.key });
      else setProblem(p);
      notify('error', t('auth.signUp.errorTitle'), t(p.key, p.vars));
    } finally {
      setBusy(false);
    }
  }

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
