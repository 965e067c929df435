import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { User } from '../api/types';
import { useAuth } from '../auth/AuthContext';
import { LazyToaster } from '../components/LazyToaster';
import { notify } from '../components/notify';
import { useLanguage } from '../i18n/LanguageContext';
import { localePath } from '../paths';
import { AuthTabs } from './auth/AuthTabs';
import { safeNext } from './auth/next';
import { ResetPassword } from './auth/ResetPassword';
import { VerifyEmail } from './auth/VerifyEmail';

// What the page shows: the two tabs, or the screen for a link from one of our emails.
type Flow = { kind: 'tabs'; forgot?: boolean } | { kind: 'verify' | 'reset'; token: string };

const TOKEN_LINK = /^#(verify|reset)=([^&]+)$/;

export function Component() {
  const { lang, t } = useLanguage();
  const auth = useAuth();
  const { setUser } = auth;
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const [flow, setFlow] = useState<Flow>({ kind: 'tabs' });
  // Came with a token link: a signed-in visitor may still verify or reset, so no redirect.
  const tokenLink = useRef(false);
  // This page just signed the visitor in and is on its way elsewhere.
  const leaving = useRef(false);

  // Emails link to /auth#verify=TOKEN or #reset=TOKEN (a fragment never reaches server logs). Read it
  // after hydration (the prerendered HTML cannot know it), then drop it from the address bar.
  useEffect(() => {
    if (hash === '#forgot') {
      setFlow({ kind: 'tabs', forgot: true });
      navigate({ pathname, search }, { replace: true, preventScrollReset: true });
      return;
    }
    const link = TOKEN_LINK.exec(hash);
    if (!link) return;
    tokenLink.current = true;
    setFlow({ kind: link[1] as 'verify' | 'reset', token: link[2] });
    navigate({ pathname, search }, { replace: true, preventScrollReset: true });
  }, [hash, pathname, search, navigate]);

  // Spec §2: a signed-in visitor has no business here.
  useEffect(() => {
    if (auth.status === 'signedIn' && !tokenLink.current && !leaving.current) {
      navigate(localePath(lang, '/'), { replace: true });
    }
  }, [auth.status, lang, navigate]);

  const signedIn = useCallback(
    (user: User, to: string) => {
      leaving.current = true;
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

  return (
    <div className="mx-auto max-w-lg px-4 pt-12 pb-28 sm:px-6 md:pt-20">
      <h1 className="display text-4xl sm:text-5xl">{t('auth.title')}</h1>
      <div className="panel mt-8">
        {flow.kind === 'verify' ? (
          <VerifyEmail key={flow.token} token={flow.token} onVerified={onVerified} onBack={backToTabs} />
        ) : flow.kind === 'reset' ? (
          <ResetPassword key={flow.token} token={flow.token} onDone={onReset} onBack={backToTabs} />
        ) : (
          <AuthTabs onSignedIn={onSignedIn} forgot={flow.kind === 'tabs' && flow.forgot} />
        )}
      </div>
      <LazyToaster label={t('account.notifications')} />
    </div>
  );
}
