import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useRef, useState } from 'react';
import type { SignInResult } from '../../shared/api/types';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

type Tab = 'signin' | 'signup';
// `back`: the sign-in form again after "Forgot password?", which takes the focus back.
type SignInView = 'form' | 'forgot' | 'back';

/** The two tabs of /auth. Sign in is the default, so the prerendered page (and no-JS visitors) get it. */
export type AuthMode = 'signin' | 'signup' | 'forgot';

export function AuthTabs({
  onSignedIn,
  forgot = false,
  onModeChange,
}: {
  onSignedIn: (result: SignInResult) => void;
  forgot?: boolean;
  /** Told which form shows, so the page heading can follow it. */
  onModeChange?: (mode: AuthMode) => void;
}) {
  const { t } = useLanguage();
  const [tab, setTab] = useState<Tab>('signin');
  const [view, setView] = useState<SignInView>(forgot ? 'forgot' : 'form');
  // The "account exists" email links to /auth#forgot: open the reset form straight away.
  const [wasForgot, setWasForgot] = useState(forgot);
  if (forgot !== wasForgot) {
    setWasForgot(forgot);
    if (forgot) {
      setTab('signin');
      setView('forgot');
    }
  }
  const [email, setEmail] = useState('');
  // Counts sign-ups made here; each one moves the focus to the sign-in password.
  const [created, setCreated] = useState(0);
  const signInPassword = useRef<HTMLInputElement>(null);

  const mode: AuthMode = tab === 'signup' ? 'signup' : view === 'forgot' ? 'forgot' : 'signin';
  useEffect(() => onModeChange?.(mode), [mode, onModeChange]);

  // After signing up, the visitor lands on sign in with the address filled in: the password is next.
  useEffect(() => {
    if (created) signInPassword.current?.focus();
  }, [created]);

  return (
    <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
      <Tabs.List aria-label={t('auth.tabsLabel')} className="tab-list grid grid-cols-2">
        <Tabs.Trigger value="signin" className="tab">
          {t('auth.tabs.signIn')}
        </Tabs.Trigger>
        <Tabs.Trigger value="signup" className="tab">
          {t('auth.tabs.signUp')}
        </Tabs.Trigger>
      </Tabs.List>
      {/* Both panels stay mounted (only hidden), so typed values survive a switch of tabs. */}
      <Tabs.Content value="signin" forceMount hidden={tab !== 'signin'} className="tab-panel">
        {created > 0 && (
          <p role="status" className="notice notice-ok mb-5">
            {t('auth.signUp.successTitle')} {t('auth.signUp.successText')}
          </p>
        )}
        {view === 'forgot' ? (
          <ForgotPasswordForm initialEmail={email} onBack={() => setView('back')} focus />
        ) : (
          <SignInForm
            // A fresh form after a sign-up: no leftover password, messages or alerts.
            key={created}
            email={email}
            onEmailChange={setEmail}
            onSignedIn={onSignedIn}
            onForgot={() => setView('forgot')}
            passwordRef={signInPassword}
            focus={view === 'back'}
          />
        )}
      </Tabs.Content>
      <Tabs.Content value="signup" forceMount hidden={tab !== 'signup'} className="tab-panel">
        <SignUpForm
          email={email}
          onEmailChange={setEmail}
          onCreated={() => {
            setTab('signin');
            setView('form');
            setCreated((n) => n + 1);
          }}
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}
