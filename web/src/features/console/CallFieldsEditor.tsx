import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { toApiError } from '../../shared/data/Deferred';
import { Field, SelectField, TextAreaField } from '../../shared/form/Field';
import { FormAlert } from '../../shared/form/FormAlert';
import { messageFor } from '../../shared/form/errors';
import { useSubmit } from '../../shared/form/useSubmit';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { CALL_DATA_FIELD_TYPES, getCallFields, setCallFields, type CallDataField, type CallDataFieldType } from './api';

// The call data fields of one order (issue 20 §2): what its agent notes from each call. Self-contained:
// give it the order's id; it loads the fields, edits them as a list (add, remove, move) and saves the
// whole list at once (PUT). A problem the server names (`fields[2].name`) shows at that input.

interface Row {
  key: number;
  name: string;
  type: CallDataFieldType;
  labelEn: string;
  labelNl: string;
  /** A choice's options, one per line. */
  options: string;
  /** A yes/no field: a yes means the call needs follow-up. */
  followUp: boolean;
  /** A choice: the options that mean the call needs follow-up. */
  followUpOptions: string[];
}

type Part = 'name' | 'type' | 'labelEn' | 'labelNl' | 'options' | 'followUp' | 'followUpOptions';

let nextKey = 1;
const toRow = (f: CallDataField): Row => ({ key: nextKey++, ...f, options: f.options.join('\n') });
const emptyRow = (): Row => ({
  key: nextKey++,
  name: '',
  type: 'text',
  labelEn: '',
  labelNl: '',
  options: '',
  followUp: false,
  followUpOptions: [],
});
const optionList = (r: Row) =>
  r.options
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean);
const toField = (r: Row): CallDataField => {
  const options = r.type === 'choice' ? optionList(r) : [];
  const followUpOptions = r.type === 'choice' ? r.followUpOptions.filter((o) => options.includes(o)) : [];
  return {
    name: r.name.trim(),
    type: r.type,
    labelEn: r.labelEn,
    labelNl: r.labelNl,
    options,
    followUp: r.type === 'yes_no' ? r.followUp : followUpOptions.length > 0,
    followUpOptions,
  };
};

const FIELD_PATH = /^fields\[(\d+)\]\.(name|type|labelEn|labelNl|options|followUp|followUpOptions)$/;

export function CallFieldsEditor({
  orderId,
  orderNumber,
  showTitle = true,
}: {
  orderId: string;
  orderNumber?: string;
  /** False where a heading or disclosure above already names it: the section is then labelled without one. */
  showTitle?: boolean;
}) {
  const { t } = useLanguage();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const headingId = useId();

  useEffect(() => {
    const controller = new AbortController();
    getCallFields(orderId, controller.signal).then(
      ({ fields }) => setRows(fields.map(toRow)),
      (err: unknown) => {
        if (!controller.signal.aborted) setLoadError(toApiError(err));
      },
    );
    return () => controller.abort();
  }, [orderId, attempt]);

  const title = orderNumber ? t('console.callFields.titleFor', { number: orderNumber }) : t('console.callFields.title');
  return (
    // A container: the inputs sit two by two only where the editor itself is wide enough.
    <section aria-labelledby={showTitle ? headingId : undefined} aria-label={showTitle ? undefined : title} className="@container min-w-0">
      {showTitle && (
        <h3 id={headingId} className="text-lg font-bold tracking-tight">
          {title}
        </h3>
      )}
      <p className={`${showTitle ? 'mt-1' : ''} text-sm text-ink-soft`}>{t('console.callFields.intro')}</p>
      {loadError ? (
        <div className="mt-3">
          <p role="alert" className="notice notice-error">
            {t('console.callFields.loadError')} {t(messageFor(loadError.code))}
          </p>
          <button
            type="button"
            className="btn btn-ghost mt-3"
            onClick={() => {
              setLoadError(null);
              setAttempt((n) => n + 1);
            }}
          >
            {t('dashboard.error.retry')}
          </button>
        </div>
      ) : rows === null ? (
        <p role="status" className="status-line mt-3">
          <span aria-hidden="true" className="pulse-dot" />
          {t('console.callFields.loading')}
        </p>
      ) : (
        <FieldsForm orderId={orderId} initial={rows} />
      )}
    </section>
  );
}

