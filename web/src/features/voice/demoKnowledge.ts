// What the offline demo assistant knows: this site's own copy. Facts come from the `features`, `pricing`
// and `landing` dictionaries of the page language; the voice dictionary only holds the short sentence
// templates around them. Matching is deterministic keyword scoring over English and Dutch wording,
// whatever the page language. Pure: no DOM, no timers.
import type { AgentDraft } from '../../shared/agentDraft';
import { HELP_IDS, HELP_WORDS } from '../../shared/content/help';
import { INTEGRATIONS, integrationName, type IntegrationCategory, type IntegrationItem } from '../../shared/content/integrations';
import { translate } from '../../shared/i18n/translate';
import type { Dictionary, TKey, TVars } from '../../shared/i18n/types';
import { PAGE_PATHS } from '../../shared/pages';
import { localePath, type Lang } from '../../shared/paths';
import { fold, joinList } from '../../shared/text';

export type Topic =
  | 'hello'
  | 'quote'
  | 'pricing'
  | 'languages'
  | 'personalized'
  | 'savings'
  | 'capabilities'
  | 'integrations'
  | 'contact'
  | 'privacy'
  | 'help'
  | 'summary'
  | 'fallback';

export interface DemoAnswer {
  topic: Topic;
  text: string;
  /** The page the answer came from, localised, with its visible label. */
  link?: { href: string; label: string };
}

/** The pages an answer may link to (their paths: shared/pages.ts). */
type Page = 'landing' | 'features' | 'pricing' | 'quote' | 'personalized' | 'contact' | 'privacy' | 'help';

/** Stems that start at a word boundary and may run on ("integrat" matches "integration", "integratie"). */
const stems = (sources: readonly string[]) => new RegExp(`(?<![a-z0-9])(?:${sources.join('|')})`);

/** The capability cards of /features, in their order, with the wording that names each. */
const CARDS = {
  coldCalling: stems(['cold[ -]?call', 'koude acquisitie', 'acquisitie', 'koud bellen', 'prospect']),
  appointments: stems(['appointment', 'afspra', 'schedul', 'inplan', 'plannen', 'book', 'boek', 'reserv']),
  customerService: stems(['customer (?:service|support)', 'klantenservice', 'klantvragen', 'faq', 'veelgestelde']),
  reminders: stems(['remind', 'herinner', 'no[ -]?shows?']),
  leadQualification: stems(['lead', 'kwalific', 'qualif']),
  inbound: stems([
    'inbound',
    'inkomend',
    'incoming',
    'receptie',
    'reception',
    'opnemen',
    'aanne(?:em|men)',
    'answer(?:s|ing)? (?:the )?(?:phone|calls)',
  ]),
  outbound: stems(['outbound', 'uitgaand', 'notif', 'melding', 'alert']),
  workflows: stems(['workflow', 'proces']),
  dashboard: stems(['dashboard', 'rapport', 'report', 'statistie', 'analytics', 'inzicht']),
} as const;
type Card = keyof typeof CARDS;
const CARD_IDS = Object.keys(CARDS) as Card[];

/** How a visitor may name each product of the /features list (shared/content/integrations.ts). */
const PRODUCT_WORDS: Record<string, readonly string[]> = {
  'Google Calendar': ['google (?:calendar|agenda)'],
  Outlook: ['outlook'],
  'Apple Calendar': ['apple (?:calendar|agenda)', 'icloud'],
  'Microsoft 365': ['microsoft 365', 'office 365', 'm365'],
  HubSpot: ['hub ?spot'],
  Salesforce: ['salesforce'],
  'Zoho CRM': ['zoho'],
  Pipedrive: ['pipedrive'],
  'Monday.com': ['monday'],
  Notion: ['notion'],
  Airtable: ['airtable'],
  WhatsApp: ['whats ?app'],
  Slack: ['slack'],
  'Gmail & Outlook': ['gmail'],
  'features.items.sms': ['sms', 'text messag', 'tekstbericht'],
  Stripe: ['stripe'],
  Shopify: ['shopify'],
  'Google Sheets': ['google sheets', 'spreadsheet'],
  Calendly: ['calendly'],
  'features.items.webhooks': ['webhook'],
};
type Category = IntegrationCategory;
const PRODUCTS: readonly { item: IntegrationItem; category: Category; re: RegExp }[] = INTEGRATIONS.flatMap(({ category, items }) =>
  items.map((item) => {
    const words = PRODUCT_WORDS[typeof item === 'string' ? item : item.key];
    if (!words) throw new Error(`demoKnowledge: no words for ${JSON.stringify(item)}`);
    return { item, category, re: stems(words) };
  }),
);
const CATEGORIES: readonly Category[] = INTEGRATIONS.map((g) => g.category);

