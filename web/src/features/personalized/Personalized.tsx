import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TextAreaField } from '../../shared/form/Field';
import { SubmitButton } from '../../shared/form/SubmitButton';
import { useTypedBeforeHydration } from '../../shared/form/useTypedBeforeHydration';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { QUOTE_LIMITS } from '../marketing';
import { AgentCard } from './AgentCard';
import { deriveDraft, type AgentDraft } from './draft';

/** Spec §9: the simulated generation takes 2 seconds. */
const GENERATION_MS = 2000;

export function Component() {
  const { lang, t } = useLanguage();
  const [prompt, setPrompt] = useState('');
  const [generating, setGenerating] = useState(false);
  // The prompt the card was made from (for the quote link) and its draft (for the test call, later).
  const [result, setResult] = useState<{ prompt: string; draft: AgentDraft } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A prompt typed before hydration counts: Generate is enabled for it.
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, (typed) => {
    if (typed.prompt && typed.prompt !== prompt) setPrompt(typed.prompt);
  });

  const text = prompt.trim();
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!text || generating) return;
    setGenerating(true);
    setResult(null);
    timer.current = setTimeout(() => {
      setResult({ prompt: text, draft: deriveDraft(text, lang) });
      setGenerating(false);
    }, GENERATION_MS);
  }

  return (
    <div className="mx-auto max-w-3xl px-4 pt-12 pb-28 sm:px-6 md:pt-20">
      <h1 className="display text-[2.5rem] sm:text-6xl">{t('personalized.title')}</h1>
      <p className="mt-6 max-w-2xl text-lg leading-relaxed text-ink-soft">{t('personalized.intro')}</p>
      <form ref={form} onSubmit={onSubmit} className="panel mt-10 space-y-5">
        {/* As long as the quote's description, so the whole prompt can go along to /quote. */}
        <TextAreaField
          id="agent-prompt"
          name="prompt"
          label={t('personalized.promptLabel')}
          placeholder={t('personalized.promptPlaceholder')}
          rows={6}
          maxLength={QUOTE_LIMITS.description}
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
        />
        <SubmitButton busy={generating} busyLabel={t('personalized.generating')} disabled={!text}>
          {t('personalized.generate')}
        </SubmitButton>
        <p role="status" className="sr-only">
          {generating && t('personalized.generatingStatus')}
        </p>
      </form>
      {result && <AgentCard prompt={result.prompt} draft={result.draft} />}
    </div>
  );
}
