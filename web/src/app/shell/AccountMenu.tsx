import * as Menu from '@radix-ui/react-dropdown-menu';
import { Link, useLocation, useNavigate } from 'react-router';
import type { User } from '../../shared/api/types';
import { useAuth } from '../../shared/auth/AuthContext';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath, switchLanguagePath, type Lang } from '../../shared/paths';
import { AccountLabel } from './AccountButton';

/**
 * The signed-in account's dropdown, a chunk of its own that AccountButton loads when the menu is wanted:
 * Radix stays off the path of a screen's first render. In a workspace (the dashboard or the console) it also
 * has the profile page, the other language and the way to the other workspace.
 */
export default function AccountMenu({
  user,
  workspace,
  defaultOpen = false,
}: {
  user: User;
  workspace?: 'dashboard' | 'console';
  /** Opened as it appears: the button it replaces was pressed before it had loaded. */
  defaultOpen?: boolean;
}) {
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
    <Menu.Root modal={false} defaultOpen={defaultOpen}>
      <Menu.Trigger className="btn btn-ghost account-trigger">
        <AccountLabel user={user} />
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
