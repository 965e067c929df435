// Derives a structured draft of the voice agent we would build from a visitor's free-text prompt.
// Pure and deterministic: no randomness, no clock, no DOM. Recognises English and Dutch wording whatever
// the page language; writes the summary, goals and tool descriptions in the page language, the greeting in
// the first call language and the system prompt in English.
//
// Choices worth knowing:
// - `capabilities` holds what the prompt names. When it names none but something else was recognised (a
//   business type, a name, a product or a language), it holds suggestions instead: the typical capabilities
//   of the business type, else the generic trio (inbound reception, appointments, lead qualification).
// - Generic fallback (nothing recognised): capabilities [] and tools [] (nothing to configure yet); goals
//   still hold the three generic goals so the card is not empty; callLanguages is [page language].
// - `name` is "{persona}, the {role} of {business}" or "… for your {type}", else the generic name. The
//   persona depends on the first call language (en Emma, nl Sophie, de Lena, fr Camille, es Lucía); the role
//   on the first capability in narrative order (see capabilities.ts).
// - The greeting answers the phone, or opens an outbound call when the main job is calling out (cold
//   calling, lead qualification, reminders, notifications). Dutch addresses the visitor with "u" like the site; German, French
//   and Spanish use the formal address. Legal forms (B.V., Ltd.) are left out of the spoken greeting.
// - Negation is not understood: "no cold calling" still counts as cold calling.
// - Input beyond 10,000 characters is ignored.
import type { AgentDraft, CallLanguage, CapabilityId, DraftTool, Lang } from '../../shared/agentDraft';
import { fill, fold, joinList, wordRegex } from '../../shared/text';
import { detectBusinessType, extractBusinessName, type BusinessTypeDef } from './business';
import { detectCapabilities, isOutbound, narrativeOrder, sortCapabilities } from './capabilities';
import { GREETINGS } from './greetings';
import { categoryOf, detectIntegrations, type IntegrationCategory } from './integrations';
import { detectCallLanguages } from './languages';
import { VOCABULARY, type ToolName, type Variant, type Vocabulary } from './vocabulary';

export type { AgentDraft, CallLanguage, CapabilityId, DraftTool, Lang } from '../../shared/agentDraft';

const MAX_INPUT = 10_000;
const MAX_SUMMARY = 600;
const MAX_GOALS = 5;
const MAX_PHRASES = 5;
/** Products named per goal or tool, per summary phrase, and in the summary's closing list. */
const MAX_NAMED = 3;
const MAX_NAMED_IN_PHRASE = 2;
const MAX_NAMED_IN_LIST = 5;
const FALLBACK_CAPABILITIES: readonly CapabilityId[] = ['appointments', 'leadQualification', 'inboundReception'];
/** The generic goals follow the generic summary: answers calls, books appointments, qualifies leads. */
const GENERIC_GOALS: readonly CapabilityId[] = ['inboundReception', 'appointments', 'leadQualification'];
/** Legal forms are written but not said: "Bakkerij Jansen B.V." greets as "Bakkerij Jansen". */
const LEGAL_SUFFIX = /[\s,]+(?:B\.?V\.?|N\.?V\.?|V\.?O\.?F\.?|BVBA|Ltd\.?|Inc\.?|GmbH|LLC)$/i;

const ALWAYS_ON = wordRegex([
  '24~/~7',
  '24 uur per dag',
  '24 hours a day',
  'dag en nacht',
  'day and night',
  '(?:a)?round the clock',
  'altijd bereikbaar',
  'always (?:available|reachable)',
  'buiten kantoortijden',
  '(?:after|out of) hours',
  'outside (?:office|business|opening) hours',
]);
const ORDERS = wordRegex([
  'orders?',
  'bestelling[a-z]*',
  'bestel~status',
  'pakket[a-z]*',
  'packages?',
  'parcels?',
  'deliver[a-z]*',
  'bezorg[a-z]*',
  'zending[a-z]*',
  'shipping',
  'shipments?',
]);
const PAYMENTS = wordRegex([
  'betalingsherinnering[a-z]*',
  'payment reminders?',
  '(?:openstaande|onbetaalde|unpaid|outstanding|overdue) (?:facturen|invoices|betalingen|payments|rekeningen|bills)',
  'incasso[a-z]*',
  'debt collection',
]);

