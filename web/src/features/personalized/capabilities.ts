// Recognising capabilities in free text, English and Dutch alike.
import { CAPABILITY_ORDER, type CapabilityId } from '../../shared/agentDraft';
import { wordRegex } from '../../shared/text';

// Sources use the shorthand of wordRegex: ' ' = spaces/hyphens, '~' = optional spaces/hyphens.
// `(?:\w+ ){0,2}` allows a couple of words in between ("answer customer questions", "telefoon direct opnemen").
const CAPABILITY_SOURCES: Readonly<Record<CapabilityId, readonly string[]>> = {
  coldCalling: [
    String.raw`cold~call[a-z]*`,
    String.raw`koude~acquisitie[a-z]*`,
    String.raw`[a-z]*acquisitie[a-z]*`,
    String.raw`koud~bell[a-z]*`,
    String.raw`outbound~sales`,
    String.raw`sales~call[a-z]*`,
    String.raw`tele~marketing`,
    String.raw`tele~sales`,
    String.raw`verkoopgesprek[a-z]*`,
    String.raw`belcampagne[a-z]*`,
    String.raw`afbell[a-z]*`,
    String.raw`klantenwerving`,
    String.raw`(?:nieuwe )?klanten (?:werven|binnenhalen)`,
    String.raw`prospect[a-z]* (?:\w+ )?(?:bellen|benaderen|nabellen|opbellen|calling)`,
    String.raw`(?:bel|bellen|belt|call|calls|calling|benader[a-z]*) (?:\w+ ){0,2}(?:prospect[a-z]*|leadlijst[a-z]*)`,
    String.raw`(?:call|calls|calling) (?:\w+ ){0,2}leads`,
    String.raw`leads (?:\w+ )?(?:bellen|nabellen|opbellen)`,
  ],
  appointments: [
    String.raw`[a-z]*afspra(?:ak|ken)[a-z]*`,
    String.raw`appointment[a-z]*`,
    String.raw`(?:re)?book(?:s|ed|ing|ings)?`,
    String.raw`(?:in)?boek(?:en|t|te|ten|ing|ingen)`,
    String.raw`ingeboekt`,
    String.raw`inplann[a-z]*`,
    String.raw`ingepland`,
    String.raw`[a-z]*agenda[a-z]*`,
    String.raw`calendars?`,
    String.raw`kalender[a-z]*`,
    String.raw`calendly`,
    String.raw`schedul[a-z]*`,
    String.raw`reserv(?:ation|ations|ering|eringen|eren|eert)`,
    String.raw`(?:site|home|house) visits?`,
    String.raw`bezichtiging[a-z]*`,
    String.raw`viewings?`,
    String.raw`proefles[a-z]*`,
    String.raw`(?:meetings?|demo'?s?|bezoek(?:en)?|gesprek(?:ken)?) (?:\w+ )?(?:plannen|inplannen|boeken)`,
  ],
  customerService: [
    String.raw`klantenservice[a-z]*`,
    String.raw`klantendienst`,
    String.raw`klantondersteuning`,
    String.raw`customer (?:service|support|care)`,
    String.raw`support[a-z]*`,
    String.raw`helpdesk[a-z]*`,
    String.raw`service~desk`,
    String.raw`klantvra(?:ag|gen)`,
    String.raw`klantcontact`,
    String.raw`veelgestelde vragen`,
    String.raw`faq'?s?`,
    String.raw`klacht[a-z]*`,
    String.raw`storing[a-z]*`,
    String.raw`schademelding[a-z]*`,
    String.raw`complaints?`,
    String.raw`(?:answer[a-z]*|beantwoord[a-z]*|handles?|handling|afhandel[a-z]*) (?:\w+ ){0,3}(?:vragen|questions|enquiries|inquiries)`,
    String.raw`(?:vragen|questions) (?:\w+ ){0,3}(?:beantwoord[a-z]*|answer[a-z]*|afhandel[a-z]*)`,
    String.raw`(?:vragen|questions?) (?:about|over)`,
  ],
  reminders: [String.raw`[a-z]*herinner[a-z]*`, String.raw`[a-z]*reminders?`, String.raw`remind[a-z]*`, String.raw`no~shows?`],
  leadQualification: [
    String.raw`[a-z]*(?:qualif|kwalific)[a-z]*`,
    String.raw`(?:warme|hete|hot|warm) leads`,
    String.raw`lead~scor[a-z]*`,
    String.raw`leads? (?:\w+ )?(?:scoren|screenen|screening|beoordelen)`,
    String.raw`(?:screen|screens|screenen|beoordeel[a-z]*) (?:\w+ ){0,2}leads`,
    String.raw`intake[a-z]*`,
    String.raw`leads? (?:\w+ )?opvolg[a-z]*`,
    String.raw`(?:opvolg[a-z]*|follow[a-z]* up) (?:\w+ ){0,2}leads`,
  ],
  inboundReception: [
    String.raw`receptie[a-z]*`,
    String.raw`reception[a-z]*`,
    String.raw`front~desk`,
    String.raw`telefonist[a-z]*`,
    String.raw`switchboard`,
    String.raw`inbound[a-z]*`,
    String.raw`inkomend[a-z]* (?:\w+ )?(?:gesprekken|oproepen|telefoontjes|calls?|telefoonverkeer)`,
    String.raw`incoming calls?`,
    String.raw`(?:telefoon|telefoontjes|phone|phones|calls?|gesprekken|oproepen) (?:\w+ ){0,2}(?:opnemen|opneemt|opgenomen|aannemen|aanneemt|aangenomen|beantwoorden|beantwoordt|beantwoord)`,
    String.raw`(?:neemt|neem|nemen) (?:\w+ ){0,2}(?:telefoon|telefoontjes) (?:\w+ )?op`,
    String.raw`(?:answer[a-z]*|pick[a-z]* up) (?:\w+ ){0,2}(?:phones?|calls?|telephone)`,
    String.raw`doorverbind[a-z]*`,
    String.raw`doorverbonden`,
    String.raw`(?:transfer|route|forward)[a-z]* (?:\w+ ){0,2}calls?`,
    String.raw`call~routing`,
  ],
  outboundNotifications: [
    String.raw`[a-z]*notificatie[a-z]*`,
    String.raw`notif(?:y|ies|ying|ication|ications)`,
    // Plain "meldingen" (notifications); not "storingsmelding" or "schademelding", which callers report.
    String.raw`meldingen`,
    String.raw`melding (?:\w+ )?(?:sturen|versturen|krijgen|ontvangen)`,
    String.raw`(?:status|leverings|bezorg|push|sms)meldingen?`,
    String.raw`updates? (?:\w+ ){0,2}(?:sturen|versturen|verzenden|doorgeven)`,
    String.raw`(?:send|sends|sending|stuur|stuurt|sturen|versturen|push|pushes)[a-z]* (?:\w+ ){0,2}updates?`,
    String.raw`(?:delivery|shipping|order|status|bezorg|lever|leverings|verzend|tracking)~updates?`,
    String.raw`order~status(?:es)?`,
    String.raw`bestel~status`,
    String.raw`status (?:van )?(?:de |hun |een |hun |je )?(?:bestelling|order|levering|zending)[a-z]*`,
    String.raw`track~(?:and|&|en)~trace`,
    String.raw`alerts?`,
    String.raw`op de hoogte (?:houden|brengen|stellen)`,
    String.raw`keep (?:\w+ ){0,2}(?:informed|updated|up to date)`,
  ],
  customWorkflows: [
    String.raw`[a-z]*workflow[a-z]*`,
    String.raw`automat(?:e|es|ed|ing|ion|ions)`,
    String.raw`automatiser[a-z]*`,
    String.raw`zapier`,
    String.raw`n8n`,
    String.raw`make\.com`,
    String.raw`integromat`,
    String.raw`koppeling(?:en)?`,
    String.raw`webhooks?`,
    String.raw`api'?s?`,
    String.raw`(?:eigen|custom) (?:\w+ )?(?:proces|processen|process|processes|flows?|integrations?|integraties?)`,
  ],
  dashboard: [
    String.raw`dashboard[a-z]*`,
    String.raw`rapportage[a-z]*`,
    String.raw`rapport(?:en)?`,
    String.raw`report(?:s|ing)?`,
    String.raw`statistiek(?:en)?`,
    String.raw`stats`,
    String.raw`analytics`,
    String.raw`inzicht(?:en)?`,
    String.raw`insights?`,
    String.raw`kpi'?s?`,
    String.raw`transcript[a-z]*`,
    String.raw`call~logs?`,
    String.raw`overzicht (?:\w+ ){0,2}gesprekken`,
  ],
};

