import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { AuthProvider } from '../../shared/auth/AuthContext';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { Footer } from './Footer';
import { Header } from './Header';
import { VoiceWidget } from '../../features/voice/VoiceWidget';
import { useHeadSync } from './useHeadSync';

export function Layout() {
  const { t } = useLanguage();
  useHeadSync();
  // Marks the page as interactive (the e2e suite waits for it); effects run only after hydration.
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', 'true');
    // The suggestion to switch to Dutch: only ever on the English front door, decided by its own chunk.
    if (location.pathname == '/') import('./DutchSuggestion');
  }, []);
  return (
    <AuthProvider>
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
    </AuthProvider>
  );
}
