import { useState, type ComponentProps } from 'react';
import { Field } from '../../shared/form/Field';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/form/validate';
import { useLanguage } from '../../shared/i18n/LanguageContext';

// The account forms' recurring inputs, so their autocomplete hints and limits are set in one place.
type Bound = Omit<ComponentProps<typeof Field>, 'label'>;

/** The email address of an account: sign in, sign up, forgot password, resend. */
export function EmailField(props: Bound) {
  const { t } = useLanguage();
  return <Field label={t('auth.fields.email')} type="email" name="email" autoComplete="email" required {...props} />;
}

/** A password input with a show-password toggle: a real button, so it works with the keyboard, with aria-pressed. */
export function PasswordField(props: ComponentProps<typeof Field>) {
  const { t } = useLanguage();
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <Field {...props} type={shown ? 'text' : 'password'} />
      <button
        type="button"
        className="absolute top-0 right-0 text-sm font-medium text-brand underline underline-offset-2"
        aria-pressed={shown}
        aria-controls={props.id}
        onClick={() => setShown((v) => !v)}
      >
        {t('auth.fields.showPassword')}
      </button>
    </div>
  );
}

/** A password being chosen (sign up, reset), with its length rules as hint and attributes. */
export function NewPasswordField({ label, ...props }: Bound & { label: string }) {
  const { t } = useLanguage();
  return (
    <PasswordField
      label={label}
      hint={t('auth.fields.passwordHint')}
      type="password"
      name="new-password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN}
      maxLength={PASSWORD_MAX}
      {...props}
    />
  );
}
