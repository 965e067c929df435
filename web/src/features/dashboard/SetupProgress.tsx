import { Link } from 'react-router';
import type { Order } from '../../shared/api/types';
import { formatDate } from '../../shared/format';
import { softHyphens } from '../../shared/i18n/hyphenate';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import type { TKey } from '../../shared/i18n/types';
import { localePath } from '../../shared/paths';

// What a buyer whose agents are not live yet sees under My Agents: each order's way from ordered, through
// being built, to live, with the day the agent is expected to be live (the server adds the agent's delivery
// time to the order's date). An order's status maps onto the steps: pending is being built (ordered is
// done), completed is live.

type Step = 'ordered' | 'building' | 'live';
const STEPS: readonly Step[] = ['ordered', 'building', 'live'];
const STEP_TEXT: Record<Step, TKey> = {
  ordered: 'dashboard.progress.ordered',
  building: 'dashboard.progress.building',
  live: 'dashboard.progress.live',
};

/** The step an order is at: a pending order is being built, a completed one is live. */
export const currentStep = (status: string): Step => (status === 'completed' ? 'live' : 'building');

/** A calendar day (YYYY-MM-DD) in the page's language, e.g. "March 19, 2025" / "19 maart 2025". */
const dayText = (date: string, lang: 'en' | 'nl') => formatDate(`${date}T12:00:00Z`, lang, 'UTC');

/** Today in the buyer's own time zone, as YYYY-MM-DD. */
const today = () => new Date().toLocaleDateString('sv-SE');

export function SetupProgress({ orders }: { orders: readonly Order[] }) {
  const { t } = useLanguage();
  return (
    <section aria-labelledby="setup-progress" className="mt-6">
      <h3 id="setup-progress" className="text-xl font-bold tracking-tight">
        {t('dashboard.progress.title')}
      </h3>
      <p className="mt-2 max-w-2xl text-ink-soft">{t('dashboard.progress.text')}</p>
      <ul className="mt-5 grid gap-4 md:grid-cols-2">
        {orders.map((order) => (
          <OrderProgress key={order.id} order={order} />
        ))}
      </ul>
    </section>
  );
}

function OrderProgress({ order }: { order: Order }) {
  const { lang, t } = useLanguage();
  const current = STEPS.indexOf(currentStep(order.status));
  const expected = dayText(order.expectedDate, lang);
  const late = order.expectedDate < today();
  const headingId = `progress-${order.id}`;
  return (
    <li className="panel">
      <h4 id={headingId} className="text-lg font-bold tracking-tight [overflow-wrap:anywhere]">
        <Link
          to={localePath(lang, `/dashboard/orders/${encodeURIComponent(order.id)}`)}
          className="underline decoration-1 underline-offset-4 hover:text-signal-ink"
        >
          {softHyphens(order.agent.name, lang)}
        </Link>
      </h4>
      <p className="mt-1 text-sm text-ink-soft">
        {t('dashboard.progress.order', { number: order.number })} ·{' '}
        {t('dashboard.progress.orderedOn', { date: formatDate(order.createdAt, lang) })}
      </p>
      <ol aria-label={t('dashboard.progress.steps')} className="mt-4 grid grid-cols-3 gap-2">
        {STEPS.map((step, i) => {
          const state = i < current ? 'done' : i === current ? 'current' : 'upcoming';
          return (
            <li key={step} aria-current={state === 'current' ? 'step' : undefined} className="flex flex-col gap-2">
              <span
                aria-hidden="true"
                className={`h-1.5 rounded-full ${state === 'upcoming' ? 'bg-line' : state === 'current' ? 'bg-signal' : 'bg-ink'}`}
              />
              <span className={`text-sm ${state === 'current' ? 'font-bold' : state === 'done' ? 'font-medium' : 'text-ink-soft'}`}>
                {state === 'done' && <span aria-hidden="true">✓ </span>}
                {t(STEP_TEXT[step])}
                <span className="sr-only"> ({t(`dashboard.progress.${state}`)})</span>
              </span>
            </li>
          );
        })}
      </ol>
      {current < STEPS.length - 1 && (
        <p className="mt-4 font-medium">
          <time dateTime={order.expectedDate}>
            {late ? t('dashboard.progress.expectedPast', { date: expected }) : t('dashboard.progress.expected', { date: expected })}
          </time>
        </p>
      )}
    </li>
  );
}
