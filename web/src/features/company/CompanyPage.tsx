import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { Deferred, deferred } from '../../shared/data/Deferred';
import type { Problem } from '../../shared/form/errors';
import { Field, SelectField } from '../../shared/form/Field';
import { FormAlert } from '../../shared/form/FormAlert';
import { useSubmit } from '../../shared/form/useSubmit';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { Loading, LoadError } from '../dashboard';
import { getCompany, saveCompany, type Company, type Country } from './api';
import { RetentionChoice } from './RetentionChoice';
import {
  FIELDS,
  HOME,
  bodyOf,
  check,
  countryOptions,
  serverMessages,
  valuesOf,
  type CompanyField,
  type Messages,
  type Values,
} from './form';
import { prerendering } from '../../shared/api/firstData';

// The buyer's company details (/dashboard/company, "Bedrijf"): the legal entity our invoices are addressed
// to. One form: legal name, street and number, postcode and city, country (an EU member state, named in
// the page's language), the KvK number for a Dutch company, the VAT id and the invoice email. Every
// problem shows next to its field (the server's 400 lists them all); what was typed stays on any error.

interface CompanyData {
  company: Company | null;
  countries: Country[];
}

export function loader({ request }: LoaderFunctionArgs) {
  if (prerendering()) return { data: new Promise<CompanyData>(() => {}) };
  return { data: deferred(getCompany(request.signal)) };
}

export function HydrateFallback() {
  const { t } = useLanguage();
  return <Loading title={t('company.title')} text={t('company.loading')} />;
}

export function Component() {
  const { t } = useLanguage();
  const { data } = useLoaderData<typeof loader>();
  return (
    <Deferred
      resolve={data}
      loading={<Loading title={t('company.title')} text={t('company.loading')} />}
      failed={(error, retry) => <LoadError title={t('company.title')} message={t('company.loadError')} error={error} onRetry={retry} />}
    >
      {(d) => <CompanyView data={d} />}
    </Deferred>
  );
}

export function CompanyView({ data }: { data: CompanyData }) {
  const { t } = useLanguage();
  return (
    <>
      <h1 className="display text-4xl sm:text-5xl">{t('company.title')}</h1>
      <p className="mt-4 max-w-3xl text-lg text-ink-soft">{t('company.intro')}</p>
      <CompanyForm company={data.company} countries={data.countries} />
      <RetentionChoice company={data.company} />
    </>
  );
}

function CompanyForm({ company, countries }: { company: Company | null; countries: Country[] }) {
  const { lang, t } = useLanguage();
  const [values, setValues] = useState<Values>(() => valuesOf(company));
  const [version, setVersion] = useState(company?.version);
  const [errors, setErrors] = useState<Messages>({});
  const [saved, setSaved] = useState(false);
  const options = countryOptions(countries, lang);
  const example = countries.find((c) => c.code === values.country)?.vatExample ?? '';

  /** Shows these messages and focuses the first bad field; true when there are none. */
  function show(next: Messages): boolean {
    setErrors(next);
    const first = FIELDS.find((f) => next[f]);
    if (first) document.getElementById(`company-${first}`)?.focus();
    return first === undefined;
  }

  const { busy, problem, onSubmit } = useSubmit<Problem>({
    validate: () => show(check(values)),
    send: async () => {
      const { company: next } = await saveCompany(bodyOf(values, version));
      setValues(valuesOf(next));
      setVersion(next.version);
      setSaved(true);
    },
    onError: (p, err) => {
      if (err instanceof ApiError && err.status === 400) {
        const mapped = serverMessages(
          err.problems ?? [{ code: err.code, field: err.field ?? '', message: err.message }],
          countries,
          values.country,
          lang,
        );
        if (mapped) {
          show(mapped);
          return null;
        }
      }
      if (err instanceof ApiError && err.code === 'version_conflict') {
        // Changed elsewhere: take the stored version, keep what was typed, and say so; saving again replaces it.
        void getCompany()
          .then((a) => setVersion(a.company?.version))
          .catch(() => {});
        return { code: p.code, key: 'company.errors.conflict' };
      }
      return p;
    },
  });

  function set(field: CompanyField, value: string) {
    setSaved(false);
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }
  /** The props that tie a field to its value and its message. */
  const bind = (field: CompanyField) => ({
    id: `company-${field}`,
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
    error: errors[field] && t(errors[field].key, errors[field].vars),
  });

  return (
    <section aria-label={t('company.title')} className="panel mt-8 max-w-3xl">
      {!version && <p className="notice notice-warn mb-6">{t('company.none')}</p>}
      <form method="post" onSubmit={onSubmit} className="space-y-5" noValidate>
        <Field
          label={t('company.fields.legalName')}
          hint={t('company.fields.legalNameHint')}
          autoComplete="organization"
          requiredMark
          maxLength={200}
          {...bind('legalName')}
        />
        <Field label={t('company.fields.street')} autoComplete="address-line1" requiredMark maxLength={200} {...bind('street')} />
        <div className="grid gap-5 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
          <Field label={t('company.fields.postcode')} autoComplete="postal-code" requiredMark maxLength={12} {...bind('postcode')} />
          <Field label={t('company.fields.city')} autoComplete="address-level2" requiredMark maxLength={100} {...bind('city')} />
        </div>
        <SelectField
          label={t('company.fields.country')}
          hint={t('company.fields.countryHint')}
          autoComplete="country"
          requiredMark
          {...bind('country')}
        >
          {options.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </SelectField>
        {values.country === HOME && (
          <Field
            label={t('company.fields.kvk')}
            hint={t('company.fields.kvkHint')}
            inputMode="numeric"
            autoComplete="off"
            requiredMark
            maxLength={12}
            {...bind('kvk')}
          />
        )}
        <Field
          label={t('company.fields.vatId')}
          hint={example ? t('company.fields.vatIdHint', { example }) : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          {...bind('vatId')}
        />
        <Field
          label={t('company.fields.invoiceEmail')}
          hint={t('company.fields.invoiceEmailHint')}
          type="email"
          autoComplete="email"
          requiredMark
          maxLength={254}
          {...bind('invoiceEmail')}
        />
        <button type="submit" className="btn btn-ink" disabled={busy} data-busy={busy || undefined}>
          {busy ? t('company.busy') : t('company.save')}
        </button>
        <FormAlert problem={problem} />
        <p role="status" className={saved ? 'notice notice-ok' : 'sr-only'}>
          {saved ? t('company.saved') : ''}
        </p>
      </form>
    </section>
  );
}
