import { useState, type FormEvent } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { Deferred, deferred, useReload } from '../../shared/data/Deferred';
import { SelectField } from '../../shared/form/Field';
import { FormAlert } from '../../shared/form/FormAlert';
import { describeError, type Problem } from '../../shared/form/errors';
import { formatDateTime } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import type { TKey } from '../../shared/i18n/types';
import { cancelJob, JOB_STATES, listJobs, retryJob, type Job, type JobState, type Page } from './api';
import { ConsoleError, ConsoleLoading, ListBody, useQuery } from './parts';

/** The URL's ?state= when it is one the API knows; anything else is every state. */
function stateOf(raw: string | null): JobState | '' {
  return JOB_STATES.find((s) => s === raw) ?? '';
}

/** The first page of the queue in the URL's state; not awaited (<Deferred>). */
export function loader({ request }: LoaderFunctionArgs) {
  const state = stateOf(new URL(request.url).searchParams.get('state'));
  return { page: deferred(listJobs({ state }, request.signal)) };
}

/** The first render of a fresh page, before the loader has handed over its promise. */
export function HydrateFallback() {
  const { t } = useLanguage();
  return <ConsoleLoading title={t('console.jobs.title')} text={t('console.loading')} />;
}

/** What the last retry or cancel did, shown above the reloaded list. */
type Outcome = { how: 'retried' | 'cancelled' | 'conflict'; id: number } | { how: 'failed'; problem: Problem };

/**
 * /console/jobs: the background queue (emails, clean-up, call retention and backfill), newest first, in
 * one state (?state=) or all. A failed or cancelled job can run again, a pending one be cancelled; either
 * reloads the list (a 409: the job moved on since the list was read, which the reloaded list shows).
 */
export function Component() {
  const { t } = useLanguage();
  const { page } = useLoaderData<typeof loader>();
  const reload = useReload();
  const [params] = useQuery();
  const state = stateOf(params.get('state'));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [acting, setActing] = useState<number | null>(null);
  const title = t('console.jobs.title');

  async function act(job: Job, how: 'retried' | 'cancelled') {
    setActing(job.id);
    setOutcome(null);
    try {
      await (how === 'retried' ? retryJob(job.id) : cancelJob(job.id));
      setOutcome({ how, id: job.id });
      reload();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setOutcome({ how: 'conflict', id: job.id });
        reload();
      } else setOutcome({ how: 'failed', problem: describeError(err) });
    } finally {
      setActing(null);
    }
  }

  return (
    <>
      <h1 className="display text-4xl sm:text-5xl">{title}</h1>
      <p className="mt-4 max-w-2xl text-ink-soft">{t('console.jobs.intro')}</p>
      <StateFilter state={state} />
      <p role="status" className="mt-4 font-medium text-green-900">
        {outcome?.how === 'retried' || outcome?.how === 'cancelled' ? t(`console.jobs.${outcome.how}`, { id: outcome.id }) : ''}
      </p>
      {outcome?.how === 'conflict' && (
        <p role="alert" className="notice notice-warn mt-2">
          {t('console.jobs.conflict', { id: outcome.id })}
        </p>
      )}
      {outcome?.how === 'failed' && <FormAlert problem={outcome.problem} />}
      <Deferred
        resolve={page}
        loading={
          <p role="status" className="status-line mt-6 text-lg">
            <span aria-hidden="true" className="pulse-dot" />
            {t('console.loading')}
          </p>
        }
        failed={(error, retry) => <ConsoleError title={title} error={error} onRetry={retry} />}
      >
        {(first) => <Queue first={first} state={state} acting={acting} onAct={act} />}
      </Deferred>
    </>
  );
}

/** The ?state= select; applying it goes back to the first page. */
function StateFilter({ state }: { state: JobState | '' }) {
  const { t } = useLanguage();
  const [params, setParams] = useQuery();
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const value = String(new FormData(e.currentTarget).get('state') ?? '');
    const next = new URLSearchParams(params);
    if (value) next.set('state', value);
    else next.delete('state');
    setParams(next);
  }
  return (
    // Keyed by the URL, so "back" shows the filter of the page it lands on.
    <form
      key={state}
      role="search"
      aria-label={t('console.jobs.filter')}
      onSubmit={onSubmit}
      className="filter-bar mt-8 sm:grid-cols-[minmax(0,1fr)_auto]"
    >
      <SelectField id="jobs-state" name="state" label={t('console.list.status')} defaultValue={state}>
        <option value="">{t('console.jobs.all')}</option>
        {JOB_STATES.map((s) => (
          <option key={s} value={s}>
            {t(`console.jobs.states.${s}`)}
          </option>
        ))}
      </SelectField>
      <div className="sm:self-end">
        <button type="submit" className="btn btn-ink w-full sm:w-auto">
          {t('console.list.apply')}
        </button>
      </div>
    </form>
  );
}

