import type { TKey } from '../i18n/types';

// The integrations the /features page lists (spec §2), in its order. The demo assistant answers from
// the same list, so the two can never disagree.
export type IntegrationCategory = 'calendars' | 'crms' | 'messaging' | 'other';
/** A product name (never translated) or a dictionary key (translated). */
export type IntegrationItem = string | { key: TKey };

export const INTEGRATIONS: readonly { category: IntegrationCategory; items: readonly IntegrationItem[] }[] = [
  { category: 'calendars', items: ['Google Calendar', 'Outlook', 'Apple Calendar', 'Microsoft 365'] },
  { category: 'crms', items: ['HubSpot', 'Salesforce', 'Zoho CRM', 'Pipedrive', 'Monday.com', 'Notion', 'Airtable'] },
  { category: 'messaging', items: ['WhatsApp', 'Slack', 'Gmail & Outlook', { key: 'features.items.sms' }] },
  { category: 'other', items: ['Stripe', 'Shopify', 'Google Sheets', 'Calendly', { key: 'features.items.webhooks' }] },
];

/** The name of an item as a visitor reads it. */
export function integrationName(item: IntegrationItem, t: (key: TKey) => string): string {
  return typeof item === 'string' ? item : t(item.key);
}
