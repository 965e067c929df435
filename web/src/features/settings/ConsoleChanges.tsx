import { useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Deferred, deferred } from '../../shared/data/Deferred';
import { describeError, type Problem } from '../../shared/form/errors';
import { TextAreaField } from '../../shared/form/Field';
import { FormAlert } from '../../shared/form/FormAlert';
import { formatDateTime } from '../../shared/format';
import { softHyphens } from '../../shared/i18n/hyphenate';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { approveChange, listChanges, rejectChange, type ConsoleChange } from './api';
import { diffSettings } from './form';
import { DiffTable } from './parts';
import { prerendering } from '../../shared/api/firstData';

// /console/changes (issue 23 §2): the buyers' change requests waiting for the agency, each with its diff
// against the live version, field by field. Approve makes it a version (and sends it to Vapi); reject
// takes a note the buyer reads.

export function loader({ request }: LoaderFunctionArgs) {
  if (prerendering()) return { data: new Promise<ConsoleChange[]>(() => {}) };
  return { data: deferred(listChanges(request.signal).then((all) => all.filter((c) => c.status === 'pending'))) };
}

function Heading() {
  const { lang, t } = useLanguage();
  // "Wijzigingsverzoeken" is wider than a phone: soft hyphens let it break.
  return <h1 className="display text-4xl [overflow-wrap:anywhere] sm:text-5xl">{softHyphens(t('settings.changes.title'), lang)}</h1>;
}

function Waiting() {
  const { t } = useLanguage();
  return (
    <>
      <Heading />
      <p role="status" className="status-line mt-6 text-lg">
        <span aria-hidden="true" className="pulse-dot" />
        {t('settings.changes.loading')}
      </p>
    </>
  );
}

export function HydrateFallback() {
  return <Waiting />;
}

export function Component() {
  const { t } = useLanguage();
  const { data } = useLoaderData<typeof loader>();
  return (
    <Deferred
      resolve={data}
      loading={<Waiting />}
      failed={(error, retry) => (
        <>
          <Heading />
          <div role="alert" className="notice notice-error mt-6 max-w-2xl">
            <p className="font-semibold">{t('settings.changes.loadError')}</p>
            <p className="mt-1">{t(describeError(error).key)}</p>
          </div>
          <button type="button" className="btn btn-ink mt-5" onClick={retry}>
            {t('console.error.retry')}
          </button>
        </>
      )}
    >
      {(items) => <ChangeList first={items} />}
    </Deferred>
  );
}

function ChangeList({ first }: { first: ConsoleChange[] }) {
  const { t } = useLanguage();
  const [items, setItems] = useState(first);
  const [done, setDone] = useState('');
  return (
    <>
      <Heading />
      <p className="mt-4 max-w-3xl text-lg text-ink-soft">{t('settings.changes.intro')}</p>
      <p role="status" className={done ? 'notice notice-ok mt-6 max-w-3xl' : 'sr-only'}>
        {done}
      </p>
      {items.length === 0 ? (
        <div className="panel mt-8 max-w-3xl">
          <p className="text-ink-soft">{t('settings.changes.empty')}</p>
        </div>
      ) : (
        <ul className="mt-8 space-y-6">
          {items.map((c) => (
            <li key={c.id}>
              <ChangeCard
                change={c}
                onDone={(text) => {
                  setItems((list) => list.filter((x) => x.id !== c.id));
                  setDone(text);
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ChangeCard({ change, onDone }: { change: ConsoleChange; onDone: (text: string) => void }) {
  const { lang, t } = useLanguage();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<'' | 'approve' | 'reject'>('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [noteError, setNoteError] = useState('');
  const titleId = `change-${change.id}`;
  const lines = diffSettings(change.live, change.settings);
  const agent = change.agentName[lang] || change.agentName.en;
  const buyer = change.buyer.name || change.buyer.email || '';

  async function decide(kind: 'approve' | 'reject') {
    if (busy) return;
    if (kind === 'reject' && !note.trim()) {
      setNoteError(t('settings.changes.noteRequired'));
      document.getElementById(`${titleId}-note`)?.focus();
      return;
    }
    setBusy(kind);
    setProblem(null);
    try {
      await (kind === 'approve' ? approveChange(change.id) : rejectChange(change.id, note.trim()));
      onDone(t(kind === 'approve' ? 'settings.changes.approved' : 'settings.changes.rejected', { agent }));
    } catch (err) {
      setProblem(describeError(err));
      setBusy('');
    }
  }

  return (
    <article aria-labelledby={titleId} className="panel">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={titleId} className="text-2xl font-bold tracking-tight">
          {t('settings.changes.cardTitle', { agent, buyer })}
        </h2>
        <Link to={localePath(lang, `/console/orders/${encodeURIComponent(change.orderId)}`)} className="link-button">
          {t('settings.changes.openOrder')}
        </Link>
      </div>
      <p className="mt-1 text-sm text-ink-soft">
        {t('settings.changes.asked', { name: change.requestedBy?.name || buyer })} ·{' '}
        <time dateTime={change.requestedAt}>{formatDateTime(change.requestedAt, lang)}</time>
      </p>
      {change.stale && <p className="notice notice-warn mt-4">{t('settings.changes.stale')}</p>}
      <div className="mt-5 overflow-x-auto">
        <DiffTable lines={lines} caption={t('settings.changes.diffCaption', { agent, buyer })} />
      </div>
      <div className="mt-6 space-y-3">
        <TextAreaField
          id={`${titleId}-note`}
          label={t('settings.changes.note')}
          hint={t('settings.changes.noteHint')}
          rows={2}
          maxLength={1000}
          value={note}
          onChange={(e) => {
            setNote(e.target.value);
            setNoteError('');
          }}
          error={noteError || undefined}
        />
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className="btn btn-ink"
            disabled={!!busy}
            data-busy={busy === 'approve' || undefined}
            onClick={() => decide('approve')}
          >
            {busy === 'approve' ? t('settings.changes.approving') : t('settings.changes.approve')}
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={!!busy}
            data-busy={busy === 'reject' || undefined}
            onClick={() => decide('reject')}
          >
            {busy === 'reject' ? t('settings.changes.rejecting') : t('settings.changes.reject')}
          </button>
        </div>
        <FormAlert problem={problem} />
      </div>
    </article>
  );
}
