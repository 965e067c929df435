import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Deferred, deferred, useReload } from '../../shared/data/Deferred';
import { formatMoney } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { AgentForm } from './AgentForm';
import { listAgents, type CatalogueAgent } from './api';
import { ConsoleError, ConsoleLoading } from './parts';

/** The catalogue; not awaited (<Deferred>). */
export function loader({ request }: LoaderFunctionArgs) {
  return { agents: deferred(listAgents(request.signal)) };
}

/** The first render of a fresh page, before the loader has handed over its promise. */
export function HydrateFallback() {
  const { t } = useLanguage();
  return <ConsoleLoading title={t('console.agents.title')} text={t('console.loading')} />;
}

/** /console/agents: the catalogue, each agent in English and Dutch, with its delivery time and list price. */
export function Component() {
  const { t } = useLanguage();
  const { agents } = useLoaderData<typeof loader>();
  const reload = useReload();
  // Which form is open: a new agent, or the edit of one.
  const [editing, setEditing] = useState<string | null>(null);
  const [message, setMessage] = useState<'saved' | 'conflict' | null>(null);
  const title = t('console.agents.title');

  const done = (how: 'saved' | 'conflict') => {
    setEditing(null);
    setMessage(how);
    reload();
  };
  const open = (id: string) => {
    setMessage(null);
    setEditing(id);
  };
  return (
    <Deferred
      resolve={agents}
      loading={<ConsoleLoading title={title} text={t('console.loading')} />}
      failed={(error, retry) => <ConsoleError title={title} error={error} onRetry={retry} />}
    >
      {(data) => (
        <Catalogue agents={data.items} editing={editing} message={message} open={open} done={done} close={() => setEditing(null)} />
      )}
    </Deferred>
  );
}

interface CatalogueProps {
  agents: CatalogueAgent[];
  editing: string | null;
  message: 'saved' | 'conflict' | null;
  open: (id: string) => void;
  done: (how: 'saved' | 'conflict') => void;
  close: () => void;
}

function Catalogue({ agents, editing, message, open, done, close }: CatalogueProps) {
  const { t } = useLanguage();
  const title = t('console.agents.title');
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="display text-4xl sm:text-5xl">{title}</h1>
        {editing !== 'new' && (
          <button type="button" className="btn btn-signal" onClick={() => open('new')}>
            {t('console.agents.add')}
          </button>
        )}
      </div>
      <p role="status" className="mt-4 font-medium text-green-900">
        {message === 'saved' ? t('console.agents.saved') : ''}
      </p>
      {message === 'conflict' && (
        <p role="alert" className="notice notice-warn mt-2">
          {t('console.conflict')}
        </p>
      )}
      {editing === 'new' && <AgentForm onDone={done} onCancel={close} />}
      {agents.length === 0 ? (
        <p className="panel mt-6 text-center text-ink-soft">{t('console.agents.empty')}</p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {agents.map((agent) =>
            editing === agent.id ? (
              <li key={agent.id} className="md:col-span-2">
                <AgentForm agent={agent} onDone={done} onCancel={close} />
              </li>
            ) : (
              <AgentCard key={agent.id} agent={agent} onEdit={() => open(agent.id)} />
            ),
          )}
        </ul>
      )}
    </>
  );
}

function AgentCard({ agent, onEdit }: { agent: CatalogueAgent; onEdit: () => void }) {
  const { lang, t } = useLanguage();
  return (
    <li className="panel flex flex-col">
      <div className="grid gap-4 sm:grid-cols-2">
        {(['en', 'nl'] as const).map((l) => (
          <div key={l} lang={l} className="min-w-0">
            <p className="fact-label" lang={lang}>
              {t(l === 'en' ? 'console.agents.english' : 'console.agents.dutch')}
            </p>
            <h2 className="mt-1 text-lg font-bold tracking-tight hyphens-auto [overflow-wrap:break-word]">
              {l === 'en' ? agent.nameEn : agent.nameNl}
            </h2>
            <p className="mt-0.5 font-medium text-signal-ink">{l === 'en' ? agent.titleEn : agent.titleNl}</p>
            <p className="mt-2 text-sm leading-relaxed text-ink-soft">{l === 'en' ? agent.descriptionEn : agent.descriptionNl}</p>
          </div>
        ))}
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-3 border-t border-line pt-4 text-sm">
        <div>
          <dt className="fact-label">{t('console.agents.deliveryDays')}</dt>
          <dd className="mt-0.5">
            {agent.deliveryDays === 1 ? t('console.agents.day') : t('console.agents.days', { days: agent.deliveryDays })}
          </dd>
        </div>
        <div>
          <dt className="fact-label">{t('console.agents.price')}</dt>
          <dd className="mt-0.5 font-semibold tabular-nums">{formatMoney(agent.priceCents, agent.currency, lang)}</dd>
        </div>
      </dl>
      <div className="mt-5">
        <button
          type="button"
          className="btn btn-ghost"
          onClick={onEdit}
          aria-label={t('console.agents.editFor', { name: lang === 'nl' ? agent.nameNl : agent.nameEn })}
        >
          {t('console.agents.edit')}
        </button>
      </div>
    </li>
  );
}
