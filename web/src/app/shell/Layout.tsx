import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { AuthProvider } from '../../shared/auth/AuthContext';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { Footer } from './Footer';
import { Header } from './Header';
import { VoiceWidget } from '../../features/voice/VoiceWidget';
import { useHeadSync } from './useHeadSync';

/**
 * What every page shares: the session, the <head>, the hydration mark. Inside it a shell: the public
 * site's (PublicShell) or a workspace's (WorkspaceShell, the dashboard and the console; routes.tsx).
 */
export function Layout() {
  useHeadSync();
  // Marks the page as interactive (the e2e suite waits for it); effects run only after hydration.
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', 'true');
    // The suggestion to switch to Dutch: only ever on the English front door, decided by its own chunk.
    if (location.pathname == '/') import('./DutchSuggestion');
  }, []);
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}

/** The public site's shell: its header and navigation, the footer and the voice demo's button. */
export function PublicShell() {
  const { t } = useLanguage();
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="skip-link">
        {t('header.skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
      <VoiceWidget />
    </div>
  );
}