const CAPABILITY_REGEXES: ReadonlyArray<readonly [CapabilityId, RegExp]> = CAPABILITY_ORDER.map(
  (id) => [id, wordRegex(CAPABILITY_SOURCES[id])] as const,
);

/**
 * "Make" (the automation platform, formerly Integromat) is only recognised when capitalised and not used as
 * the verb: never "make sure", and at the start of a sentence only when it stands alone ("Make, Zapier…").
 * "Make.com" in any case is handled by the case-insensitive patterns above.
 */
const MAKE_WORD = /(?<![A-Za-z0-9])Make(?![A-Za-z0-9])/g;

export function mentionsMakePlatform(folded: string): boolean {
  if (/(?<![A-Za-z0-9])(?:make\.com|integromat)(?![A-Za-z0-9])/i.test(folded)) return true;
  for (const match of folded.matchAll(MAKE_WORD)) {
    const start = match.index;
    const after = folded.slice(start + 4, start + 40);
    if (/^[\s-]+sure(?![A-Za-z])/i.test(after)) continue;
    const sentenceStart = /(?:^|[.!?]|\n)\s*$/.test(folded.slice(Math.max(0, start - 20), start));
    if (!sentenceStart) return true;
    if (/^\s*(?:$|[,;:/()]|and\b|or\b|en\b|of\b)/.test(after)) return true;
  }
  return false;
}

