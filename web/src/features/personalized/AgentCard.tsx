import { Link } from 'react-router';
import { softHyphens } from '../../shared/i18n/hyphenate';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { useFocusOnMount } from '../../shared/ui/useFocusOnMount';
import { loadVoiceApi } from '../voice';
import type { AgentDraft } from './draft';
import { productLabel } from './vocabulary';

/** Starts a call with this draft in the floating voice widget; the widget code loads only now. */
function testAgent(draft: AgentDraft) {
  loadVoiceApi().then(
    ({ startVoiceCall }) => startVoiceCall({ draft }),
    (err: unknown) => console.error('Voice widget could not load', err),
  );
}

/** Small labelled list of chips (call languages, integrations). */
function Chips({ id, title, items }: { id: string; title: string; items: readonly string[] }) {
  return (
    <div>
      <h4 id={id} className="fact-label">
        {title}
      </h4>
      <ul aria-labelledby={id} className="mt-2 flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item} className="chip">
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The "ready" card: the agent we would build, derived from the visitor's prompt. Takes the focus on mount. */
export function AgentCard({ prompt, draft }: { prompt: string; draft: AgentDraft }) {
  const { lang, t } = useLanguage();
  const heading = useFocusOnMount<HTMLHeadingElement>(true);
  const quote = `${localePath(lang, '/quote')}?description=${encodeURIComponent(prompt)}`;
  return (
    <section aria-labelledby="agent-ready" className="panel mt-8">
      <h2 id="agent-ready" ref={heading} tabIndex={-1} className="text-2xl font-extrabold tracking-tight sm:text-3xl">
        {t('personalized.ready.title')}
      </h2>
      <h3 className="mt-5 text-xl font-bold tracking-tight">{softHyphens(draft.name, lang)}</h3>
      <p className="mt-3 leading-relaxed text-ink-soft">{draft.summary}</p>

      <div className="mt-8 grid gap-8 md:grid-cols-2">
        <div>
          <h4 className="fact-label">{t('personalized.ready.goals')}</h4>
          <ul className="mt-3 space-y-2.5">
            {draft.goals.map((goal) => (
              <li key={goal} className="flex gap-2.5 leading-snug">
                <span aria-hidden="true" className="mt-2 h-0.5 w-3 shrink-0 bg-signal-ink" />
                {goal}
              </li>
            ))}
          </ul>
        </div>
        <div className="space-y-6">
          <div>
            <h4 className="fact-label">{t('personalized.ready.greeting')}</h4>
            {/* Spoken in the agent's first call language, which may differ from the page's. */}
            <blockquote lang={draft.callLanguages[0]} className="greeting mt-3">
              <p>{draft.greeting}</p>
            </blockquote>
          </div>
          <Chips
            id="agent-languages"
            title={t('personalized.ready.languages')}
            items={draft.callLanguages.map((code) => t(`personalized.languages.${code}`))}
          />
          {draft.integrations.length > 0 && (
            <Chips
              id="agent-integrations"
              title={t('personalized.ready.integrations')}
              items={draft.integrations.map((name) => productLabel(name, lang))}
            />
          )}
        </div>
      </div>

      <p className="mt-8 text-sm text-ink-soft">{t('personalized.ready.note')}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <button
          type="button"
          className="btn btn-ghost whitespace-normal"
          onClick={() => testAgent(draft)}
          aria-describedby="agent-test-hint"
        >
          {t('personalized.ready.test')}
        </button>
        <Link to={quote} className="btn btn-signal whitespace-normal text-center">
          {t('personalized.ready.quote')}
        </Link>
      </div>
      <p id="agent-test-hint" className="mt-3 text-sm text-ink-soft">
        {t('personalized.ready.testHint')}
      </p>
    </section>
  );
}