/** Topic keywords in tie-break order: on equal scores the earlier topic wins. */
const TOPICS: readonly (readonly [Topic, RegExp])[] = [
  [
    // The visitor wants a person at Belwise (the agent handing calls over is a help question).
    'contact',
    stems([
      'contact',
      '(?:speak|talk) (?:to|with) (?:someone|somebody|a person|a human|a real person|an? (?:employee|agent)|sales|you)',
      '(?:iemand|een mens|een medewerker|een persoon) (?:spreken|bellen|aan de lijn)',
      '(?:met )?(?:iemand|een mens|een medewerker) (?:van jullie )?spreken',
      'call(?:s|ing)? me back',
      'call-?back',
      'terugbel',
      'bel (?:me|mij) (?:terug|op)',
      'phone number (?:of|for) (?:you|belwise)',
      'address',
      'adres',
      'kvk',
      'email (?:you|address)',
    ]),
  ],
  [
    'privacy',
    stems([
      'privac',
      'gdpr',
      'avg(?![a-z])',
      'cookie',
      'persoonsgegevens',
      'personal data',
      'record(?:ed|ing)?',
      'opgenomen',
      'opname',
      'transcript',
      'delete my',
      'verwijder',
    ]),
  ],
  [
    'quote',
    stems([
      'quot',
      'offerte',
      'proposal',
      'voorstel',
      'get started',
      'aan de slag',
      'sales(?![a-z])',
      'kennismak',
      'afspraak (?:maken |inplannen )?met (?:jullie|u|iemand|een)',
      '(?:kan|mag) ik (?:een )?afspraak',
      'meeting with',
      'sign up',
      'buy',
      'kopen',
      'aanvragen',
    ]),
  ],
  [
    'pricing',
    stems([
      'pric',
      'prijs',
      'prijz',
      'cost',
      'kost',
      'tarie',
      'fees?(?![a-z])',
      'how much',
      'hoeveel',
      'betal',
      'pay',
      'per minu',
      'euro',
      '€',
      'budget',
      'goedkoop',
      'cheap',
      'expensive',
      'abonnement',
      'subscription',
      'maintenance',
      'onderhoud',
      'setup',
      'opstart',
      'invest',
    ]),
  ],
  [
    'languages',
    stems([
      'languag',
      'talen(?![a-z])',
      'taal',
      'english',
      'engels',
      'dutch',
      'nederlands',
      'speak',
      'spreekt',
      'multilingual',
      'meertalig',
      'tweetalig',
      'bilingual',
      'german',
      'duits',
      'french',
      'spanish',
      'spaans',
    ]),
  ],
  [
    'personalized',
    stems([
      'personali',
      'my (?:own )?(?:business|company)',
      'mijn (?:eigen )?(?:bedrijf|zaak|praktijk)',
      'try',
      'probeer',
      'uitprobe',
      'own agent',
      'eigen agent',
      'agent op maat',
      'custom agent',
      'sketch',
      'generat',
      'genereer',
    ]),
  ],
  [
    'savings',
    stems([
      'sav(?:e|es|ing)',
      'bespar',
      '50 ?%',
      '24 ?/ ?7',
      'always (?:on|open|available|reachable)',
      'altijd (?:bereikbaar|beschikbaar|open)',
      'weekend',
      'nacht',
      'night',
      'holiday',
      'feestdag',
      'roi(?![a-z])',
      'cheaper',
      'goedkoper',
    ]),
  ],
  [
    'capabilities',
    stems([
      'feature',
      'capabilit',
      'what can',
      'what do(?:es)?',
      'wat (?:kan|kunnen|doe|doet|doen)',
      'functie',
      'functionalit',
      'mogelijkhe',
      'taken',
      'tasks?',
      'do for',
      'services?',
      'dienst',
      'help (?:me|us|with)',
    ]),
  ],
  [
    'integrations',
    stems([
      'integrat',
      'koppel',
      'connect',
      'verbind',
      'crm',
      'calendar',
      'agenda',
      'tools?(?![a-z])',
      'api(?![a-z])',
      'zapier',
      'make\\.com',
      'software',
      'systeem',
      'systemen',
      'systems?(?![a-z])',
      'apps?(?![a-z])',
      'works? with',
      'werkt (?:het |dat |hij )?(?:samen )?met',
    ]),
  ],
  // The help center's questions (shared/content/help.ts); last, so a more specific topic wins a tie.
  ['help', stems(HELP_IDS.flatMap((id) => HELP_WORDS[id]))],
];
/** The help entry a question is about, by the same words. */
const HELP_MATCH = HELP_IDS.filter((id) => HELP_WORDS[id].length > 0).map((id) => [id, stems(HELP_WORDS[id])] as const);
const DRAFT_SUMMARY = stems([
  'who are you',
  'wie ben je',
  'what are you',
  'wat ben je',
  'about (?:you|yourself)',
  'over (?:jou|jezelf)',
  'summary',
  'samenvatting',
]);
const HELLO = /^(?:hi|hello|hey|hallo|hoi|goedemorgen|goedemiddag|goedenavond|good (?:morning|afternoon|evening))[\s!.,]*$/;

