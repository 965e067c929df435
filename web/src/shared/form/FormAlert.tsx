import { useLanguage } from '../i18n/LanguageContext';
import type { Problem } from './errors';

/** A form-level error (not about one field), announced as soon as it appears. */
export function FormAlert({ problem }: { problem: Problem | null }) {
  const { t } = useLanguage();
  if (!problem) return null;
  return (
    <p role="alert" className="notice notice-error">
      {t(problem.key, problem.vars)}
    </p>
  );
}
