// Every page-language string the draft is built from, per language with the same keys.
// Placeholders: {tools} integration names, {items}/{item} what gets booked, {verbs} booking verbs,
// {audience} who the agent talks to, {type} business type, {business} business name, {persona}, {role},
// {langs} call languages, {list} a list of products.
import type { CallLanguage, CapabilityId, Lang } from '../../shared/agentDraft';
import type { Audience, BookingKind, BusinessTypeId } from './business';

export type ToolName =
  | 'transfer_call'
  | 'take_message'
  | 'search_knowledge_base'
  | 'lookup_order'
  | 'create_support_ticket'
  | 'log_call_outcome'
  | 'schedule_callback'
  | 'create_crm_lead'
  | 'check_availability'
  | 'book_appointment'
  | 'reschedule_appointment'
  | 'confirm_appointment'
  | 'trigger_workflow'
  | 'log_call_summary'
  | 'send_whatsapp'
  | 'send_sms'
  | 'send_email'
  | 'create_payment_link';

/** A text with integration names ({tools}) and one without. A plain string never mentions integrations. */
export type Variant = string | { with: string; without: string };

export interface Vocabulary {
  and: string;
  generic: { name: string; summary: string };
  /** How product names read in running text; canonical names are used where missing. */
  products: Readonly<Record<string, string>>;
  /** How product names read on their own (the card's chips); canonical names are used where missing. */
  productLabels: Readonly<Record<string, string>>;
  languages: Readonly<Record<CallLanguage, string>>;
  businessTypes: Readonly<Record<BusinessTypeId, string>>;
  audience: Readonly<Record<Audience, string>>;
  booking: Readonly<Record<BookingKind, { one: string; many: string; verbs: string; role: string }>>;
  roles: Readonly<Record<CapabilityId, string>>;
  name: { named: string; typed: string };
  summary: {
    named: string;
    typed: string;
    plain: string;
    languages: string;
    languagesAlwaysOn: string;
    alsoConnects: string;
    /** Closes a long list of products: "and 3 more tools". */
    moreTools: string;
    connectsGeneric: string;
  };
  phrases: Readonly<Record<CapabilityId, Variant>>;
  goals: Readonly<Record<CapabilityId, Variant>>;
  paymentReminder: { phrase: Variant; goal: Variant };
  handoverGoal: string;
  tools: Readonly<Record<ToolName, Variant>>;
}

