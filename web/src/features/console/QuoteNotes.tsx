import { useState } from 'react';
import { TextAreaField } from '../../shared/form/Field';
import { FormAlert } from '../../shared/form/FormAlert';
import { useFieldErrors } from '../../shared/form/useFieldErrors';
import { useSubmit } from '../../shared/form/useSubmit';
import { formatDateTime } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { addNote, type QuoteDetail } from './api';
import { personName } from './parts';

/** A request's internal notes, oldest first, and a form to add one (notes are never edited). */
export function QuoteNotes({ quote, onChange }: { quote: QuoteDetail; onChange: (q: QuoteDetail) => void }) {
  const { lang, t } = useLanguage();
  const [body, setBody] = useState('');
  const fields = useFieldErrors('note', () => ({ body: body.trim() ? undefined : 'console.quote.notes.required' }));
  const { busy, problem, onSubmit } = useSubmit({
    validate: fields.validate,
    send: async () => {
      const { note } = await addNote(quote.id, body.trim());
      onChange({ ...quote, notes: [...quote.notes, note] });
      setBody('');
    },
  });
  return (
    <section aria-labelledby="quote-notes" className="panel">
      <h2 id="quote-notes" className="text-2xl font-bold tracking-tight">
        {t('console.quote.notes.title')}
      </h2>
      {quote.notes.length === 0 ? (
        <p className="mt-4 text-ink-soft">{t('console.quote.notes.empty')}</p>
      ) : (
        <ol className="mt-5 space-y-4">
          {quote.notes.map((note) => (
            <li key={note.id} className="rounded-2xl border border-line bg-paper p-4">
              <p className="leading-relaxed whitespace-pre-line [overflow-wrap:anywhere]">{note.body}</p>
              <p className="mt-2 text-sm text-ink-soft">
                {personName(note.author, t)} · <time dateTime={note.createdAt}>{formatDateTime(note.createdAt, lang)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
        <TextAreaField
          label={t('console.quote.notes.label')}
          hint={t('console.quote.notes.hint')}
          maxLength={5000}
          {...fields.bind('body', body, setBody)}
        />
        <button type="submit" className="btn btn-ink" disabled={busy} data-busy={busy || undefined}>
          {busy ? t('console.quote.notes.busy') : t('console.quote.notes.add')}
        </button>
        <FormAlert problem={problem} />
      </form>
    </section>
  );
}
