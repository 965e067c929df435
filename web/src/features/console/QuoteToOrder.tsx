import { useState } from 'react';
import { Deferred } from '../../shared/data/Deferred';
import { Field, SelectField } from '../../shared/form/Field';
import { FormAlert } from '../../shared/form/FormAlert';
import { useFieldErrors } from '../../shared/form/useFieldErrors';
import { useSubmit } from '../../shared/form/useSubmit';
import { formatMoney } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { getQuote, orderFromQuote, type CatalogueAgent, type QuoteDetail } from './api';
import { amountText, CurrencySelect, parseAmount } from './parts';

/**
 * Turns a request into a pending order: an agent from the catalogue, an amount (the agent's list price
 * to start with) and a currency (EUR unless changed). The server finds or makes and invites the account.
 * The catalogue comes from the quote route's loader, not awaited: the request shows while it loads.
 */
export function QuoteToOrder({
  quote,
  agents,
  onChange,
}: {
  quote: QuoteDetail;
  agents: Promise<{ items: CatalogueAgent[] }>;
  onChange: (q: QuoteDetail) => void;
}) {
  const { t } = useLanguage();
  return (
    <section aria-labelledby="quote-order" className="panel">
      <h2 id="quote-order" className="text-2xl font-bold tracking-tight">
        {t('console.quote.order.title')}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-ink-soft">{t('console.quote.order.text')}</p>
      <Deferred
        resolve={agents}
        loading={
          <p role="status" className="status-line mt-4">
            <span aria-hidden="true" className="pulse-dot" />
            {t('console.loading')}
          </p>
        }
        failed={(_, retry) => (
          <div className="mt-4 space-y-3">
            <p role="alert" className="notice notice-error">
              {t('console.error.title')}
            </p>
            <button type="button" className="btn btn-ghost" onClick={retry}>
              {t('console.error.retry')}
            </button>
          </div>
        )}
      >
        {(page) => <OrderForm quote={quote} agents={page.items} onChange={onChange} />}
      </Deferred>
    </section>
  );
}

function OrderForm({ quote, agents, onChange }: { quote: QuoteDetail; agents: CatalogueAgent[]; onChange: (q: QuoteDetail) => void }) {
  const { lang, t } = useLanguage();
  const [agentId, setAgentId] = useState('');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState('EUR');
  const [done, setDone] = useState<string | null>(null);
  const fields = useFieldErrors('order', () => ({
    agent: agentId ? undefined : 'console.quote.order.agentRequired',
    amount: parseAmount(amount) === null ? 'console.quote.order.amountInvalid' : undefined,
  }));

  function pickAgent(id: string) {
    setAgentId(id);
    fields.clear('agent');
    const agent = agents.find((a) => a.id === id);
    // The list price is where a quote starts; staff change it to what was agreed.
    if (agent) {
      setAmount(amountText(agent.priceCents, lang));
      setCurrency(agent.currency || 'EUR');
      fields.clear('amount');
    }
  }

  const { busy, problem, onSubmit } = useSubmit({
    validate: fields.validate,
    send: async () => {
      setDone(null);
      const { order, invited } = await orderFromQuote(quote.id, { agentId, amountCents: parseAmount(amount)!, currency });
      setDone(
        t(invited ? 'console.quote.order.createdInvited' : 'console.quote.order.createdExisting', {
          number: order.number,
          email: quote.email,
        }),
      );
      setAgentId('');
      setAmount('');
      // The request is won now and lists the order: show it as the server has it (the order is made
      // either way, so a failed reload only leaves the page as it was).
      getQuote(quote.id).then(({ quote: next }) => onChange(next), console.error);
    },
  });

  const name = (a: CatalogueAgent) => (lang === 'nl' ? a.nameNl || a.nameEn : a.nameEn);
  return (
    <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
      <SelectField label={t('console.quote.order.agent')} {...fields.bind('agent', agentId, pickAgent)}>
        <option value="">{t('console.quote.order.chooseAgent')}</option>
        {agents.map((a) => (
          <option key={a.id} value={a.id}>
            {name(a)} · {formatMoney(a.priceCents, a.currency, lang)}
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-[minmax(0,1fr)_7rem] gap-3">
        <Field
          label={t('console.quote.order.amount')}
          hint={t('console.quote.order.amountHint')}
          inputMode="decimal"
          autoComplete="off"
          {...fields.bind('amount', amount, setAmount)}
        />
        <CurrencySelect id="order-currency" label={t('console.quote.order.currency')} value={currency} onChange={setCurrency} />
      </div>
      <button type="submit" className="btn btn-signal" disabled={busy} data-busy={busy || undefined}>
        {busy ? t('console.quote.order.busy') : t('console.quote.order.submit')}
      </button>
      <p role="status" className="text-sm font-medium text-green-900">
        {done ?? ''}
      </p>
      <FormAlert problem={problem} />
    </form>
  );
}