/** Which integration categories each capability talks about. */
const CATEGORIES: Readonly<Record<CapabilityId, readonly IntegrationCategory[]>> = {
  inboundReception: [],
  customerService: ['commerce'],
  coldCalling: ['crm'],
  leadQualification: ['crm'],
  appointments: ['calendar'],
  reminders: ['messaging', 'email'],
  outboundNotifications: ['messaging', 'email'],
  customWorkflows: ['automation'],
  dashboard: [],
};

interface Context {
  generic: boolean;
  businessName: string | null;
  type: BusinessTypeDef | null;
  capabilities: CapabilityId[];
  /** Capabilities in the order the texts mention them. */
  narrative: CapabilityId[];
  integrations: string[];
  callLanguages: CallLanguage[];
  alwaysOn: boolean;
  orders: boolean;
  paymentReminders: boolean;
}

export function deriveDraft(prompt: string, lang: Lang): AgentDraft {
  const context = analyse(prompt, lang);
  const v = VOCABULARY[lang];
  const greeting = buildGreeting(context);
  const goals = buildGoals(context, v);
  const tools = context.generic ? [] : buildTools(context, v);
  return {
    generic: context.generic,
    name: buildName(context, v),
    businessType: context.type ? v.businessTypes[context.type.id] : null,
    capabilities: context.capabilities,
    callLanguages: context.callLanguages,
    integrations: context.integrations,
    greeting,
    goals,
    tools,
    summary: context.generic ? v.generic.summary : buildSummary(context, v),
    systemPrompt: buildSystemPrompt(context, greeting),
  };
}

function analyse(prompt: string, lang: Lang): Context {
  const nfc = prompt.slice(0, MAX_INPUT).normalize('NFC');
  const folded = fold(nfc);
  const named = detectCapabilities(folded);
  const type = detectBusinessType(folded);
  const businessName = extractBusinessName(nfc, folded, (text) => detectCapabilities(text).length > 0);
  const integrations = detectIntegrations(folded);
  const languages = detectCallLanguages(folded, lang);
  const generic = named.length === 0 && !type && !businessName && integrations.length === 0 && languages.length === 0;
  const capabilities = named.length > 0 ? named : generic ? [] : sortCapabilities(type ? type.defaults : FALLBACK_CAPABILITIES);
  return {
    generic,
    businessName,
    type,
    capabilities,
    narrative: narrativeOrder(generic ? FALLBACK_CAPABILITIES : capabilities),
    integrations,
    callLanguages: languages.length > 0 ? languages : [lang],
    alwaysOn: ALWAYS_ON.test(folded),
    orders: type?.id === 'webshop' || integrations.includes('Shopify') || ORDERS.test(folded),
    paymentReminders: named.includes('reminders') && !named.includes('appointments') && PAYMENTS.test(folded),
  };
}

// ---- Rendering helpers ---------------------------------------------------------------------------------

function integrationsIn(
  context: Context,
  categories: readonly IntegrationCategory[],
  limit = MAX_NAMED,
  exclude?: ReadonlySet<string>,
): string[] {
  return context.integrations
    .filter((name) => {
      const category = categoryOf(name);
      return category !== undefined && categories.includes(category) && !exclude?.has(name);
    })
    .slice(0, limit);
}

function productList(names: readonly string[], v: Vocabulary): string {
  return joinList(
    names.map((name) => v.products[name] ?? name),
    v.and,
  );
}

/** "A, B and C", or "A, B, C, D and 3 more tools" when the list is long. */
function leftoverList(names: readonly string[], v: Vocabulary): string {
  if (names.length <= MAX_NAMED_IN_LIST) return productList(names, v);
  const shown = names.slice(0, MAX_NAMED_IN_LIST - 1).map((name) => v.products[name] ?? name);
  const more = fill(v.summary.moreTools, { count: String(names.length - shown.length) });
  return joinList([...shown, more], v.and);
}

/** Fills a variant: the `with` text when there are integrations to name, else the `without` text. */
function render(text: Variant, integrations: readonly string[], v: Vocabulary, vars: Record<string, string>): string {
  if (typeof text === 'string') return fill(text, vars);
  if (integrations.length === 0) return fill(text.without, vars);
  return fill(text.with, { ...vars, tools: productList(integrations, v) });
}

