import * as Menu from '@radix-ui/react-dropdown-menu';
import { Link, useLocation, useNavigate } from 'react-router';
import type { User } from '../../shared/api/types';
import { useAuth } from '../../shared/auth/AuthContext';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath, switchLanguagePath, type Lang } from '../../shared/paths';

/**
 * The signed-in account's dropdown (a lazy chunk on public pages: Radix stays out of the entry bundle).
 * In a workspace (the dashboard or the console) it also has the profile page, the other language and
 * the way to the other workspace.
 */
export default function AccountMenu({ user, workspace }: { user: User; workspace?: 'dashboard' | 'console' }) {
  const { lang, t } = useLanguage();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const staff = user.role === 'staff';
  const other: Lang = lang === 'en' ? 'nl' : 'en';
  const otherLanguage = switchLanguagePath(pathname, search, other);
  // Staff have their profile in the console; buyers (and staff outside a workspace too) on the dashboard.
  const profile = workspace === 'console' ? '/console/profile' : '/dashboard/profile';

  function onSignOut() {
    signOut().then(
      () => navigate(localePath(lang, '/')),
      // Still signed in on the server, so the menu stays as it is.
      (err: unknown) => console.error('sign-out failed', err),
    );
  }

  return (
    // Not modal: a modal menu locks page scroll, which shifts the layout when the scrollbar disappears.
    <Menu.Root modal={false}>
      <Menu.Trigger className="btn btn-ghost account-trigger">
        <span className="sr-only">{t('header.accountMenu')}: </span>
        <span className="truncate">{user.fullName || user.email}</span>
        <svg viewBox="0 0 12 12" aria-hidden="true" className="size-2.5 flex-none" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M2 4l4 4 4-4" />
        </svg>
      </Menu.Trigger>
      {/* No portal: the open menu stays inside the header's landmark. */}
      <Menu.Content align="end" sideOffset={6} className="account-menu">
        {workspace !== 'dashboard' && (
          <Menu.Item asChild>
            <Link to={localePath(lang, '/dashboard')}>{t('header.dashboard')}</Link>
          </Menu.Item>
        )}
        {/* The agency's staff run the console; buyers never see the way in. */}
        {staff && workspace !== 'console' && (
          <Menu.Item asChild>
            <Link to={localePath(lang, '/console')}>{t('header.console')}</Link>
          </Menu.Item>
        )}
        <Menu.Item asChild>
          <Link to={localePath(lang, profile)}>{t('header.profile')}</Link>
        </Menu.Item>
        {workspace && (
          // The same screen in the other language, loaded afresh (as the language link does).
          <Menu.Item asChild>
            <a
              href={otherLanguage}
              lang={other}
              onClick={() => {
                document.cookie = `lang=${other}; path=/; max-age=31536000`;
              }}
            >
              {t(`header.languages.${other}`)}
            </a>
          </Menu.Item>
        )}
        <Menu.Separator className="my-1 h-px bg-line" />
        <Menu.Item onSelect={onSignOut}>{t('header.signOut')}</Menu.Item>
      </Menu.Content>
    </Menu.Root>
  );
}