/** The knowledge the demo answers from: the merged dictionary of the page language. */
export interface Knowledge {
  lang: Lang;
  dict: Dictionary;
  draft?: AgentDraft | null;
  /** The path of the page the visitor is on: "Read more" never points there. */
  here?: string;
}

const lcFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const firstSentence = (s: string) => s.split(/(?<=\.)\s/)[0];

function scoreTopics(q: string): { topic: Topic; score: number }[] {
  return TOPICS.map(([topic, re]) => {
    let score = re.test(q) ? 1 : 0;
    if (topic === 'capabilities') score += CARD_IDS.filter((id) => CARDS[id].test(q)).length;
    if (topic === 'integrations') score += PRODUCTS.filter((p) => p.re.test(q)).length;
    return { topic, score };
  });
}

/** The topic a question is about (exported for tests). */
export function topicOf(question: string): Topic {
  const q = fold(question.normalize('NFC')).toLowerCase().trim();
  if (HELLO.test(q)) return 'hello';
  let best: Topic = 'fallback';
  let bestScore = 0;
  for (const { topic, score } of scoreTopics(q)) {
    if (score > bestScore) {
      best = topic;
      bestScore = score;
    }
  }
  return best;
}

/** The opening line: the draft's greeting when primed with one, else the demo welcome. */
export function greetingFor({ dict, draft }: Knowledge): string {
  return draft?.greeting || translate(dict, 'voice.demo.greeting');
}