function baseVars(context: Context, v: Vocabulary): Record<string, string> {
  const booking = v.booking[context.type?.booking ?? 'appointment'];
  return {
    audience: v.audience[context.type?.audience ?? 'customers'],
    items: booking.many,
    item: booking.one,
    verbs: booking.verbs,
    type: context.type ? v.businessTypes[context.type.id] : '',
    business: context.businessName ?? '',
  };
}

function isPaymentReminder(id: CapabilityId, context: Context): boolean {
  return id === 'reminders' && context.paymentReminders;
}

function capabilityGoal(id: CapabilityId, context: Context, v: Vocabulary, vars: Record<string, string>): string {
  const text = isPaymentReminder(id, context) ? v.paymentReminder.goal : v.goals[id];
  return render(text, integrationsIn(context, CATEGORIES[id]), v, vars);
}

// ---- Name and greeting ---------------------------------------------------------------------------------

function roleOf(context: Context, v: Vocabulary): string {
  const primary = context.narrative[0] ?? 'dashboard';
  return primary === 'appointments' ? v.booking[context.type?.booking ?? 'appointment'].role : v.roles[primary];
}

/** Named after the business or its type; without either, the generic name. */
function buildName(context: Context, v: Vocabulary): string {
  if (context.generic || (!context.businessName && !context.type)) return v.generic.name;
  const vars = { ...baseVars(context, v), persona: GREETINGS[context.callLanguages[0]].persona, role: roleOf(context, v) };
  return fill(context.businessName ? v.name.named : v.name.typed, vars);
}

function buildGreeting(context: Context): string {
  const set = GREETINGS[context.callLanguages[0]];
  const direction = !context.generic && isOutbound(context.narrative[0]) ? set.outbound : set.inbound;
  const template = context.businessName ? direction.named : direction.plain;
  return fill(template, { persona: set.persona, business: (context.businessName ?? '').replace(LEGAL_SUFFIX, '') });
}

// ---- Goals, summary, tools -----------------------------------------------------------------------------

function buildGoals(context: Context, v: Vocabulary): string[] {
  const vars = baseVars(context, v);
  if (context.generic) return GENERIC_GOALS.map((id) => render(v.goals[id], [], v, vars));
  const goals = context.narrative.slice(0, MAX_GOALS).map((id) => capabilityGoal(id, context, v, vars));
  if (goals.length < 2) goals.push(v.handoverGoal);
  return goals;
}

function buildSummary(context: Context, v: Vocabulary): string {
  const vars = baseVars(context, v);
  const intro = context.businessName ? fill(v.summary.named, vars) : context.type ? fill(v.summary.typed, vars) : v.summary.plain;
  const langs = joinList(
    context.callLanguages.map((code) => v.languages[code]),
    v.and,
  );
  const languageSentence = fill(context.alwaysOn ? v.summary.languagesAlwaysOn : v.summary.languages, { ...vars, langs });

  for (let count = Math.min(MAX_PHRASES, context.narrative.length); ; count--) {
    const used = new Set<string>();
    const phrases = context.narrative.slice(0, count).map((id) => {
      const names = integrationsIn(context, CATEGORIES[id], MAX_NAMED_IN_PHRASE, used);
      const text = isPaymentReminder(id, context) ? v.paymentReminder.phrase : v.phrases[id];
      if (typeof text !== 'string') names.forEach((name) => used.add(name));
      return render(text, names, v, vars);
    });
    const leftover = context.integrations.filter((name) => !used.has(name));
    const connections =
      context.integrations.length === 0
        ? v.summary.connectsGeneric
        : leftover.length > 0
          ? fill(v.summary.alsoConnects, { list: leftoverList(leftover, v) })
          : '';
    const opening = `${intro} ${joinList(phrases, v.and)}.`.replace(/\.\.$/, '.');
    const summary = [opening, languageSentence, connections].filter(Boolean).join(' ');
    if (summary.length <= MAX_SUMMARY || count <= 1) return summary.slice(0, MAX_SUMMARY);
  }
}

