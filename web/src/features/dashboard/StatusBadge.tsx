import type { OrderStatus } from '../../shared/api/types';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { statusBadge, type BadgeTone } from './status';

// Dark text on a light tint: 7:1 or better in each tone (WCAG AA asks 4.5:1).
const TONES: Record<BadgeTone, string> = {
  yellow: 'border-amber-300 bg-amber-100 text-amber-900',
  green: 'border-green-300 bg-green-100 text-green-900',
  red: 'border-red-300 bg-red-100 text-red-900',
  gray: 'border-stone-300 bg-stone-100 text-stone-800',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useLanguage();
  const badge = statusBadge(status);
  return (
    <span className={`badge ${TONES[badge.tone]}`}>
      <span className="sr-only">{t('dashboard.history.status')}: </span>
      {'label' in badge ? t(badge.label) : badge.raw}
    </span>
  );
}
