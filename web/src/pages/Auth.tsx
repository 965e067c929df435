import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { User } from '../api/types';
import { useAuth } from '../auth/AuthContext';
import { LazyToaster } from '../components/LazyToaster';
import { useHydrated } from '../components/useClientValue';
import { notify } from '../components/notify';
import { useLanguage } from '../i18n/LanguageContext';
import { localePath } from '../paths';
import { AuthTabs, type AuthMode } from './auth/AuthTabs';
import { safeNext } from './auth/next';
import { ResetPassword } from './auth/ResetPassword';
import { VerifyEmail } from './auth/VerifyEmail';

// What the page shows: the two tabs, or the screen for a link from one of our emails.
type Flow = { kind: 'tabs'; forgot?: boolean } | { kind: 'verify' | 'reset' | 'invite'; token: string; expired?: boolean };

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
  const dashboard = localePath(lang, '/dashboard');
  const onSignedIn = useCallback(
    (user: User) => signedIn(user, safeNext(new URLSearchParams(search).get('next')) ?? dashboard),
    [signedIn, search, dashboard],
  );
  const onVerified = useCallback(
    (user: User) => {
      notify('success', t('auth.verify.doneTitle'), t('auth.verify.doneText'));
      signedIn(user, dashboard);
    },
    [signedIn, dashboard, t],
  );
  const onReset = useCallback((user: User) => signedIn(user, dashboard), [signedIn, dashboard]);
  const backToTabs = useCallback(() => setFlow({ kind: 'tabs' }), []);
  // A used or expired reset or invitation link: the heading says so, above the form for a new link.
  const linkExpired = useCallback(() => setFlow((f) => (f.kind === 'tabs' ? f : { ...f, expired: true })), []);

  const heading =
    flow.kind !== 'tabs' ? (flow.expired ? 'expired' : flow.kind) : mode === 'signin' ? (returning ? 'welcomeBack' : 'signIn') : mode === 'signup' ? 'signUp' : 'forgot';

  return (
    <div className="mx-auto max-w-lg px-4 pt-12 pb-28 sm:px-6 md:pt-20">
      <h1 className="display text-4xl sm:text-5xl">{t(`auth.headings.${heading}`)}</h1>
      <div className="panel mt-8">
        {flow.kind === 'verify' ? (
          <VerifyEmail key={flow.token} token={flow.token} onVerified={onVerified} onBack={backToTabs} />
        ) : flow.kind === 'reset' || flow.kind === 'invite' ? (
          // An invitation sets the first password with the reset form; its link is in the account's
          // language (/nl/auth#invite=…), so the dashboard it lands on is too.
          <ResetPassword key={flow.token} token={flow.token} invite={flow.kind === 'invite'} onDone={onReset} onBack={backToTabs} onExpired={linkExpired} />
        ) : (
          <AuthTabs onSignedIn={onSignedIn} forgot={flow.kind === 'tabs' && flow.forgot} onModeChange={setMode} />
        )}
      </div>
      <LazyToaster label={t('account.notifications')} />
    </div>
  );
}