function FieldsForm({ orderId, initial }: { orderId: string; initial: Row[] }) {
  const { t } = useLanguage();
  const [rows, setRows] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [saved, setSaved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  const { busy, problem, onSubmit } = useSubmit({
    send: async () => {
      setSaved(false);
      setErrors({});
      const { fields } = await setCallFields(orderId, rows.map(toField));
      setRows(fields.map(toRow));
      setSaved(true);
    },
    onError: (p, err) => {
      const at = err instanceof ApiError && err.field ? FIELD_PATH.exec(err.field) : null;
      if (!at) return p;
      const row = rows[Number(at[1])];
      if (!row) return p;
      const key = `${row.key}-${at[2]}`;
      setErrors({ [key]: t(p.key, p.vars) });
      // Focus the input at fault once its message is rendered.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[id="${id}-${key}"]`)?.focus());
      return null;
    },
  });

  function update(key: number, part: Part, value: string | boolean | string[]) {
    setSaved(false);
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, [part]: value } : r)));
    setErrors((e) => ({ ...e, [`${key}-${part}`]: undefined }));
  }

  function move(index: number, by: -1 | 1) {
    setSaved(false);
    setRows((rs) => {
      const next = [...rs];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row);
      return next;
    });
    // The focus follows the row: the same button at its new place, else (at the top or bottom) the other.
    const key = rows[index].key;
    const dir = by === -1 ? 'up' : 'down';
    requestAnimationFrame(() => {
      const form = formRef.current;
      (
        form?.querySelector<HTMLElement>(`[data-move="${key}-${dir}"]`) ?? form?.querySelector<HTMLElement>(`[data-move^="${key}-"]`)
      )?.focus();
    });
  }

  function remove(index: number) {
    setSaved(false);
    setRows((rs) => rs.filter((_, i) => i !== index));
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[data-add]')?.focus());
  }

  function add() {
    setSaved(false);
    const row = emptyRow();
    setRows((rs) => [...rs, row]);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[id="${id}-${row.key}-name"]`)?.focus());
  }

  const inputId = (row: Row, part: Part) => `${id}-${row.key}-${part}`;
  const err = (row: Row, part: Part) => errors[`${row.key}-${part}`];

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      {rows.length === 0 && <p className="text-sm text-ink-soft italic">{t('console.callFields.none')}</p>}
      {rows.map((row, i) => {
        const n = i + 1;
        return (
          <fieldset key={row.key} className="min-w-0 rounded-2xl border border-line bg-paper p-4">
            <legend className="px-1 text-sm font-semibold">{t('console.callFields.field', { n })}</legend>
            <div className="grid gap-3 @lg:grid-cols-2">
              <Field
                id={inputId(row, 'name')}
                label={t('console.callFields.name')}
                hint={t('console.callFields.nameHint')}
                error={err(row, 'name')}
                value={row.name}
                onChange={(e) => update(row.key, 'name', e.target.value)}
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="none"
                className="[&_input]:font-mono [&_input]:text-sm"
              />
              <SelectField
                id={inputId(row, 'type')}
                label={t('console.callFields.type')}
                error={err(row, 'type')}
                value={row.type}
                onChange={(e) => update(row.key, 'type', e.target.value)}
              >
                {CALL_DATA_FIELD_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`console.callFields.types.${type}`)}
                  </option>
                ))}
              </SelectField>
              <Field
                id={inputId(row, 'labelEn')}
                label={t('console.callFields.labelEn')}
                error={err(row, 'labelEn')}
                value={row.labelEn}
                onChange={(e) => update(row.key, 'labelEn', e.target.value)}
                lang="en"
                autoComplete="off"
              />
              <Field
                id={inputId(row, 'labelNl')}
                label={t('console.callFields.labelNl')}
                error={err(row, 'labelNl')}
                value={row.labelNl}
                onChange={(e) => update(row.key, 'labelNl', e.target.value)}
                lang="nl"
                autoComplete="off"
              />
              {row.type === 'choice' && (
                <TextAreaField
                  id={inputId(row, 'options')}
                  label={t('console.callFields.options')}
                  hint={t('console.callFields.optionsHint')}
                  error={err(row, 'options')}
                  value={row.options}
                  onChange={(e) => update(row.key, 'options', e.target.value)}
                  rows={3}
                  className="@lg:col-span-2"
                />
              )}
              {row.type === 'yes_no' && (
                <div className="@lg:col-span-2">
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      id={inputId(row, 'followUp')}
                      type="checkbox"
                      className="mt-0.5 size-4"
                      checked={row.followUp}
                      onChange={(e) => update(row.key, 'followUp', e.target.checked)}
                    />
                    <span>{t('console.callFields.followUpYes')}</span>
                  </label>
                  {err(row, 'followUp') && (
                    <p role="alert" className="field-error">
                      {err(row, 'followUp')}
                    </p>
                  )}
                </div>
              )}
              {row.type === 'choice' && optionList(row).length > 0 && (
                <fieldset className="@lg:col-span-2">
                  <legend className="text-sm font-semibold">{t('console.callFields.followUpOptions')}</legend>
                  <div id={inputId(row, 'followUpOptions')} tabIndex={-1} className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                    {optionList(row).map((o) => (
                      <label key={o} className="flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          className="size-4"
                          checked={row.followUpOptions.includes(o)}
                          onChange={(e) =>
                            update(
                              row.key,
                              'followUpOptions',
                              e.target.checked ? [...row.followUpOptions, o] : row.followUpOptions.filter((x) => x !== o),
                            )
                          }
                        />
                        <span>{o}</span>
                      </label>
                    ))}
                  </div>
                  {err(row, 'followUpOptions') && (
                    <p role="alert" className="field-error">
                      {err(row, 'followUpOptions')}
                    </p>
                  )}
                </fieldset>
              )}
            </div>
            <div className="mt-3 flex flex-wrap gap-2">
              {i > 0 && (
                <button
                  type="button"
                  className="btn btn-ghost"
                  data-move={`${row.key}-up`}
                  aria-label={t('console.callFields.upFor', { n })}
                  onClick={() => move(i, -1)}
                >
                  {t('console.callFields.up')}
                </button>
              )}
              {i < rows.length - 1 && (
                <button
                  type="button"
                  className="btn btn-ghost"
                  data-move={`${row.key}-down`}
                  aria-label={t('console.callFields.downFor', { n })}
                  onClick={() => move(i, 1)}
                >
                  {t('console.callFields.down')}
                </button>
              )}
              <button
                type="button"
                className="btn btn-ghost"
                aria-label={t('console.callFields.removeFor', { n })}
                onClick={() => remove(i)}
              >
                {t('console.callFields.remove')}
              </button>
            </div>
          </fieldset>
        );
      })}
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn btn-ghost" data-add onClick={add}>
          {t('console.callFields.add')}
        </button>
        <button type="submit" className="btn btn-ink" disabled={busy} data-busy={busy || undefined}>
          {busy ? t('console.callFields.busy') : t('console.callFields.save')}
        </button>
      </div>
      <p role="status" className="text-sm text-ink-soft">
        {saved ? t('console.callFields.saved') : ''}
      </p>
      <FormAlert problem={problem} />
    </form>
  );
}