const en: Vocabulary = {
  and: 'and',
  generic: {
    name: 'Your Belwise voice agent',
    summary:
      'A custom voice agent tailored to your business: it answers calls, books appointments and qualifies leads, in English and Dutch, connected to the tools you already use.',
  },
  products: { 'Custom Webhooks': 'custom webhooks' },
  productLabels: {},
  languages: { en: 'English', nl: 'Dutch', de: 'German', fr: 'French', es: 'Spanish' },
  businessTypes: {
    dentist: 'dental practice',
    clinic: 'clinic',
    physio: 'physiotherapy practice',
    hairSalon: 'hair salon',
    beautySalon: 'beauty salon',
    garage: 'car garage',
    realEstate: 'real estate agency',
    restaurant: 'restaurant',
    hotel: 'hotel',
    webshop: 'online store',
    bakery: 'bakery',
    lawFirm: 'law firm',
    accountant: 'accounting firm',
    insurance: 'insurance company',
    solar: 'solar panel company',
    plumber: 'plumbing business',
    gym: 'gym',
    vet: 'veterinary practice',
    recruitment: 'recruitment agency',
    saas: 'SaaS company',
    energy: 'energy company',
    installer: 'installation company',
    school: 'school',
    propertyManagement: 'property management company',
    carDealer: 'car dealership',
  },
  audience: {
    customers: 'customers',
    patients: 'patients',
    clients: 'clients',
    guests: 'guests',
    members: 'members',
    candidates: 'candidates',
    tenants: 'tenants',
    students: 'students',
  },
  booking: {
    appointment: { one: 'appointment', many: 'appointments', verbs: 'Book, move and cancel', role: 'appointment assistant' },
    reservation: { one: 'reservation', many: 'reservations', verbs: 'Take, change and cancel', role: 'reservations assistant' },
  },
  roles: {
    coldCalling: 'sales assistant',
    appointments: 'appointment assistant',
    customerService: 'customer service assistant',
    reminders: 'reminder assistant',
    leadQualification: 'lead qualification assistant',
    inboundReception: 'front desk',
    outboundNotifications: 'customer updates assistant',
    customWorkflows: 'workflow assistant',
    dashboard: 'voice agent',
  },
  name: {
    named: '{persona}, the {role} of {business}',
    typed: '{persona}, the {role} for your {type}',
  },
  summary: {
    named: 'Your agent for {business}',
    typed: 'The agent for your {type}',
    plain: 'Your agent',
    languages: 'It speaks {langs} with your {audience}.',
    languagesAlwaysOn: 'It is available day and night and speaks {langs} with your {audience}.',
    alsoConnects: 'It also connects to {list}.',
    moreTools: '{count} more tools',
    connectsGeneric: 'It connects to the tools you already use.',
  },
  phrases: {
    inboundReception: 'answers incoming calls',
    customerService: { with: 'handles questions about orders in {tools}', without: 'helps your {audience} with their questions' },
    coldCalling: { with: 'calls the leads in {tools}', without: 'calls new prospects' },
    leadQualification: { with: 'logs qualified leads in {tools}', without: 'qualifies leads' },
    appointments: { with: 'books {items} straight into {tools}', without: 'books {items} straight into your calendar' },
    reminders: {
      with: 'reminds your {audience} of their {items} via {tools}',
      without: 'reminds your {audience} of their {items}',
    },
    outboundNotifications: { with: 'keeps your {audience} up to date via {tools}', without: 'keeps your {audience} up to date' },
    customWorkflows: { with: 'follows your own workflow through {tools}', without: 'follows your own workflow step by step' },
    dashboard: 'logs every call in your dashboard',
  },
  goals: {
    inboundReception: 'Answer every incoming call and put callers through to the right person.',
    customerService: {
      with: 'Answer questions from your {audience} and look up orders in {tools}.',
      without: 'Answer questions from your {audience} and pass complex cases on to your team.',
    },
    coldCalling: {
      with: 'Call the leads in {tools} and open the sales conversation.',
      without: 'Call new prospects and open the sales conversation.',
    },
    leadQualification: {
      with: 'Qualify every lead with your questions and log the result in {tools}.',
      without: 'Qualify every lead with your questions and pass warm leads on to your team.',
    },
    appointments: {
      with: '{verbs} {items} straight into {tools}.',
      without: '{verbs} {items} straight into your calendar.',
    },
    reminders: {
      with: 'Remind your {audience} of their {items} via {tools} to prevent no-shows.',
      without: 'Remind your {audience} of their {items} to prevent no-shows.',
    },
    outboundNotifications: {
      with: 'Keep your {audience} informed about updates and changes via {tools}.',
      without: 'Call your {audience} with updates and changes.',
    },
    customWorkflows: {
      with: 'Follow your own process step by step, connected through {tools}.',
      without: 'Follow your own process step by step, from start to finish.',
    },
    dashboard: 'Log every call with a summary and its outcome in your dashboard.',
  },
  paymentReminder: {
    phrase: {
      with: 'reminds your {audience} of outstanding payments via {tools}',
      without: 'reminds your {audience} of outstanding payments',
    },
    goal: {
      with: 'Remind your {audience} of outstanding payments via {tools}.',
      without: 'Remind your {audience} of outstanding payments before they are overdue.',
    },
  },
  handoverGoal: 'Hand the call over to a colleague whenever a person is needed.',
  tools: {
    transfer_call: 'Put the caller through to a colleague when a person is needed.',
    take_message: {
      with: 'Take a message and pass it on to the team in {tools}.',
      without: 'Take a message and pass it on to the right colleague.',
    },
    search_knowledge_base: 'Look up answers in your FAQ and product information.',
    lookup_order: { with: 'Look up the status of an order in {tools}.', without: 'Look up the status of an order.' },
    create_support_ticket: 'Create a ticket for questions that need a colleague.',
    log_call_outcome: { with: 'Log the outcome of the call in {tools}.', without: 'Log the outcome of the call.' },
    schedule_callback: 'Schedule a callback at a time that suits the contact.',
    create_crm_lead: {
      with: 'Create or update the lead in {tools} with the answers to your qualification questions.',
      without: 'Create or update the lead in your CRM with the answers to your qualification questions.',
    },
    check_availability: { with: 'Check free slots in {tools}.', without: 'Check free slots in the calendar.' },
    book_appointment: {
      with: 'Book a new {item} in {tools} and confirm it to the caller.',
      without: 'Book a new {item} in the calendar and confirm it to the caller.',
    },
    reschedule_appointment: 'Move or cancel an existing {item}.',
    confirm_appointment: 'Mark the {item} as confirmed or cancelled based on the answer.',
    trigger_workflow: {
      with: 'Start a workflow in {tools} with the details from the call.',
      without: 'Start the next step of your own process with the details from the call.',
    },
    log_call_summary: 'Save a summary of the call and its outcome to your dashboard.',
    send_whatsapp: 'Send a WhatsApp message, such as a confirmation or a reminder.',
    send_sms: 'Send a text message, such as a confirmation or a reminder.',
    send_email: { with: 'Send a follow-up email via {tools}.', without: 'Send a follow-up email.' },
    create_payment_link: { with: 'Send a payment link via {tools}.', without: 'Send a payment link.' },
  },
};

