import { useState, type ComponentType } from 'react';
import type { User } from '../../shared/api/types';
import { useLanguage } from '../../shared/i18n/LanguageContext';

type Workspace = 'dashboard' | 'console';
type Menu = ComponentType<{ user: User; workspace?: Workspace; defaultOpen?: boolean }>;

let loaded: Menu | undefined;
const loadMenu = () =>
  import('./AccountMenu').then((m) => {
    loaded = m.default;
    return loaded;
  });

/** What the account's button says: who is signed in, and that it opens a menu. */
export function AccountLabel({ user }: { user: User }) {
  const { t } = useLanguage();
  return (
    <>
      <span className="sr-only">{t('header.accountMenu')}: </span>
      <span className="truncate">{user.fullName || user.email}</span>
      <svg viewBox="0 0 12 12" aria-hidden="true" className="size-2.5 flex-none" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M2 4l4 4 4-4" />
      </svg>
    </>
  );
}

/**
 * The signed-in account's button. The menu itself (Radix, ~60 KB) is loaded when it is wanted, not with the
 * screen: it starts loading at a pointer over the button or focus on it, and at the latest when the button is
 * pressed; the press swaps in the menu, open. Until then this button looks and reads as the menu's own.
 * Swapping only at a press keeps a click whole: a menu that appeared between a button's pointerdown and its
 * click would miss the click.
 */
export function AccountButton({ user, workspace }: { user: User; workspace?: Workspace }) {
  const [Menu, setMenu] = useState<Menu | null>(null);
  if (Menu) return <Menu user={user} workspace={workspace} defaultOpen />;
  const preload = () => void loadMenu().catch(() => {});
  const open = () => {
    if (loaded) return setMenu(() => loaded!);
    loadMenu().then(
      (menu) => setMenu(() => menu),
      // Offline or a new release: the button stays, and the next press tries again.
      (err: unknown) => console.error('account menu failed to load', err),
    );
  };
  return (
    <button
      type="button"
      className="btn btn-ghost account-trigger"
      aria-haspopup="menu"
      aria-expanded="false"
      onPointerEnter={preload}
      onFocus={preload}
      onClick={open}
      // The keys that open Radix's menu from its button (which opens at the key, not at the click after it).
      onKeyDown={(e) => {
        if (e.key !== 'Enter' && e.key !== ' ' && e.key !== 'ArrowDown') return;
        e.preventDefault();
        open();
      }}
    >
      <AccountLabel user={user} />
    </button>
  );
}