function buildTools(context: Context, v: Vocabulary): DraftTool[] {
  const vars = baseVars(context, v);
  const tools: DraftTool[] = [];
  const add = (name: ToolName, categories: readonly IntegrationCategory[] = []) => {
    if (tools.some((tool) => tool.name === name)) return;
    tools.push({ name, description: render(v.tools[name], integrationsIn(context, categories), v, vars) });
  };
  for (const id of context.narrative) {
    switch (id) {
      case 'inboundReception':
        add('transfer_call');
        add('take_message', ['team']);
        break;
      case 'customerService':
        add('search_knowledge_base');
        if (context.orders) add('lookup_order', ['commerce']);
        add('create_support_ticket');
        break;
      case 'coldCalling':
        add('log_call_outcome', ['crm']);
        add('schedule_callback');
        break;
      case 'leadQualification':
        add('create_crm_lead', ['crm']);
        break;
      case 'appointments':
        add('check_availability', ['calendar']);
        add('book_appointment', ['calendar']);
        add('reschedule_appointment');
        break;
      case 'reminders':
        if (context.paymentReminders) add('log_call_outcome', ['crm']);
        else add('confirm_appointment');
        break;
      case 'outboundNotifications':
        if (context.orders) add('lookup_order', ['commerce']);
        else add('log_call_outcome', ['crm']);
        break;
      case 'customWorkflows':
        add('trigger_workflow', ['automation']);
        break;
      case 'dashboard':
        add('log_call_summary');
        break;
    }
  }
  if (context.integrations.includes('WhatsApp')) add('send_whatsapp');
  if (context.integrations.includes('SMS')) add('send_sms');
  if (context.integrations.includes('Gmail')) add('send_email', ['email']);
  if (context.integrations.includes('Stripe')) add('create_payment_link', ['payments']);
  add('transfer_call');
  return tools;
}

// ---- System prompt (always English) --------------------------------------------------------------------

function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

function buildSystemPrompt(context: Context, greeting: string): string {
  const v = VOCABULARY.en;
  const persona = GREETINGS[context.callLanguages[0]].persona;
  const type = context.type ? v.businessTypes[context.type.id] : null;
  const role = context.generic ? 'voice agent' : roleOf(context, v);
  const employer = context.businessName
    ? `${context.businessName}${type ? `, ${withArticle(type)}` : ''}`
    : type
      ? withArticle(type)
      : 'the business you represent';
  const outbound = !context.generic && isOutbound(context.narrative[0]);
  const [first, ...others] = context.callLanguages.map((code) => v.languages[code]);
  const goals = buildGoals(context, v);
  const tools = context.generic ? [] : buildTools(context, v);

  const sections = [
    `You are ${persona}, an AI voice agent built by Belwise. You work as the ${role} of ${employer}.`,
    outbound
      ? 'You place outbound phone calls. Say who you are and why you are calling in your first sentences, check that it is a good moment, and accept a "no" politely; if asked, promise that the number will not be called again.'
      : `You answer incoming phone calls${context.alwaysOn ? ' around the clock, including evenings, weekends and holidays' : ''}.`,
    ['Your goals:', ...goals.map((goal) => `- ${goal}`)].join('\n'),
    others.length > 0
      ? `Languages: start in ${first}. You also speak ${joinList(others, 'and')}; switch as soon as the caller prefers one of them. Do not use any other language.`
      : `Languages: speak ${first}. If the caller does not understand ${first}, offer to have a colleague call back.`,
    `Open the call with: "${greeting}"`,
    tools.length > 0 ? ['Tools you can use:', ...tools.map((tool) => `- ${tool.name}: ${tool.description}`)].join('\n') : '',
    'Tone: warm, professional and to the point. This is a phone call: keep sentences short, ask one question at a time, repeat names, dates, times and numbers back to confirm them, and never read out lists, links or formatting.',
    `Hand over to a human${tools.length > 0 ? ' with transfer_call' : ''} when the caller asks for a person, is upset or wants to complain, when something is urgent, or when a request falls outside your goals. If nobody is available, take a message with name, phone number and question. In an emergency, tell the caller to hang up and dial 112.`,
    'Never invent facts. Prices, availability, opening hours, policies and order details come only from your tools or these instructions; if you do not know, say so and offer to have a colleague follow up. Only confirm a booking, change or cancellation after the tool has confirmed it. Ask only for the personal details the task needs.',
  ];
  return sections.filter(Boolean).join('\n\n');
}
