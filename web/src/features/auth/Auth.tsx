import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SecondStep as Step, SignInResult, User } from '../../shared/api/types';
import { useAuth } from '../../shared/auth/AuthContext';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { LazyToaster } from '../../shared/ui/LazyToaster';
import { notify } from '../../shared/ui/notify';
import { useHydrated } from '../../shared/ui/useClientValue';
import { AuthTabs, type AuthMode } from './AuthTabs';
import { safeNext } from './next';
import { ResetPassword } from './ResetPassword';
import { SecondStep } from './SecondStep';
import { VerifyEmail } from './VerifyEmail';

// What the page shows: the two tabs, the screen for a link from one of our emails, or a staff member's
// second step (its `step` null while it is asked from the server).
type Flow =
  | { kind: 'tabs'; forgot?: boolean; expired?: boolean }
  | { kind: 'verify' | 'reset' | 'invite'; token: string; expired?: boolean }
  | { kind: 'second'; step: Step | null };

// Set after a successful sign-in on this browser: only then does the page say "Welcome back".
const RETURNING_KEY = 'belwise.returning';

function readReturning(): boolean {
  try {
    return localStorage.getItem(RETURNING_KEY) === '1';
  } catch {
    return false;
  }
}

const TOKEN_LINK = /^#(verify|reset|invite)=([^&]+)$/;

