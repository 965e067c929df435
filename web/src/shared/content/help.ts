// The help center's questions, in their order on /help. Their texts are the `help.items.<id>` strings
// of the `info` dictionaries; the demo voice assistant answers from the same strings
// (features/voice/demoKnowledge.ts), matching a question to an entry with these words (English and Dutch).
export const HELP_WORDS = {
  languages: [] as readonly string[], // the assistant's own `languages` topic answers these
  voices: ['voices?(?![a-z])', 'stem(?:men)?(?![a-z])', 'sound like', 'klinkt'],
  latency: ['latenc', 'how (?:fast|quick)', 'hoe snel', 'delay', 'vertraging', 'respon[sd]', 'reactietijd'],
  handover: ['hand(?:s|ing)? (?:it |a call |calls |the call )?over', 'transfer', 'doorverbind', 'doorschakel', 'overdrag', 'escalat'],
  ownNumber: [
    '(?:own|existing|current) (?:phone )?number',
    'eigen (?:telefoon)?nummer',
    'phone number',
    'telefoonnummer',
    'nummer (?:houden|behouden)',
    'port',
  ],
  launch: ['how long', 'hoe lang', 'launch', 'live', 'lancering', 'doorlooptijd', 'weeks?(?![a-z])', 'weken', 'when can', 'wanneer'],
  integrations: [] as readonly string[], // the `integrations` topic answers these
  price: ['price made', 'prijs (?:bestaat|opgebouwd)', 'waaruit bestaat'],
  contract: ['contract', 'terms', 'voorwaarden', 'opzeg', 'cancel', 'notice', 'looptijd', 'commitment'],
  data: ['data(?![a-z])', 'gegevens', 'stored', 'opgeslagen', 'opslag', 'server', 'hosted'],
  changes: ['change (?:it|the agent)', 'aanpass', 'after launch', 'na de lancering', 'update'],
  tryFirst: ['try (?:it )?(?:first|before)', 'eerst (?:proberen|uitproberen)', 'demo', 'trial', 'proefperiode'],
} as const;

export type HelpId = keyof typeof HELP_WORDS;
export const HELP_IDS = Object.keys(HELP_WORDS) as HelpId[];
