import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { components } from '../../shared/api/schema';
import { formatCalendarDate, formatDateTime, formatNumber } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import type { TKey, TVars } from '../../shared/i18n/types';
import type { Lang } from '../../shared/paths';
import { Fact } from '../../shared/ui/Fact';
import { dataFilters } from './filters';

// Call data (issue 20): the fields staff define per order for its agent to note from each call, and the
// values a call has (`data`, by field name: yes/no a boolean, a number a number, the rest strings).

type TFunction = (key: TKey, vars?: TVars) => string;

export type CallDataField = components['schemas']['CallDataField'];
export type CallDataValues = Record<string, unknown>;

/** A field's label in the page's language. */
export function fieldLabel(field: CallDataField, lang: Lang): string {
  return lang === 'nl' ? field.labelNl : field.labelEn;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A value written for the page: yes/no as Yes/No (Ja/Nee), numbers and dates in the language's notation. */
export function dataText(field: CallDataField, value: unknown, lang: Lang, t: TFunction): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'boolean') return value ? t('calls.data.yes') : t('calls.data.no');
  if (typeof value === 'number') return formatNumber(value, lang, 2);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (field.type === 'datetime') {
    if (DATE_ONLY.test(text)) {
      // A calendar day: the same day whatever the reader's time zone.
      return formatCalendarDate(text, lang);
    }
    if (!Number.isNaN(Date.parse(text))) return formatDateTime(text, lang);
  }
  return text;
}

/** The first fields' values as facts of a call in a list (the agent page shows three). */
export function CallDataColumns({ fields, data }: { fields: readonly CallDataField[]; data: CallDataValues }) {
  const { lang, t } = useLanguage();
  return fields.map((f) => (
    <div key={f.name} className="min-w-0">
      <dt className="fact-label [overflow-wrap:anywhere]">{fieldLabel(f, lang)}</dt>
      <dd className="mt-0.5 text-sm [overflow-wrap:anywhere]">
        {dataText(f, data[f.name], lang, t) ?? <span className="text-ink-soft">—</span>}
      </dd>
    </div>
  ));
}

/** A call's data as a panel of facts, every field in order; nothing when the order has no fields. */
export function CallDataFacts({ fields, data }: { fields: readonly CallDataField[]; data: CallDataValues }) {
  const { lang, t } = useLanguage();
  const headingId = useId();
  if (fields.length === 0) return null;
  const shown = fields.filter((f) => dataText(f, data[f.name], lang, t) !== null);
  return (
    <section aria-labelledby={headingId} className="panel">
      <h2 id={headingId} className="text-xl font-bold tracking-tight">
        {t('calls.data.title')}
      </h2>
      {shown.length === 0 ? (
        <p className="mt-3 text-ink-soft italic">{t('calls.data.none')}</p>
      ) : (
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          {shown.map((f) => (
            <Fact key={f.name} label={fieldLabel(f, lang)}>
              <span className="[overflow-wrap:anywhere] whitespace-pre-line">{dataText(f, data[f.name], lang, t)}</span>
            </Fact>
          ))}
        </dl>
      )}
    </section>
  );
}

/** The fields a list can be filtered by: yes/no and choice. */
export const filterableFields = (fields: readonly CallDataField[]) => fields.filter((f) => f.type === 'yes_no' || f.type === 'choice');

/**
 * A select per yes/no and choice field; a choice goes into the URL at once (`data.<name>=`), so the page's
 * loader brings the matching calls and a reload or a shared link keeps them.
 */
export function CallDataFilters({ fields }: { fields: readonly CallDataField[] }) {
  const { lang, t } = useLanguage();
  const { search } = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const filterable = filterableFields(fields);
  if (filterable.length === 0) return null;
  const params = new URLSearchParams(search);
  const active = Object.keys(dataFilters(params)).length > 0;

  function set(name: string, value: string) {
    const next = new URLSearchParams(search);
    if (value) next.set(`data.${name}`, value);
    else next.delete(`data.${name}`);
    const query = next.toString();
    void navigate({ search: query ? `?${query}` : '' }, { preventScrollReset: true });
  }

  function clear() {
    const next = new URLSearchParams(search);
    for (const key of [...next.keys()]) if (key.startsWith('data.')) next.delete(key);
    const query = next.toString();
    void navigate({ search: query ? `?${query}` : '' }, { preventScrollReset: true });
  }

  return (
    <fieldset className="mt-4 flex flex-wrap items-end gap-x-4 gap-y-3">
      <legend className="fact-label mb-2">{t('calls.data.filters')}</legend>
      {filterable.map((f) => {
        const selectId = `${id}-${f.name}`;
        return (
          <div key={f.name} className="flex min-w-0 flex-col gap-1">
            <label htmlFor={selectId} className="text-sm font-semibold">
              {fieldLabel(f, lang)}
            </label>
            <select
              id={selectId}
              value={params.get(`data.${f.name}`) ?? ''}
              onChange={(e) => set(f.name, e.target.value)}
              className="min-h-11 max-w-full cursor-pointer rounded-xl border-[1.5px] border-ink-soft bg-card px-3 text-base"
            >
              <option value="">{t('calls.data.any')}</option>
              {f.type === 'yes_no' ? (
                <>
                  <option value="yes">{t('calls.data.yes')}</option>
                  <option value="no">{t('calls.data.no')}</option>
                </>
              ) : (
                f.options.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))
              )}
            </select>
          </div>
        );
      })}
      {active && (
        <button type="button" className="link-button min-h-11" onClick={clear}>
          {t('calls.data.clear')}
        </button>
      )}
    </fieldset>
  );
}
