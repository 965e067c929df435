import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { getSecondStep, passSecondStep, signOut } from '../../shared/api/client';
import type { SecondStep as Step, User } from '../../shared/api/types';
import { describeError, type Problem } from '../../shared/form/errors';
import { Field } from '../../shared/form/Field';
import { FormAlert } from '../../shared/form/FormAlert';
import { SubmitButton } from '../../shared/form/SubmitButton';
import { useFieldErrors } from '../../shared/form/useFieldErrors';
import { useSubmit } from '../../shared/form/useSubmit';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import type { TKey } from '../../shared/i18n/types';
import { useFocusOnMount } from '../../shared/ui/useFocusOnMount';

/** The codes the server answers about the second step's input: said at the field. */
const FIELD_CODES = new Set(['invalid_code', 'code_used', 'code_required']);

/** A key as people type it from a screen: groups of four ("BELW ISED EMOS …"). */
export const groupKey = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function checkCode(code: string): TKey | undefined {
  const digits = code.replace(/[\s-]/g, '');
  if (!digits) return 'auth.twoStep.codeRequired';
  if (!/^\d{6}$/.test(digits)) return 'auth.twoStep.codeFormat';
  return undefined;
}

/** The form's one field: the code from the app, or instead a recovery code. */
const CODE_INPUTS = {
  code: {
    label: 'auth.twoStep.code',
    hint: 'auth.twoStep.codeHint',
    attributes: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 7 },
  },
  recoveryCode: {
    label: 'auth.twoStep.recoveryCode',
    hint: 'auth.twoStep.recoveryHint',
    attributes: { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false },
  },
} as const satisfies Record<string, { label: TKey; hint: TKey; attributes: InputHTMLAttributes<HTMLInputElement> }>;

interface Props {
  /** The step the sign-in answered; null when the page opened on it (?step=code) and asks the server. */
  step: Step | null;
  /** The step, asked from the server. */
  onLoaded: (step: Step) => void;
  /** Signed in: the complete session is set. */
  onDone: (user: User) => void;
  /** Back to the password: the pending session is ended, or was gone already (`expired`). */
  onCancel: (expired?: boolean) => void;
}

/**
 * A staff member's second step after the password: a code from their authenticator app, or one of their
 * recovery codes; the first time, setting up the app with the offered key, then their recovery codes,
 * shown once.
 */
export function SecondStep({ step, onLoaded, onDone, onCancel }: Props) {
  const { t } = useLanguage();
  // After a first factor is confirmed: its recovery codes, before going on.
  const [saved, setSaved] = useState<{ user: User; codes: string[] } | null>(null);

  const loading = step === null;
  useEffect(() => {
    if (!loading) return;
    const ctrl = new AbortController();
    getSecondStep(ctrl.signal).then(onLoaded, (err: unknown) => {
      if (!ctrl.signal.aborted) onCancel(describeError(err).code === 'unauthenticated');
    });
    return () => ctrl.abort();
  }, [loading, onLoaded, onCancel]);

  const cancel = () => {
    // The pending session ends on the server too; a failure leaves it to expire by itself.
    signOut().then(
      () => onCancel(),
      () => onCancel(),
    );
  };

  if (saved) return <RecoveryCodes codes={saved.codes} onContinue={() => onDone(saved.user)} />;
  if (!step) {
    return (
      <p role="status" className="status-line">
        <span aria-hidden="true" className="pulse-dot" />
        {t('auth.twoStep.loading')}
      </p>
    );
  }
  return (
    <div>
      {step.step === 'totp-setup' ? (
        <div className="space-y-4">
          <p className="text-ink-soft">{t('auth.twoStep.setupText')}</p>
          <p>{t('auth.twoStep.setupScan')}</p>
          <img
            src={step.qr}
            alt={t('auth.twoStep.qrAlt')}
            width={192}
            height={192}
            className="mx-auto rounded-md border border-line bg-white p-2"
          />
          <p>{t('auth.twoStep.setupKey')}</p>
          <p>
            <code className="block rounded-md bg-paper px-3 py-2 text-center font-mono text-base tracking-wider" data-testid="totp-secret">
              {groupKey(step.secret)}
            </code>
          </p>
          <p>{t('auth.twoStep.setupConfirm')}</p>
        </div>
      ) : (
        <p className="text-ink-soft">{t('auth.twoStep.text')}</p>
      )}
      <CodeForm
        setup={step.step === 'totp-setup'}
        onDone={(user, codes) => (codes?.length ? setSaved({ user, codes }) : onDone(user))}
        onExpired={() => onCancel(true)}
      />
      <button type="button" className="link-button mt-5" onClick={cancel}>
        {t('auth.twoStep.cancel')}
      </button>
    </div>
  );
}