export function Component() {
  const { lang, t } = useLanguage();
  const auth = useAuth();
  const { setUser } = auth;
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const [flow, setFlow] = useState<Flow>({ kind: 'tabs' });
  const [mode, setMode] = useState<AuthMode>('signin');
  const hydrated = useHydrated();
  // Read after hydration: the prerendered page has the neutral heading.
  const returning = hydrated && readReturning();
  // Came with a token link: a signed-in visitor may still verify or reset, so no redirect.
  const [tokenLink, setTokenLink] = useState(false);
  // This page just signed the visitor in and is on its way elsewhere.
  const leaving = useRef(false);

  // Emails link to /auth#verify=TOKEN, #reset=TOKEN or #invite=TOKEN (the agency made the account with
  // an order; a fragment never reaches server logs), and to
  // #forgot. Read after hydration (the prerendered HTML cannot know it), then dropped from the address bar.
  const link = hydrated && (hash === '#forgot' || TOKEN_LINK.test(hash)) ? hash : '';
  const [seenLink, setSeenLink] = useState('');
  if (link !== seenLink) {
    setSeenLink(link);
    const token = TOKEN_LINK.exec(link);
    if (token) {
      setTokenLink(true);
      setFlow({ kind: token[1] as 'verify' | 'reset' | 'invite', token: token[2] });
    } else if (link) setFlow({ kind: 'tabs', forgot: true });
  }
  useEffect(() => {
    if (link) navigate({ pathname, search }, { replace: true, preventScrollReset: true });
  }, [link, pathname, search, navigate]);

  // A staff member's sign-in posted without JavaScript (or before hydration) comes back to
  // /auth?step=code with a session waiting for its code (internal/web/forms.go).
  const codeStep = hydrated && new URLSearchParams(search).get('step') === 'code';
  const [seenCodeStep, setSeenCodeStep] = useState(false);
  if (codeStep !== seenCodeStep) {
    setSeenCodeStep(codeStep);
    if (codeStep) setFlow({ kind: 'second', step: null });
  }

  // Spec §2: a signed-in visitor has no business here.
  useEffect(() => {
    if (auth.status === 'signedIn' && !tokenLink && !leaving.current) {
      navigate(localePath(lang, '/'), { replace: true });
    }
  }, [auth.status, tokenLink, lang, navigate]);

  const signedIn = useCallback(
    (user: User, to: string) => {
      leaving.current = true;
      try {
        localStorage.setItem(RETURNING_KEY, '1');
      } catch {
        // Storage blocked: the next visit simply gets the neutral heading.
      }
      setUser(user);
      navigate(to, { replace: true });
    },
    [setUser, navigate],
  );
  // Staff land on the console, buyers on their dashboard; a safe ?next= wins after a sign-in.
  const home = useCallback((user: User) => localePath(lang, user.role === 'staff' ? '/console' : '/dashboard'), [lang]);
  const onSignedInUser = useCallback(
    (user: User) => signedIn(user, safeNext(new URLSearchParams(search).get('next')) ?? home(user)),
    [signedIn, search, home],
  );
  // A staff member's password (or link) opens only the second step.
  const onSignedIn = useCallback(
    (result: SignInResult) => ('user' in result ? onSignedInUser(result.user) : setFlow({ kind: 'second', step: result })),
    [onSignedInUser],
  );
  const onVerified = useCallback(
    (result: SignInResult) => {
      if (!('user' in result)) return setFlow({ kind: 'second', step: result });
      notify('success', t('auth.verify.doneTitle'), t('auth.verify.doneText'));
      signedIn(result.user, home(result.user));
    },
    [signedIn, home, t],
  );
  const onReset = useCallback(
    (result: SignInResult) => ('user' in result ? signedIn(result.user, home(result.user)) : setFlow({ kind: 'second', step: result })),
    [signedIn, home],
  );
  const backToTabs = useCallback(() => setFlow({ kind: 'tabs' }), []);
  const onSecondStep = useCallback((step: Step) => setFlow({ kind: 'second', step }), []);
  // Out of the second step: back to the password; `expired` says the code step waited too long.
  const leaveSecondStep = useCallback(
    (expired?: boolean) => {
      const query = new URLSearchParams(search);
      if (query.has('step')) {
        query.delete('step');
        navigate({ pathname, search: query.size ? `?${query}` : '' }, { replace: true });
      }
      setFlow({ kind: 'tabs', expired });
    },
    [search, pathname, navigate],
  );
  // A used or expired reset or invitation link: the heading says so, above the form for a new link.
  const linkExpired = useCallback(() => setFlow((f) => (f.kind === 'tabs' ? f : { ...f, expired: true })), []);

  const heading =
    flow.kind === 'second'
      ? flow.step?.step === 'totp-setup'
        ? 'twoStepSetup'
        : 'twoStep'
      : flow.kind !== 'tabs'
        ? flow.expired
          ? 'expired'
          : flow.kind
        : mode === 'signin'
          ? returning
            ? 'welcomeBack'
            : 'signIn'
          : mode === 'signup'
            ? 'signUp'
            : 'forgot';

  return (
    <div className="mx-auto max-w-lg px-4 pt-12 pb-28 sm:px-6 md:pt-20">
      <h1 className="display text-4xl sm:text-5xl">{t(`auth.headings.${heading}`)}</h1>
      <div className="panel mt-8">
        {flow.kind === 'second' ? (
          <SecondStep step={flow.step} onLoaded={onSecondStep} onDone={onSignedInUser} onCancel={leaveSecondStep} />
        ) : flow.kind === 'verify' ? (
          <VerifyEmail key={flow.token} token={flow.token} onVerified={onVerified} onBack={backToTabs} />
        ) : flow.kind === 'reset' || flow.kind === 'invite' ? (
          // An invitation sets the first password with the reset form; its link is in the account's
          // language (/nl/auth#invite=…), so the dashboard it lands on is too.
          <ResetPassword
            key={flow.token}
            token={flow.token}
            invite={flow.kind === 'invite'}
            onDone={onReset}
            onBack={backToTabs}
            onExpired={linkExpired}
          />
        ) : (
          <>
            {flow.kind === 'tabs' && flow.expired && (
              <p role="alert" className="notice notice-error mb-6">
                {t('auth.errors.unauthenticated')}
              </p>
            )}
            <AuthTabs onSignedIn={onSignedIn} forgot={flow.kind === 'tabs' && flow.forgot} onModeChange={setMode} />
          </>
        )}
      </div>
      <LazyToaster label={t('account.notifications')} />
    </div>
  );
}
