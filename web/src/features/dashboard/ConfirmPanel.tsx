import type { ReactNode, RefObject } from 'react';

// The red "are you sure?" panel of an action that cannot be undone (delete a call, erase a caller): its title
// takes the focus when it opens, Escape cancels while nothing is being sent, and a failure is said in it.
export function ConfirmPanel(props: {
  id: string;
  heading: 'h2' | 'h3';
  titleRef: RefObject<HTMLHeadingElement | null>;
  title: string;
  text: string;
  error: ReactNode;
  busy: boolean;
  confirm: string;
  confirming: string;
  cancel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { id, titleRef, busy, onCancel } = props;
  const Heading = props.heading;
  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="rounded-3xl border-[1.5px] border-red-700 bg-red-50 p-5"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !busy) onCancel();
      }}
    >
      <Heading id={`${id}-title`} tabIndex={-1} ref={titleRef} className="text-lg font-bold text-red-900">
        {props.title}
      </Heading>
      <p id={`${id}-text`} className="mt-2 leading-relaxed text-red-900">
        {props.text}
      </p>
      {props.error && (
        <p role="alert" className="notice notice-error mt-3">
          {props.error}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn btn-ink" disabled={busy} data-busy={busy || undefined} onClick={props.onConfirm}>
          {busy ? props.confirming : props.confirm}
        </button>
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={onCancel}>
          {props.cancel}
        </button>
      </div>
    </div>
  );
}
