import type { TKey, TVars } from '../../shared/i18n/types';

type T = (key: TKey, vars?: TVars) => string;

// The contacts screens' paths and words, shared by the list and a contact's page.

export const agentPath = (orderId: string) => `/dashboard/agents/${encodeURIComponent(orderId)}`;
export const contactsPath = (orderId: string) => `${agentPath(orderId)}/contacts`;
/** A contact's page: the contact's key (the number as stored) is one path segment. */
export const contactPath = (orderId: string, key: string) => `${contactsPath(orderId)}/${encodeURIComponent(key)}`;

/** "1 call" / "3 calls". */
export const callCount = (count: number, t: T) => (count === 1 ? t('calls.contacts.callsOne') : t('calls.contacts.callsMany', { count }));
