import { useLanguage } from '../../shared/i18n/LanguageContext';
import { outcomeText } from './words';

// Dark text on a light tint, and the word itself: the outcome never rests on colour alone.
const TONES: Record<string, string> = {
  answered: 'border-green-300 bg-green-100 text-green-900',
  missed: 'border-amber-300 bg-amber-100 text-amber-900',
  failed: 'border-red-300 bg-red-100 text-red-900',
  pending: 'border-sky-300 bg-sky-100 text-sky-900',
};

export function OutcomeBadge({ outcome }: { outcome: string }) {
  const { t } = useLanguage();
  return (
    <span className={`badge ${TONES[outcome] ?? 'border-stone-300 bg-stone-100 text-stone-800'}`}>
      <span className="sr-only">{t('calls.list.outcome')}: </span>
      {outcomeText(outcome, t)}
    </span>
  );
}