const nl: Vocabulary = {
  and: 'en',
  generic: {
    name: 'Uw Belwise-spraakagent',
    summary:
      'Een spraakagent op maat van uw bedrijf: hij beantwoordt gesprekken, plant afspraken en kwalificeert leads, in het Nederlands en Engels, gekoppeld aan de tools die u al gebruikt.',
  },
  products: {
    'Google Calendar': 'Google Agenda',
    'Apple Calendar': 'Apple Agenda',
    'Custom Webhooks': 'eigen webhooks',
    SMS: 'sms',
  },
  productLabels: {
    'Google Calendar': 'Google Agenda',
    'Apple Calendar': 'Apple Agenda',
    'Custom Webhooks': 'Eigen webhooks',
    SMS: 'Sms',
  },
  languages: { en: 'Engels', nl: 'Nederlands', de: 'Duits', fr: 'Frans', es: 'Spaans' },
  businessTypes: {
    dentist: 'tandartspraktijk',
    clinic: 'kliniek',
    physio: 'fysiotherapiepraktijk',
    hairSalon: 'kapsalon',
    beautySalon: 'schoonheidssalon',
    garage: 'autogarage',
    realEstate: 'makelaardij',
    restaurant: 'restaurant',
    hotel: 'hotel',
    webshop: 'webshop',
    bakery: 'bakkerij',
    lawFirm: 'advocatenkantoor',
    accountant: 'accountantskantoor',
    insurance: 'verzekeringskantoor',
    solar: 'zonnepanelenbedrijf',
    plumber: 'loodgietersbedrijf',
    gym: 'sportschool',
    vet: 'dierenartspraktijk',
    recruitment: 'uitzendbureau',
    saas: 'SaaS-bedrijf',
    energy: 'energiebedrijf',
    installer: 'installatiebedrijf',
    school: 'school',
    propertyManagement: 'vastgoedbeheerkantoor',
    carDealer: 'autobedrijf',
  },
  audience: {
    customers: 'klanten',
    patients: 'patiënten',
    clients: 'cliënten',
    guests: 'gasten',
    members: 'leden',
    candidates: 'kandidaten',
    tenants: 'huurders',
    students: 'studenten',
  },
  booking: {
    appointment: { one: 'afspraak', many: 'afspraken', verbs: 'inplannen, verzetten en annuleren', role: 'afsprakenassistent' },
    reservation: { one: 'reservering', many: 'reserveringen', verbs: 'aannemen, wijzigen en annuleren', role: 'reserveringsassistent' },
  },
  roles: {
    coldCalling: 'salesassistent',
    appointments: 'afsprakenassistent',
    customerService: 'klantenservice-assistent',
    reminders: 'herinneringsassistent',
    leadQualification: 'assistent voor leadkwalificatie',
    inboundReception: 'digitale receptioniste',
    outboundNotifications: 'assistent voor klantupdates',
    customWorkflows: 'workflowassistent',
    dashboard: 'spraakagent',
  },
  name: {
    named: '{persona}, de {role} van {business}',
    typed: '{persona}, de {role} van uw {type}',
  },
  summary: {
    named: 'Uw agent voor {business}',
    typed: 'Uw agent voor uw {type}',
    plain: 'Uw agent',
    languages: 'Hij spreekt {langs} met uw {audience}.',
    languagesAlwaysOn: 'Hij is dag en nacht bereikbaar en spreekt {langs} met uw {audience}.',
    alsoConnects: 'Hij koppelt ook met {list}.',
    moreTools: '{count} andere tools',
    connectsGeneric: 'Hij koppelt met de tools die u al gebruikt.',
  },
  phrases: {
    inboundReception: 'beantwoordt inkomende gesprekken',
    customerService: { with: 'handelt vragen over bestellingen in {tools} af', without: 'helpt uw {audience} met hun vragen' },
    coldCalling: { with: 'benadert de leads uit {tools} telefonisch', without: 'benadert nieuwe prospects telefonisch' },
    leadQualification: { with: 'legt gekwalificeerde leads vast in {tools}', without: 'kwalificeert leads' },
    appointments: { with: 'plant {items} direct in {tools}', without: 'plant {items} direct in uw agenda' },
    reminders: {
      with: 'herinnert uw {audience} via {tools} aan hun {item}',
      without: 'herinnert uw {audience} aan hun {item}',
    },
    outboundNotifications: { with: 'houdt uw {audience} via {tools} op de hoogte', without: 'houdt uw {audience} op de hoogte' },
    customWorkflows: { with: 'volgt uw eigen workflow via {tools}', without: 'volgt stap voor stap uw eigen workflow' },
    dashboard: 'legt elk gesprek vast in uw dashboard',
  },
  goals: {
    inboundReception: 'Elk inkomend gesprek aannemen en bellers doorverbinden met de juiste persoon.',
    customerService: {
      with: 'Vragen van uw {audience} beantwoorden en bestellingen opzoeken in {tools}.',
      without: 'Vragen van uw {audience} beantwoorden en lastige gevallen doorzetten naar uw team.',
    },
    coldCalling: {
      with: 'De leads uit {tools} bellen en het verkoopgesprek openen.',
      without: 'Nieuwe prospects bellen en het verkoopgesprek openen.',
    },
    leadQualification: {
      with: 'Elke lead kwalificeren met uw vragen en de uitkomst vastleggen in {tools}.',
      without: 'Elke lead kwalificeren met uw vragen en warme leads doorgeven aan uw team.',
    },
    appointments: {
      with: 'Direct in {tools} {items} {verbs}.',
      without: 'Direct in uw agenda {items} {verbs}.',
    },
    reminders: {
      with: 'Uw {audience} via {tools} herinneren aan hun {item}, zodat er minder no-shows zijn.',
      without: 'Uw {audience} herinneren aan hun {item}, zodat er minder no-shows zijn.',
    },
    outboundNotifications: {
      with: 'Uw {audience} via {tools} op de hoogte houden van updates en wijzigingen.',
      without: 'Uw {audience} bellen met updates en wijzigingen.',
    },
    customWorkflows: {
      with: 'Stap voor stap uw eigen proces volgen, gekoppeld via {tools}.',
      without: 'Stap voor stap uw eigen proces volgen, van begin tot eind.',
    },
    dashboard: 'Elk gesprek met een samenvatting en de uitkomst vastleggen in uw dashboard.',
  },
  paymentReminder: {
    phrase: {
      with: 'herinnert uw {audience} via {tools} aan openstaande betalingen',
      without: 'herinnert uw {audience} aan openstaande betalingen',
    },
    goal: {
      with: 'Uw {audience} via {tools} herinneren aan openstaande betalingen.',
      without: 'Uw {audience} op tijd herinneren aan openstaande betalingen.',
    },
  },
  handoverGoal: 'Het gesprek overdragen aan een collega zodra er een mens nodig is.',
  tools: {
    transfer_call: 'De beller doorverbinden met een collega als er een mens nodig is.',
    take_message: {
      with: 'Een bericht aannemen en doorzetten naar het team in {tools}.',
      without: 'Een bericht aannemen en doorgeven aan de juiste collega.',
    },
    search_knowledge_base: 'Antwoorden opzoeken in uw veelgestelde vragen en productinformatie.',
    lookup_order: { with: 'De status van een bestelling opzoeken in {tools}.', without: 'De status van een bestelling opzoeken.' },
    create_support_ticket: 'Een ticket aanmaken voor vragen die een collega moet oppakken.',
    log_call_outcome: {
      with: 'De uitkomst van het gesprek vastleggen in {tools}.',
      without: 'De uitkomst van het gesprek vastleggen.',
    },
    schedule_callback: 'Een terugbelmoment inplannen dat de ander goed uitkomt.',
    create_crm_lead: {
      with: 'De lead aanmaken of bijwerken in {tools} met de antwoorden op uw kwalificatievragen.',
      without: 'De lead aanmaken of bijwerken in uw CRM met de antwoorden op uw kwalificatievragen.',
    },
    check_availability: { with: 'Vrije tijden opzoeken in {tools}.', without: 'Vrije tijden opzoeken in de agenda.' },
    book_appointment: {
      with: 'Een nieuwe {item} inplannen in {tools} en die aan de beller bevestigen.',
      without: 'Een nieuwe {item} inplannen in de agenda en die aan de beller bevestigen.',
    },
    reschedule_appointment: 'Een bestaande {item} verzetten of annuleren.',
    confirm_appointment: 'De {item} als bevestigd of geannuleerd markeren op basis van het antwoord.',
    trigger_workflow: {
      with: 'Een workflow starten in {tools} met de gegevens uit het gesprek.',
      without: 'De volgende stap van uw eigen proces starten met de gegevens uit het gesprek.',
    },
    log_call_summary: 'Een samenvatting en de uitkomst van het gesprek opslaan in uw dashboard.',
    send_whatsapp: 'Een WhatsApp-bericht sturen, zoals een bevestiging of herinnering.',
    send_sms: 'Een sms sturen, zoals een bevestiging of herinnering.',
    send_email: { with: 'Een opvolgmail sturen via {tools}.', without: 'Een opvolgmail sturen.' },
    create_payment_link: { with: 'Een betaallink sturen via {tools}.', without: 'Een betaallink sturen.' },
  },
};

export const VOCABULARY: Readonly<Record<Lang, Vocabulary>> = { en, nl };

/** A product's name as a label of its own in lang: "Google Agenda" on a Dutch page. */
export const productLabel = (name: string, lang: Lang): string => VOCABULARY[lang].productLabels[name] ?? name;