function CodeForm({ setup, onDone, onExpired }: { setup: boolean; onDone: (user: User, codes?: string[]) => void; onExpired: () => void }) {
  const { t } = useLanguage();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const fields = useFieldErrors('twostep', () =>
    recovery ? { recoveryCode: recoveryCode.trim() ? undefined : ('auth.twoStep.recoveryRequired' as TKey) } : { code: checkCode(code) },
  );
  const codeRef = useFocusOnMount<HTMLInputElement>(true);
  // Switching between the code and a recovery code puts the cursor in the field that replaced the other.
  const switched = useRef(false);
  useEffect(() => {
    if (switched.current) codeRef.current?.focus();
  }, [recovery, codeRef]);

  const { busy, problem, onSubmit } = useSubmit<Problem>({
    validate: fields.validate,
    send: async () => {
      const res = await passSecondStep(recovery ? { recoveryCode: recoveryCode.trim() } : { code: code.replace(/[\s-]/g, '') });
      onDone(res.user, res.recoveryCodes);
    },
    leaves: true,
    onError: (p) => {
      if (p.code === 'unauthenticated') {
        // Waited too long (the pending session lasts 15 minutes): the password again.
        onExpired();
        return null;
      }
      if (FIELD_CODES.has(p.code)) {
        if (recovery) fields.show({ recoveryCode: p.code === 'invalid_code' ? 'auth.errors.invalidRecoveryCode' : p.key });
        else fields.show({ code: p.key });
        return null;
      }
      return p;
    },
  });

  const name = recovery ? 'recoveryCode' : 'code';
  const input = CODE_INPUTS[name];
  const toggle = () => {
    switched.current = true;
    setRecovery((r) => !r);
    fields.setErrors({});
  };

  return (
    <form method="post" onSubmit={onSubmit} className="mt-6 space-y-5" noValidate>
      {/* Keyed by its name: switching replaces the input rather than changing its attributes. */}
      <Field
        key={name}
        ref={codeRef}
        label={t(input.label)}
        hint={t(input.hint)}
        name={name}
        {...input.attributes}
        required
        {...(recovery ? fields.bind(name, recoveryCode, setRecoveryCode) : fields.bind(name, code, setCode))}
      />
      <SubmitButton busy={busy} busyLabel={t('auth.twoStep.busy')}>
        {t(setup ? 'auth.twoStep.setupSubmit' : 'auth.twoStep.submit')}
      </SubmitButton>
      <FormAlert problem={problem} />
      {!setup && (
        <button type="button" className="link-button" onClick={toggle}>
          {t(recovery ? 'auth.twoStep.useCode' : 'auth.twoStep.useRecovery')}
        </button>
      )}
    </form>
  );
}

/** The recovery codes of a factor just set up: shown this once, until the staff member says they saved them. */
function RecoveryCodes({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  const { t } = useLanguage();
  const headingRef = useFocusOnMount<HTMLHeadingElement>(true);
  return (
    <div>
      <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight">
        {t('auth.twoStep.recoveryTitle')}
      </h2>
      <p role="alert" className="notice notice-warn mt-4">
        {t('auth.twoStep.recoveryWarning')}
      </p>
      <ol aria-label={t('auth.twoStep.recoveryListLabel')} className="mt-5 grid grid-cols-2 gap-2 font-mono text-base">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn-ink mt-6 w-full" onClick={onContinue}>
        {t('auth.twoStep.recoverySaved')}
      </button>
    </div>
  );
}