/** Capabilities named in the text, in canonical order. */
export function detectCapabilities(folded: string): CapabilityId[] {
  const found = new Set<CapabilityId>();
  for (const [id, re] of CAPABILITY_REGEXES) if (re.test(folded)) found.add(id);
  if (mentionsMakePlatform(folded)) found.add('customWorkflows');
  return CAPABILITY_ORDER.filter((id) => found.has(id));
}

export function sortCapabilities(ids: Iterable<CapabilityId>): CapabilityId[] {
  const set = new Set(ids);
  return CAPABILITY_ORDER.filter((id) => set.has(id));
}

/**
 * Order in which the summary, goals and tools talk about the capabilities: the calls the agent takes first,
 * then the calls it makes, then the back office. The first one also decides the agent's role in its name.
 */
export const NARRATIVE_ORDER: readonly CapabilityId[] = [
  'inboundReception',
  'customerService',
  'coldCalling',
  'leadQualification',
  'appointments',
  'reminders',
  'outboundNotifications',
  'customWorkflows',
  'dashboard',
];

export function narrativeOrder(ids: readonly CapabilityId[]): CapabilityId[] {
  return NARRATIVE_ORDER.filter((id) => ids.includes(id));
}

/** Capabilities where the agent typically places the call; used for the greeting and the system prompt. */
const OUTBOUND: ReadonlySet<CapabilityId> = new Set(['coldCalling', 'leadQualification', 'reminders', 'outboundNotifications']);

export function isOutbound(primary: CapabilityId | undefined): boolean {
  return primary !== undefined && OUTBOUND.has(primary);
}
