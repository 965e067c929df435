import * as Menu from '@radix-ui/react-dropdown-menu';
import { Link, useNavigate } from 'react-router';
import type { User } from '../../shared/api/types';
import { useAuth } from '../../shared/auth/AuthContext';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { localePath } from '../../shared/paths';

/** The signed-in header's dropdown (lazy chunk: Radix stays out of the entry bundle). */
export default function AccountMenu({ user }: { user: User }) {
  const { lang, t } = useLanguage();
  const { signOut } = useAuth();
  const navigate = useNavigate();

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
        <Menu.Item asChild>
          <Link to={localePath(lang, '/dashboard')}>{t('header.dashboard')}</Link>
        </Menu.Item>
        {/* The agency's staff run the console; buyers never see the way in. */}
        {user.role === 'staff' && (
          <Menu.Item asChild>
            <Link to={localePath(lang, '/console')}>{t('header.console')}</Link>
          </Menu.Item>
        )}
        <Menu.Separator className="my-1 h-px bg-line" />
        <Menu.Item onSelect={onSignOut}>{t('header.signOut')}</Menu.Item>
      </Menu.Content>
    </Menu.Root>
  );
}
