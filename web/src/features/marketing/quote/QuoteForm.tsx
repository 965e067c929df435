import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { submitQuote } from '../../../shared/api/client';
import { useAuth } from '../../../shared/auth/AuthContext';
import { Field, TextAreaField } from '../../../shared/form/Field';
import { SubmitButton } from '../../../shared/form/SubmitButton';
import { useFieldErrors } from '../../../shared/form/useFieldErrors';
import { useSubmit } from '../../../shared/form/useSubmit';
import { useTypedBeforeHydration } from '../../../shared/form/useTypedBeforeHydration';
import { useLanguage } from '../../../shared/i18n/LanguageContext';
import { localePath } from '../../../shared/paths';
import { notify } from '../../../shared/ui/notify';
import { useHydrated } from '../../../shared/ui/useClientValue';
import { CharacterCount } from './CharacterCount';
import { checkQuote, describeQuoteError, emptyQuote, fieldVars, missesRequired, type QuoteField, type QuoteValues } from './fields';
import { QUOTE_LIMITS } from './limits';

type TextField = Exclude<QuoteField, 'language'>;

/** The quote request form (spec §4 and §5). `onSent` gets the address the confirmation went to. */
export function QuoteForm({ onSent }: { onSent: (email: string) => void }) {
  const { lang, t } = useLanguage();
  const auth = useAuth();
  const user = auth.status === 'signedIn' ? auth.user : null;
  const { search } = useLocation();
  const [values, setValues] = useState(() => emptyQuote(lang));
  const fields = useFieldErrors<QuoteField>('quote', () => checkQuote(values));

  // What was typed (or chosen) before hydration; a submit made before then went to the server itself.
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, (typed) => {
    const restored = { ...values };
    for (const key of Object.keys(values) as (keyof QuoteValues)[]) {
      const value = typed[key];
      if (value === undefined || value === values[key]) continue;
      if (key === 'language') {
        if (value === 'english' || value === 'dutch') restored.language = value;
      } else restored[key] = value;
    }
    if (Object.entries(restored).some(([key, value]) => values[key as keyof QuoteValues] !== value)) setValues(restored);
  });

  // Both prefills come after hydration: the prerendered page knows neither the query nor the visitor.
  // `/quote?description=…` comes from the personalized agent page.
  const query = useHydrated() ? search : '';
  const [seenQuery, setSeenQuery] = useState('');
  if (query !== seenQuery) {
    setSeenQuery(query);
    const description = new URLSearchParams(query).get('description');
    // Text typed before hydration wins over the link's.
    if (description) setValues((v) => (v.description.trim() ? v : { ...v, description: description.slice(0, QUOTE_LIMITS.description) }));
  }
  // Signed in: name and email from the account, unless already typed.
  const [seenUser, setSeenUser] = useState<typeof user>(null);
  if (user !== seenUser) {
    setSeenUser(user);
    if (user) setValues((v) => ({ ...v, fullName: v.fullName || user.fullName, email: v.email || user.email }));
  }

  const set = (field: keyof QuoteValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (field !== 'website') fields.clear(field);
  };
  /** Name, value, change handler and length limit of a text field. */
  const text = (field: TextField) => ({
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
    maxLength: QUOTE_LIMITS[field],
  });
  const error = (field: QuoteField) => {
    const key = fields.errors[field];
    return key && t(key, fieldVars(field));
  };

  const { busy, onSubmit } = useSubmit({
    validate: () => {
      if (fields.validate()) return true;
      if (missesRequired(values)) notify('error', t('quote.required.title'), t('quote.required.text'));
      return false;
    },
    send: async () => {
      const email = values.email.trim();
      await submitQuote({
        fullName: values.fullName.trim(),
        companyName: values.companyName.trim(),
        businessType: values.businessType.trim(),
        email,
        phone: values.phone.trim(),
        language: values.language,
        description: values.description.trim(),
        locale: lang,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        website: values.website,
      });
      onSent(email);
    },
    // The thank-you replaces the form.
    leaves: true,
    describe: describeQuoteError,
    // Everything typed stays; a message about one field also goes under it.
    onError: (problem, err) => {
      console.error(err);
      if (problem.field) fields.show({ [problem.field]: problem.key });
      notify('error', t('quote.error.title'), t(problem.key, problem.vars));
      return null;
    },
  });

  const languageError = error('language');
  return (
    // Before hydration, or without JavaScript, the browser posts the form to the page's own URL and the
    // server runs the same pipeline (internal/web/forms.go): the thank-you page, or this page again with
    // the values kept and what is wrong.
    <form ref={form} method="post" action={localePath(lang, '/quote')} noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
      <p className="text-sm text-ink-soft sm:col-span-2">{t('quote.requiredNote')}</p>
      <Field
        id="quote-fullName"
        label={t('quote.fields.fullName')}
        autoComplete="name"
        requiredMark
        {...text('fullName')}
        error={error('fullName')}
      />
      <Field
        id="quote-email"
        label={t('quote.fields.email')}
        type="email"
        autoComplete="email"
        requiredMark
        {...text('email')}
        error={error('email')}
      />
      <Field
        id="quote-companyName"
        label={t('quote.fields.companyName')}
        autoComplete="organization"
        {...text('companyName')}
        error={error('companyName')}
      />
      <Field id="quote-businessType" label={t('quote.fields.businessType')} {...text('businessType')} error={error('businessType')} />
      <Field id="quote-phone" label={t('quote.fields.phone')} type="tel" autoComplete="tel" {...text('phone')} error={error('phone')} />

      {/* Focusable so a server message about the language can take the focus (useFieldErrors). */}
      <fieldset
        id="quote-language"
        tabIndex={-1}
        className="field rounded-md"
        aria-describedby={languageError ? 'quote-language-hint quote-language-error' : 'quote-language-hint'}
      >
        <legend>{t('quote.fields.language')}</legend>
        <div className="mt-1.5 flex flex-wrap gap-2">
          {(['english', 'dutch'] as const).map((option) => (
            <label key={option} className="choice">
              <input
                type="radio"
                name="language"
                value={option}
                checked={values.language === option}
                onChange={() => set('language', option)}
              />
              {t(`quote.languages.${option}`)}
            </label>
          ))}
        </div>
        <p id="quote-language-hint" className="field-hint">
          {t('quote.fields.languageHint')}
        </p>
        {languageError && (
          <p id="quote-language-error" className="field-error">
            {languageError}
          </p>
        )}
      </fieldset>

      <TextAreaField
        id="quote-description"
        className="sm:col-span-2"
        label={t('quote.fields.description')}
        rows={7}
        requiredMark
        {...text('description')}
        error={error('description')}
        aria-describedby="quote-description-hint quote-description-count"
        after={
          <div className="flex items-start justify-between gap-4">
            <p id="quote-description-hint" className="field-hint">
              {t('quote.fields.descriptionHint')}
            </p>
            <CharacterCount
              id="quote-description-count"
              fieldId="quote-description"
              count={values.description.length}
              max={QUOTE_LIMITS.description}
            />
          </div>
        }
      />

      {/* Honeypot: people never see or reach it; a bot that fills it in gets a quiet "thank you". */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="quote-website">{t('quote.fields.website')}</label>
        <input
          id="quote-website"
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(e) => set('website', e.target.value)}
        />
      </div>

      <div className="sm:col-span-2">
        <SubmitButton busy={busy} busyLabel={t('quote.busy')}>
          {t('quote.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
