import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../shared/auth/AuthContext';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';
import { ConsoleLoading } from './parts';

// The agency's console (client-only, staff only): the Go server answers every /console… path with the
// app shell, and this frame decides who may see it. A buyer goes to their dashboard, a visitor to sign
// in (and back here after). What shows inside is a nested route of the registry (app/registry.ts); the
// console's sections are in the workspace shell's header (app/shell/WorkspaceShell.tsx).

export function Component() {
  const { lang, t } = useLanguage();
  const auth = useAuth();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const role = auth.status === 'signedIn' ? auth.user.role : null;
  // /api/me failed (network, 503): the console's own requests will tell (401 goes to sign in).
  const unsure = auth.status === 'signedOut' && auth.failed;
  const signedOut = auth.status === 'signedOut' && !auth.failed;

  useEffect(() => {
    if (role && role !== 'staff') navigate(localePath(lang, '/dashboard'), { replace: true });
    else if (signedOut) navigate(localePath(lang, `/auth?next=${encodeURIComponent(pathname + search)}`), { replace: true });
  }, [role, signedOut, lang, pathname, search, navigate]);

  return (
    <div className="mx-auto max-w-6xl px-4 pt-10 pb-16 sm:px-6 md:pt-14 lg:px-8">
      {role === 'staff' || unsure ? <Outlet /> : <ConsoleLoading title={t('console.title')} text={t('console.loading')} />}
    </div>
  );
}
