import { useEffect, useState } from 'react';
import { useLanguage } from '../../../shared/i18n/LanguageContext';

/** How long typing must pause before screen readers hear the new count. */
const ANNOUNCE_AFTER_MS = 1000;

/**
 * "120 / 5000" under a text field (list `id` in the field's aria-describedby). Screen readers get the
 * count as a polite announcement once typing pauses, and only while the field has focus, rather than
 * at every keystroke.
 */
export function CharacterCount({ id, fieldId, count, max }: { id: string; fieldId: string; count: number; max: number }) {
  const { t } = useLanguage();
  const spoken = t('quote.fields.countLong', { count, max });
  const [announced, setAnnounced] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => {
      if (document.activeElement?.id === fieldId) setAnnounced(spoken);
    }, ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [spoken, fieldId]);

  return (
    <>
      <p id={id} className="field-hint flex-none tabular-nums">
        <span aria-hidden="true">{t('quote.fields.count', { count, max })}</span>
        <span className="sr-only">{spoken}</span>
      </p>
      <p className="sr-only" aria-live="polite">
        {announced}
      </p>
    </>
  );
}
