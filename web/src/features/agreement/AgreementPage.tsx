import { useState } from 'react';
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Deferred, deferred, requestLang } from '../../shared/data/Deferred';
import { describeError, type Problem } from '../../shared/form/errors';
import { FormAlert } from '../../shared/form/FormAlert';
import { dateTimeFormat } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { Loading, LoadError } from '../dashboard';
import { acceptAgreement, agreementPdf, getAgreement, type AgreementState } from './api';
import { prerendering } from '../../shared/api/firstData';

// The buyer's processor agreement (/dashboard/agreement, "Overeenkomst"): the current version in the page's
// language (a link reads it in the other), its sub-processors, who accepted it and when, the accept button
// while the buyer (or a colleague at their company) has not, and the PDF copy. A new version shows the
// button again; live agents keep running meanwhile.

export function loader({ request }: LoaderFunctionArgs) {
  if (prerendering()) return { data: new Promise<AgreementState>(() => {}) };
  return { data: deferred(getAgreement(requestLang(request), request.signal)) };
}

export function HydrateFallback() {
  const { t } = useLanguage();
  return <Loading title={t('agreement.title')} text={t('agreement.loading')} />;
}

export function Component() {
  const { t } = useLanguage();
  const { data } = useLoaderData<typeof loader>();
  return (
    <Deferred
      resolve={data}
      loading={<Loading title={t('agreement.title')} text={t('agreement.loading')} />}
      failed={(error, retry) => <LoadError title={t('agreement.title')} message={t('agreement.loadError')} error={error} onRetry={retry} />}
    >
      {(d) => <AgreementView state={d} />}
    </Deferred>
  );
}

const longDate = (iso: string, lang: string, time = false) =>
  dateTimeFormat(
    lang === 'nl' ? 'nl-NL' : 'en-GB',
    time ? { dateStyle: 'long', timeStyle: 'short' } : { dateStyle: 'long', timeZone: 'UTC' },
  ).format(new Date(time ? iso : `${iso}T00:00:00Z`));

export function AgreementView({ state: initial }: { state: AgreementState }) {
  const { lang, t } = useLanguage();
  const revalidator = useRevalidator();
  const [state, setState] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [justAccepted, setJustAccepted] = useState(false);
  const a = state.agreement;
  const other = lang === 'nl' ? 'en' : 'nl';

  async function accept() {
    setBusy(true);
    setProblem(null);
    try {
      setState(await acceptAgreement(a.version, lang));
      setJustAccepted(true);
    } catch (err) {
      setProblem(describeError(err));
      void revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1 className="display text-4xl sm:text-5xl">{t('agreement.title')}</h1>
      <p className="mt-4 max-w-3xl text-lg text-ink-soft">{t('agreement.intro')}</p>
      <p className="mt-3 text-ink-soft">
        {t('agreement.version', { version: String(a.version), date: longDate(a.effective, lang) })} ·{' '}
        <Link to={localePath(other, '/dashboard/agreement')} hrefLang={other} lang={other}>
          {t('agreement.otherLanguage')}
        </Link>
      </p>

      <section aria-label={t('agreement.title')} className="panel mt-6 max-w-3xl" role="status">
        {state.accepted ? (
          <p className="font-semibold">
            {justAccepted && <>{t('agreement.acceptedNow')} </>}
            {t('agreement.accepted', { name: state.accepted.name, date: longDate(state.accepted.acceptedAt, lang, true) })}
          </p>
        ) : state.latest ? (
          <p className="font-semibold">
            {t('agreement.newVersion', { version: String(state.latest.version), date: longDate(state.latest.acceptedAt, lang, true) })}
          </p>
        ) : (
          <p className="font-semibold">{t('agreement.notAccepted')}</p>
        )}
        <p className="mt-3">
          <a href={agreementPdf(lang)} download>
            {t('agreement.pdf')}
          </a>
        </p>
      </section>

      <ol className="mt-8 max-w-3xl space-y-8" lang={a.lang}>
        {a.sections.map((s, i) => (
          <li key={s.id}>
            <h2 className="text-2xl font-bold tracking-tight">
              {i + 1}. {s.title}
            </h2>
            {s.paragraphs.map((p) => (
              <p key={p.slice(0, 40)} className="mt-3 leading-relaxed text-ink-soft">
                {p}
              </p>
            ))}
            {s.id === 'subprocessors' && (
              <ul className="mt-4 grid gap-4" aria-label={t('agreement.subprocessors')}>
                {a.subProcessors.map((p) => (
                  <li key={p.name} className="panel">
                    <h3 className="font-bold">{p.name}</h3>
                    <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
                      <dt className="font-semibold">{t('agreement.subRole')}</dt>
                      <dd>{p.role}</dd>
                      <dt className="font-semibold">{t('agreement.subLocation')}</dt>
                      <dd>{p.location}</dd>
                      <dt className="font-semibold">{t('agreement.subSafeguard')}</dt>
                      <dd>{p.safeguard}</dd>
                    </dl>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>

      {!state.accepted && (
        <div className="mt-8 max-w-3xl">
          <FormAlert problem={problem} />
          <button type="button" className="btn btn-ink mt-4" onClick={() => void accept()} disabled={busy}>
            {busy ? t('agreement.accepting') : t('agreement.accept')}
          </button>
        </div>
      )}
    </>
  );
}
