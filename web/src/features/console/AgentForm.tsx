import { useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { Field, TextAreaField } from '../../shared/form/Field';
import { FormAlert } from '../../shared/form/FormAlert';
import { useFieldErrors } from '../../shared/form/useFieldErrors';
import { useSubmit } from '../../shared/form/useSubmit';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import type { TKey } from '../../shared/i18n/types';
import { useFocusOnMount } from '../../shared/ui/useFocusOnMount';
import { createAgent, updateAgent, type AgentFields, type CatalogueAgent } from './api';
import { amountText, CurrencySelect, parseAmount } from './parts';

type Text = 'nameEn' | 'nameNl' | 'titleEn' | 'titleNl' | 'descriptionEn' | 'descriptionNl';
type Draft = Record<Text | 'deliveryDays' | 'price' | 'currency', string>;
type Check = Text | 'deliveryDays' | 'price';

/**
 * Creates an agent, or edits one: both languages side by side, the delivery time and the list price.
 * An edit sends only what changed, with the version it was opened at; a 409 means someone else saved
 * first, and the catalogue is reloaded.
 */
export function AgentForm({
  agent,
  onDone,
  onCancel,
}: {
  agent?: CatalogueAgent;
  onDone: (how: 'saved' | 'conflict') => void;
  onCancel: () => void;
}) {
  const { lang, t } = useLanguage();
  const prefix = agent ? `agent-${agent.id}` : 'agent-new';
  const [draft, setDraft] = useState<Draft>(() => ({
    nameEn: agent?.nameEn ?? '',
    nameNl: agent?.nameNl ?? '',
    titleEn: agent?.titleEn ?? '',
    titleNl: agent?.titleNl ?? '',
    descriptionEn: agent?.descriptionEn ?? '',
    descriptionNl: agent?.descriptionNl ?? '',
    deliveryDays: agent ? String(agent.deliveryDays) : '14',
    price: agent ? amountText(agent.priceCents, lang) : '',
    currency: agent?.currency ?? 'EUR',
  }));
  const heading = useFocusOnMount<HTMLHeadingElement>(true);

  const fields = useFieldErrors<Check>(prefix, () => {
    const need = (v: string): TKey | undefined => (v.trim() ? undefined : 'console.agents.required');
    const days = /^\d{1,3}$/.test(draft.deliveryDays.trim()) && Number(draft.deliveryDays) <= 365;
    return {
      nameEn: need(draft.nameEn),
      titleEn: need(draft.titleEn),
      nameNl: need(draft.nameNl),
      titleNl: need(draft.titleNl),
      deliveryDays: days ? undefined : 'console.agents.daysInvalid',
      price: parseAmount(draft.price) === null ? 'console.quote.order.amountInvalid' : undefined,
    };
  });
  const bind = (name: Text | 'deliveryDays' | 'price') =>
    fields.bind(name, draft[name], (value) => setDraft((d) => ({ ...d, [name]: value })));

  const { busy, problem, onSubmit } = useSubmit({
    validate: fields.validate,
    send: async () => {
      const body: AgentFields = {
        nameEn: draft.nameEn.trim(),
        nameNl: draft.nameNl.trim(),
        titleEn: draft.titleEn.trim(),
        titleNl: draft.titleNl.trim(),
        descriptionEn: draft.descriptionEn.trim(),
        descriptionNl: draft.descriptionNl.trim(),
        deliveryDays: Number(draft.deliveryDays),
        priceCents: parseAmount(draft.price)!,
        currency: draft.currency,
      };
      if (agent) {
        const changed = Object.fromEntries(Object.entries(body).filter(([k, v]) => agent[k as keyof AgentFields] !== v));
        await updateAgent(agent.id, { ...changed, version: agent.version });
      } else {
        await createAgent(body);
      }
      onDone('saved');
    },
    leaves: true,
    onError: (p, err) => {
      if (err instanceof ApiError && err.status === 409) {
        onDone('conflict');
        return null;
      }
      return p;
    },
  });

  const title = agent ? t('console.agents.editTitle', { name: lang === 'nl' ? agent.nameNl : agent.nameEn }) : t('console.agents.newTitle');
  return (
    <form onSubmit={onSubmit} noValidate className="panel mt-6" aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`} ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-5 grid gap-6 md:grid-cols-2">
        {(['En', 'Nl'] as const).map((l) => (
          <fieldset key={l} className="min-w-0 space-y-4">
            <legend className="fact-label mb-3">{t(l === 'En' ? 'console.agents.english' : 'console.agents.dutch')}</legend>
            <Field label={t('console.agents.name')} requiredMark maxLength={100} {...bind(`name${l}`)} />
            <Field label={t('console.agents.agentTitle')} requiredMark maxLength={100} {...bind(`title${l}`)} />
            <TextAreaField label={t('console.agents.description')} maxLength={2000} {...bind(`description${l}`)} />
          </fieldset>
        ))}
      </div>
      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        <Field label={t('console.agents.deliveryDays')} inputMode="numeric" requiredMark {...bind('deliveryDays')} />
        <Field
          label={t('console.agents.price')}
          inputMode="decimal"
          requiredMark
          hint={t('console.quote.order.amountHint')}
          {...bind('price')}
        />
        <CurrencySelect
          id={`${prefix}-currency`}
          label={t('console.agents.currency')}
          value={draft.currency}
          onChange={(currency) => setDraft((d) => ({ ...d, currency }))}
        />
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="submit" className="btn btn-ink" disabled={busy} data-busy={busy || undefined}>
          {busy ? t('console.agents.busy') : agent ? t('console.agents.save') : t('console.agents.create')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('console.agents.cancel')}
        </button>
      </div>
      <div className="mt-4">
        <FormAlert problem={problem} />
      </div>
    </form>
  );
}
