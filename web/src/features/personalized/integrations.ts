// Recognising the products the agent should connect to. Names are canonical (English) in a fixed order:
// calendars, CRMs and data, messaging, commerce, automation — the grouping of the /features page.
import { wordRegex } from '../../shared/text';
import { mentionsMakePlatform } from './capabilities';

/** What an integration is used for; decides which goal, summary phrase and tool mentions it. */
export type IntegrationCategory = 'calendar' | 'crm' | 'messaging' | 'email' | 'team' | 'commerce' | 'payments' | 'automation';

interface IntegrationDef {
  name: string;
  category: IntegrationCategory;
  /** Case-insensitive word patterns (wordRegex shorthand); a function for the case-sensitive ones. */
  match: readonly string[] | ((folded: string) => boolean);
}

const NOTION_CAPITALISED = /(?<![A-Za-z0-9])(?:Notion|NOTION)(?![A-Za-z0-9])/;
const NOTION_DOMAIN = /(?<![A-Za-z0-9])notion\.so(?![A-Za-z0-9])/i;

const INTEGRATIONS: readonly IntegrationDef[] = [
  { name: 'Google Calendar', category: 'calendar', match: ['google~(?:calendar|agenda|kalender)', 'gcal'] },
  { name: 'Outlook', category: 'calendar', match: ['outlook'] },
  { name: 'Apple Calendar', category: 'calendar', match: ['apple~(?:calendar|agenda|kalender)', 'icloud~(?:calendar|agenda)', 'ical'] },
  { name: 'Microsoft 365', category: 'calendar', match: ['(?:microsoft|ms|office)~365', 'o365'] },
  { name: 'Calendly', category: 'calendar', match: ['calendly'] },
  { name: 'HubSpot', category: 'crm', match: ['hub~spot'] },
  { name: 'Salesforce', category: 'crm', match: ['salesforce'] },
  { name: 'Zoho CRM', category: 'crm', match: ['zoho(?:~crm)?'] },
  { name: 'Pipedrive', category: 'crm', match: ['pipe~drive'] },
  { name: 'Monday.com', category: 'crm', match: [String.raw`monday\.com`, 'monday~(?:crm|sales~crm)'] },
  {
    name: 'Notion',
    category: 'crm',
    // The English noun "notion" is common; only the capitalised product name (or notion.so) counts.
    match: (folded) => NOTION_CAPITALISED.test(folded) || NOTION_DOMAIN.test(folded),
  },
  { name: 'Airtable', category: 'crm', match: ['airtable'] },
  { name: 'Google Sheets', category: 'crm', match: ['google~(?:sheets?|spreadsheets?)', 'gsheets?'] },
  { name: 'WhatsApp', category: 'messaging', match: ['whats~app'] },
  {
    name: 'SMS',
    category: 'messaging',
    match: ["sms[a-z']*", 'text~messag[a-z]*', 'tekstbericht[a-z]*', '(?:via|by|per) text'],
  },
  { name: 'Gmail', category: 'email', match: ['gmail'] },
  { name: 'Slack', category: 'team', match: ['slack'] },
  { name: 'Shopify', category: 'commerce', match: ['shopify'] },
  { name: 'Stripe', category: 'payments', match: ['stripe'] },
  { name: 'Zapier', category: 'automation', match: ['zapier'] },
  { name: 'Make', category: 'automation', match: mentionsMakePlatform },
  { name: 'n8n', category: 'automation', match: ['n8n'] },
  { name: 'Custom Webhooks', category: 'automation', match: ['webhooks?'] },
];

const COMPILED: ReadonlyArray<{ def: IntegrationDef; test: (folded: string) => boolean }> = INTEGRATIONS.map((def) => {
  if (typeof def.match === 'function') return { def, test: def.match };
  const re = wordRegex(def.match);
  return { def, test: (folded: string) => re.test(folded) };
});

/** Canonical names of the integrations mentioned, in catalogue order. */
export function detectIntegrations(folded: string): string[] {
  return COMPILED.filter(({ test }) => test(folded)).map(({ def }) => def.name);
}

export function categoryOf(name: string): IntegrationCategory | undefined {
  return INTEGRATIONS.find((def) => def.name === name)?.category;
}

/** All integration names as one case-insensitive regex, for rejecting "Google Calendar" as a business name. */
export const ANY_INTEGRATION = wordRegex(
  INTEGRATIONS.flatMap((def) => (typeof def.match === 'function' ? [def.name.toLowerCase()] : def.match)).concat([
    'google',
    'microsoft',
    'apple',
  ]),
);