/** Composes the answer to a typed question or a suggestion chip, in the page language. */
export function answerQuestion(question: string, knowledge: Knowledge): DemoAnswer {
  const { lang, dict, draft, here } = knowledge;
  // Running text, also spoken: without the soft hyphens the dictionary gives long words in headings.
  const t = (key: TKey, vars?: TVars) => translate(dict, key, vars).replaceAll('\u00AD', '');
  const list = (items: readonly string[]) => joinList(items, t('voice.and'));
  const link = (page: Page) => ({
    href: localePath(lang, PAGE_PATHS[page]),
    label: t('voice.readMore', { page: t(`voice.pages.${page}`) }),
  });
  const answer = (topic: Topic, text: string, page?: Page): DemoAnswer =>
    page && localePath(lang, PAGE_PATHS[page]) !== here ? { topic, text, link: link(page) } : { topic, text };
  const productName = (item: IntegrationItem) => integrationName(item, t);
  const integrationsIntro = firstSentence(t('features.integrationsText'));

  const q = fold(question.normalize('NFC')).toLowerCase().trim();
  if (draft && DRAFT_SUMMARY.test(q)) return answer('summary', t('voice.draft.summary', { summary: draft.summary }), 'personalized');
  const topic = topicOf(question);

  switch (topic) {
    case 'hello':
      return answer('hello', t('voice.demo.hello'));

    case 'contact':
      return answer('contact', t('voice.demo.contact'), 'contact');

    case 'privacy':
      return answer('privacy', t('voice.demo.privacy'), 'privacy');

    case 'help': {
      const id = HELP_MATCH.find(([, re]) => re.test(q))?.[0];
      return id
        ? answer('help', t(`help.items.${id}.a`), 'help')
        : answer('fallback', t(draft ? 'voice.draft.fallback' : 'voice.demo.fallback'));
    }

    case 'quote':
      return answer('quote', t('voice.demo.quote', { cta: t('pricing.ctaText') }), 'quote');

    case 'pricing': {
      const p = (key: string) => t(`pricing.${key}` as TKey);
      return answer(
        'pricing',
        t('voice.demo.pricing', {
          setup: p('setup.name'),
          setupCadence: lcFirst(p('setup.cadence')),
          setupAmount: lcFirst(p('setup.amount')),
          setupText: p('setup.description'),
          maintenance: p('maintenance.name'),
          maintenanceCadence: lcFirst(p('maintenance.cadence')),
          maintenanceAmount: lcFirst(p('maintenance.amount')),
          maintenanceText: p('maintenance.description'),
          usage: p('usage.name'),
          usageAmount: p('usage.amount'),
          usageNote: p('usage.note'),
          varies: list((['volume', 'complexity', 'workflow'] as const).map((k) => lcFirst(p(`usage.items.${k}`)))),
        }),
        'pricing',
      );
    }

    case 'languages':
      if (draft) {
        return answer(
          'languages',
          t('voice.draft.languages', { list: list(draft.callLanguages.map((code) => t(`voice.languageNames.${code}`))) }),
          'personalized',
        );
      }
      return answer('languages', t('voice.demo.languages', { benefit: lcFirst(t('landing.why.benefits.languages')) }), 'landing');

    case 'personalized':
      return answer('personalized', t('voice.demo.personalized'), 'personalized');

    case 'savings':
      return answer(
        'savings',
        t('voice.demo.savings', { costs: t('landing.why.benefits.costs'), always: t('landing.why.benefits.always') }),
        'landing',
      );

    case 'capabilities': {
      if (draft && draft.goals.length > 0)
        return answer('capabilities', t('voice.draft.goals', { goals: draft.goals.join(' ') }), 'personalized');
      const named = CARD_IDS.filter((id) => CARDS[id].test(q));
      if (named.length === 1) {
        const id = named[0];
        return answer(
          'capabilities',
          t('voice.demo.capability', { title: t(`features.cards.${id}.title`), text: t(`features.cards.${id}.text`) }),
          'features',
        );
      }
      const titles = CARD_IDS.map((id) => lcFirst(t(`features.cards.${id}.title`)));
      return answer('capabilities', t('voice.demo.capabilities', { count: titles.length, list: list(titles) }), 'features');
    }

    case 'integrations': {
      if (draft) {
        const text =
          draft.integrations.length > 0
            ? t('voice.draft.tools', { list: list(draft.integrations), intro: integrationsIntro })
            : t('voice.draft.noTools', { intro: integrationsIntro });
        return answer('integrations', text, 'personalized');
      }
      const product = PRODUCTS.find((p) => p.re.test(q));
      if (product) {
        return answer(
          'integrations',
          t('voice.demo.integration', {
            name: productName(product.item),
            category: t(`features.categories.${product.category}`),
            intro: integrationsIntro,
          }),
          'features',
        );
      }
      const groups = CATEGORIES.map(
        (c) => `${t(`features.categories.${c}`)}: ${list(PRODUCTS.filter((p) => p.category === c).map((p) => productName(p.item)))}`,
      ).join('; ');
      return answer('integrations', t('voice.demo.integrations', { intro: t('features.integrationsText'), groups }), 'features');
    }

    default:
      return answer('fallback', t(draft ? 'voice.draft.fallback' : 'voice.demo.fallback'));
  }
}
