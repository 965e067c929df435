import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

interface FrameProps {
  id: string;
  label: string;
  hint?: string;
  /** Already translated; tied to the control with aria-describedby and aria-invalid. */
  error?: string;
  /** Required, marked with an asterisk after the label: the control gets `required` and `aria-required`. */
  requiredMark?: boolean;
  className?: string;
  /** More text under the control (e.g. a character count); list its id in `aria-describedby`. */
  after?: ReactNode;
  /** Ids of more descriptions, added after the hint and the error. */
  'aria-describedby'?: string;
}

/** What ties a control to its label, hint and error. */
interface ControlProps {
  id: string;
  required?: true;
  'aria-required'?: true;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** Label, hint and error around one control. */
function FieldFrame({ control, ...frame }: FrameProps & { control: (props: ControlProps) => ReactNode }) {
  const { id, hint, error } = frame;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`, frame['aria-describedby']].filter(Boolean).join(' ');
  const required = frame.requiredMark ? true : undefined;
  return (
    <div className={frame.className ? `field ${frame.className}` : 'field'}>
      <label htmlFor={id}>
        {frame.label}
        {required && (
          <span aria-hidden="true" className="field-mark">
            {' *'}
          </span>
        )}
      </label>
      {control({
        id,
        required,
        'aria-required': required,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {frame.after}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

type FrameKeys = keyof FrameProps;

/** Splits a field's props into the frame's and the control's own. */
function split<P extends FrameProps>({ id, label, hint, error, requiredMark, className, after, 'aria-describedby': more, ...own }: P) {
  return [{ id, label, hint, error, requiredMark, className, after, 'aria-describedby': more }, own] as const;
}

interface FieldProps extends FrameProps, Omit<InputHTMLAttributes<HTMLInputElement>, FrameKeys> {
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error message underneath. */
export function Field({ ref, ...props }: FieldProps) {
  const [frame, input] = split(props);
  return <FieldFrame {...frame} control={(control) => <input ref={ref} {...control} {...input} />} />;
}

interface TextAreaFieldProps extends FrameProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, FrameKeys> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea, like Field. */
export function TextAreaField({ ref, ...props }: TextAreaFieldProps) {
  const [frame, textarea] = split(props);
  return <FieldFrame {...frame} control={(control) => <textarea ref={ref} {...control} {...textarea} />} />;
}

interface SelectFieldProps extends FrameProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, FrameKeys> {
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select, like Field (keyboard and screen readers get the platform's own control). */
export function SelectField({ ref, ...props }: SelectFieldProps) {
  const [frame, select] = split(props);
  return <FieldFrame {...frame} control={(control) => <select ref={ref} {...control} {...select} />} />;
}