interface QueueProps {
  first: Page<Job>;
  state: JobState | '';
  acting: number | null;
  onAct: (job: Job, how: 'retried' | 'cancelled') => void;
}

/** The loader's first page and the pages "Load more" adds; a new loader run is a new list (<Deferred>). */
function Queue({ first, state, acting, onAct }: QueueProps) {
  const [more, setMore] = useState<{ items: Job[]; next: string | null }>({ items: [], next: first.nextCursor });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  async function loadMore() {
    if (!more.next) return;
    setBusy(true);
    setProblem(null);
    try {
      const page = await listJobs({ state, cursor: more.next });
      setMore((m) => ({ items: [...m.items, ...page.items], next: page.nextCursor }));
    } catch (err) {
      setProblem(describeError(err));
    } finally {
      setBusy(false);
    }
  }

  const items = [...first.items, ...more.items];
  return (
    <ListBody count={items.length} filtered={!!state} next={more.next} busy={busy} problem={problem} onMore={() => void loadMore()}>
      <ul className="mt-6 space-y-3">
        {items.map((job) => (
          <JobRow key={job.id} job={job} busy={acting !== null} onAct={onAct} />
        ))}
      </ul>
    </ListBody>
  );
}

const STATE_TONES: Record<JobState, string> = {
  pending: 'border-sky-300 bg-sky-100 text-sky-900',
  running: 'border-amber-300 bg-amber-100 text-amber-900',
  done: 'border-green-300 bg-green-100 text-green-900',
  failed: 'border-red-300 bg-red-100 text-red-900',
  cancelled: 'border-stone-300 bg-stone-100 text-stone-800',
};

/** The kinds this build has words for; another is shown as the queue names it. */
const KINDS: Record<string, TKey> = {
  mail: 'console.jobs.kinds.mail',
  cleanup: 'console.jobs.kinds.cleanup',
  'calls.retention': 'console.jobs.kinds.retention',
  'calls.backfill': 'console.jobs.kinds.backfill',
  webhook: 'console.jobs.kinds.webhook',
  'webhooks.prune': 'console.jobs.kinds.webhookPrune',
};

function JobRow({ job, busy, onAct }: { job: Job; busy: boolean; onAct: QueueProps['onAct'] }) {
  const { lang, t } = useLanguage();
  const kind = Object.hasOwn(KINDS, job.kind) ? t(KINDS[job.kind]) : job.kind;
  // A pending job waits for its time; any other was last touched when it ran, failed or was cancelled.
  const pending = job.state === 'pending';
  const at = pending ? job.runAt : job.updatedAt;
  const action = job.state === 'failed' || job.state === 'cancelled' ? 'retried' : pending ? 'cancelled' : null;
  return (
    <li className="console-row lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)] lg:items-start lg:gap-6">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-bold tracking-tight">{kind}</h2>
          <span className={`badge ${STATE_TONES[job.state] ?? STATE_TONES.cancelled}`}>
            <span className="sr-only">{t('console.list.status')}: </span>
            {Object.hasOwn(STATE_TONES, job.state) ? t(`console.jobs.states.${job.state}`) : job.state}
          </span>
        </div>
        <p className="mt-1 text-sm text-ink-soft">
          {t('console.jobs.number', { id: job.id })}
          {job.mail && (
            <>
              {' · '}
              {t('console.jobs.mailTo', { kind: job.mail.kind || '—', domain: job.mail.recipientDomain || '—' })}
            </>
          )}
        </p>
        {action && (
          <button
            type="button"
            className="btn btn-ghost mt-3"
            disabled={busy}
            onClick={() => onAct(job, action)}
            aria-label={t(action === 'retried' ? 'console.jobs.retryFor' : 'console.jobs.cancelFor', { id: job.id })}
          >
            {t(action === 'retried' ? 'console.jobs.retry' : 'console.jobs.cancel')}
          </button>
        )}
      </div>
      <div className="min-w-0">
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="fact-label">{t('console.jobs.attempts')}</dt>
            <dd className="mt-0.5 tabular-nums">{job.attempts}</dd>
          </div>
          <div>
            <dt className="fact-label">{t(pending ? 'console.jobs.nextRun' : 'console.jobs.updated')}</dt>
            <dd className="mt-0.5">
              <time dateTime={at}>{formatDateTime(at, lang)}</time>
            </dd>
          </div>
          {job.lastError && (
            <div className="col-span-2 min-w-0">
              <dt className="fact-label">{t('console.jobs.lastError')}</dt>
              <dd className="mt-0.5 font-mono [overflow-wrap:anywhere]">{job.lastError}</dd>
            </div>
          )}
        </dl>
      </div>
    </li>
  );
}
