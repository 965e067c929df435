// Recognising the kind of business and, conservatively, its name.
import type { CapabilityId } from '../../shared/agentDraft';
import { wordRegex } from '../../shared/text';
import { ANY_INTEGRATION } from './integrations';
import { ANY_LANGUAGE } from './languages';

export type BusinessTypeId =
  | 'dentist'
  | 'clinic'
  | 'physio'
  | 'hairSalon'
  | 'beautySalon'
  | 'garage'
  | 'realEstate'
  | 'restaurant'
  | 'hotel'
  | 'webshop'
  | 'bakery'
  | 'lawFirm'
  | 'accountant'
  | 'insurance'
  | 'solar'
  | 'plumber'
  | 'gym'
  | 'vet'
  | 'recruitment'
  | 'saas'
  | 'energy'
  | 'installer'
  | 'school'
  | 'propertyManagement'
  | 'carDealer';

/** Who the agent talks to; the vocabulary has a plural noun for each ("patients" / "patiënten"). */
export type Audience = 'customers' | 'patients' | 'clients' | 'guests' | 'members' | 'candidates' | 'tenants' | 'students';

/** What gets booked: appointments, or reservations for restaurants and hotels. */
export type BookingKind = 'appointment' | 'reservation';

export interface BusinessTypeDef {
  id: BusinessTypeId;
  patterns: readonly string[];
  audience: Audience;
  booking: BookingKind;
  /** Suggested when the prompt names the business but no capability. */
  defaults: readonly CapabilityId[];
}

const def = (
  id: BusinessTypeId,
  patterns: readonly string[],
  defaults: readonly CapabilityId[],
  audience: Audience = 'customers',
  booking: BookingKind = 'appointment',
): BusinessTypeDef => ({ id, patterns, audience, booking, defaults });

const CARE: readonly CapabilityId[] = ['appointments', 'reminders', 'inboundReception'];

export const BUSINESS_TYPES: readonly BusinessTypeDef[] = [
  def('dentist', ['tandarts[a-z]*', 'dentist[a-z]*', 'dental', 'mondhygien[a-z]*', 'orthodont[a-z]*'], CARE, 'patients'),
  def(
    'clinic',
    ['kliniek(?:en)?', 'clinics?', 'huisarts[a-z]*', 'medical (?:practice|centre|center)', '(?:medisch|gezondheids)~centrum'],
    CARE,
    'patients',
  ),
  def('physio', ['fysio[a-z]*', 'physio[a-z]*'], CARE, 'patients'),
  def(
    'hairSalon',
    ['kapper[a-z]*', 'kapsalon[a-z]*', 'hair~salons?', 'hairdresser[a-z]*', 'barber[a-z]*', 'barbier[a-z]*'],
    ['appointments', 'reminders'],
  ),
  def('beautySalon', ['schoonheidssalon[a-z]*', 'beauty~salons?', 'nagelstudio[a-z]*', 'nail~salons?'], ['appointments', 'reminders']),
  def('garage', ['(?:auto)?garage[a-z]*', 'autobedrijf', '(?:car|auto) repair[a-z]*', 'apk[a-z]*'], CARE),
  def(
    'realEstate',
    ['makelaar[a-z]*', 'real estate', 'estate agen(?:t|ts|cy)', 'realtors?'],
    ['inboundReception', 'appointments', 'leadQualification'],
  ),
  def(
    'restaurant',
    ['restaurant[a-z]*', 'eetcafe', 'bistro', 'brasserie', 'pizzeria', 'cafes?'],
    ['inboundReception', 'appointments'],
    'guests',
    'reservation',
  ),
  def(
    'hotel',
    ['hotel[a-z]*', 'hostels?', 'b~&~b', 'bed (?:and|&|en) breakfast', 'vakantiepark[a-z]*'],
    ['inboundReception', 'appointments', 'customerService'],
    'guests',
    'reservation',
  ),
  def(
    'webshop',
    ['web~shop[a-z]*', 'webwinkel[a-z]*', 'e~commerce', 'online (?:shop|store|winkel)s?'],
    ['customerService', 'outboundNotifications'],
  ),
  def('bakery', ['bakkerij[a-z]*', 'bakery', 'bakeries', 'banketbakker[a-z]*', 'patisserie'], ['inboundReception', 'customerService']),
  def(
    'lawFirm',
    ['advoca[a-z]*', 'law~firms?', 'lawyers?', 'attorneys?', 'notaris[a-z]*', 'legal (?:practice|firm)'],
    ['inboundReception', 'leadQualification', 'appointments'],
    'clients',
  ),
  def(
    'accountant',
    ['accountant[a-z]*', 'boekhouder[a-z]*', 'boekhoudkantoor', 'bookkeepers?', 'administratiekantoor[a-z]*', 'accounting (?:firm|office)'],
    ['inboundReception', 'appointments'],
    'clients',
  ),
  def(
    'insurance',
    ['verzekeraar[a-z]*', 'verzekeringskantoor', 'assurantie[a-z]*', 'insurance', 'insurers?'],
    ['customerService', 'leadQualification'],
  ),
  def('solar', ['zonnepane[a-z]*', 'solar[a-z]*', 'pv~install[a-z]*'], ['coldCalling', 'leadQualification', 'appointments']),
  def('plumber', ['loodgieter[a-z]*', 'plumb[a-z]*'], ['inboundReception', 'appointments']),
  def(
    'gym',
    ['sportschool[a-z]*', 'gyms?', 'fitness[a-z]*', 'yoga~studio'],
    ['customerService', 'appointments', 'leadQualification'],
    'members',
  ),
  def('vet', ['dierenarts[a-z]*', 'dierenkliniek[a-z]*', 'veterinar[a-z]*', 'vet (?:clinic|practice)s?'], CARE),
  def(
    'recruitment',
    ['uitzendbureau[a-z]*', 'recruit[a-z]*', 'werving', 'detacher[a-z]*', 'staffing agenc[a-z]*', 'headhunt[a-z]*'],
    ['leadQualification', 'appointments'],
    'candidates',
  ),
  def('saas', ['saas', 'software (?:company|bedrijf)', 'softwarebedrijf'], ['leadQualification', 'customerService', 'appointments']),
  def(
    'energy',
    ['energieleverancier[a-z]*', 'energiebedrijf', 'energiemaatschappij', 'energy (?:supplier|provider|company)'],
    ['customerService', 'outboundNotifications'],
  ),
  def(
    'installer',
    ['installateur[a-z]*', 'installatiebedrijf[a-z]*', 'installers?', 'hvac', 'warmtepomp[a-z]*', 'heat pumps?'],
    ['inboundReception', 'appointments', 'reminders'],
  ),
  def(
    'school',
    [
      'schools?',
      'scholen',
      'opleiding[a-z]*',
      'training (?:centre|center|institute|provider)',
      'academy',
      'academie',
      'rijschool',
      'taalschool',
      'hogeschool',
    ],
    ['inboundReception', 'customerService'],
    'students',
  ),
  def(
    'propertyManagement',
    ['vastgoedbeheer[a-z]*', 'property manag[a-z]*', 'woningcorporatie[a-z]*', 'verhuurders?', 'landlords?'],
    ['customerService', 'inboundReception', 'outboundNotifications'],
    'tenants',
  ),
  def(
    'carDealer',
    ['autodealer[a-z]*', 'car~deal(?:er|ers|ership|erships)', 'dealerships?', 'autohandel[a-z]*'],
    ['leadQualification', 'appointments', 'inboundReception'],
  ),
];

const TYPE_REGEXES = BUSINESS_TYPES.map((type) => ({ type, re: wordRegex(type.patterns) }));

/** The business type mentioned first in the text (people introduce themselves first); ties go to list order. */
export function detectBusinessType(folded: string): BusinessTypeDef | null {
  let best: BusinessTypeDef | null = null;
  let bestAt = Infinity;
  for (const { type, re } of TYPE_REGEXES) {
    const at = folded.search(re);
    if (at >= 0 && at < bestAt) {
      best = type;
      bestAt = at;
    }
  }
  return best;
}

// ---- Business name -------------------------------------------------------------------------------------

/** Phrases after which a name may follow. "for"/"voor" are weak: the name must look like a company. */
const STRONG_TRIGGERS = String.raw`[Ww]e are|[Ww]e're|[Ww]ij zijn|[Ww]e zijn|[Cc]alled|[Nn]amed|[Gg]enaamd|[Hh]eet|[Hh]eten|[Oo]wner of|[Ee]igenaar van|[Oo]n behalf of|[Nn]amens`;
const WEAK_TRIGGERS = String.raw`[Ff]or|[Vv]oor`;
const TRIGGER = new RegExp(String.raw`(?<![A-Za-z0-9])(?:(${STRONG_TRIGGERS})|(${WEAK_TRIGGERS}))[ \t]+`, 'g');

/** A word of a name. Legal forms with dots come first so "B.V." is one word; other punctuation ends the name. */
const NAME_WORD = /B\.V\.|N\.V\.|V\.O\.F\.|Ltd\.|Inc\.|[A-Za-z0-9&][A-Za-z0-9&'-]*/y;
const GAP = /[ \t]+/y;
const PARTICLES = new Set([
  'van',
  'der',
  'den',
  'de',
  'het',
  "'t",
  'ter',
  'ten',
  'op',
  'aan',
  'la',
  'le',
  'du',
  'des',
  'von',
  'di',
  'da',
  'del',
  'y',
]);
/** Capitalised words that start a new clause rather than continue a name. */
const CLAUSE_WORDS = new Set([
  'We',
  'Wij',
  'Ik',
  'I',
  'Our',
  'Onze',
  'Ons',
  'My',
  'Mijn',
  'And',
  'En',
  'But',
  'Maar',
  'Also',
  'Ook',
  'Please',
  'Graag',
  'So',
  'Dus',
  'They',
  'Zij',
]);
/** A name never starts with these. */
const NOT_A_NAME_START = new Set([
  ...CLAUSE_WORDS,
  'It',
  'Het',
  'A',
  'An',
  'Een',
  'Your',
  'Je',
  'Jouw',
  'Uw',
  'All',
  'Alle',
  'Every',
  'Each',
  'Elke',
  'Ieder',
  'Iedere',
  'This',
  'Deze',
  'Dit',
  'That',
  'Die',
  'Dat',
  'Some',
  'Many',
  'Veel',
  'Me',
  'Us',
  'Them',
  'Hen',
  'Hun',
  'Zijn',
  'You',
  'Jij',
  'Customers',
  'Klanten',
]);
const LEGAL_FORM = /^(?:B\.?V\.?|N\.?V\.?|V\.?O\.?F\.?|BVBA|Ltd\.?|Inc\.?|GmbH|LLC|Ltd)$/;
const CALENDAR_WORDS =
  /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|january|february|march|april|may|june|july|august|september|october|november|december|januari|februari|maart|mei|juni|juli|augustus)$/i;
const PLACES = new Set([
  'amsterdam',
  'rotterdam',
  'den haag',
  'the hague',
  'utrecht',
  'eindhoven',
  'groningen',
  'tilburg',
  'almere',
  'breda',
  'nijmegen',
  'arnhem',
  'haarlem',
  'leiden',
  'maastricht',
  'zwolle',
  'amersfoort',
  'delft',
  'brussel',
  'brussels',
  'antwerpen',
  'antwerp',
  'gent',
  'ghent',
  'nederland',
  'the netherlands',
  'netherlands',
  'belgie',
  'belgium',
  'europe',
  'europa',
]);
/** Words that make a capitalised phrase after "for"/"voor" look like a company rather than, say, "Sales Managers". */
const COMPANY_HINT =
  /praktijk|kliniek|clinic|salon|garage|bedrijf|makelaar|restaurant|hotel|cafe|bistro|studio|shop|store|winkel|kantoor|bureau|groep|group|holding|company|services|solutions|techniek|bouw|consult|agency|partners|zorg|care|dental|academ|school|bakkerij|bakery|fysio|tandarts|advoca|notari|accountan|verzeker|insurance|installat|energie|energy|solar|vastgoed|property|realty|estate|dealer|motors|cars|fitness|gym|sport|beauty|kapper|barber|dieren|logisti|transport|media|design|digital|labs|software|systems/i;

const CAPITALISED = /^[A-Z]/;
const MAX_TRIGGERS = 12;
const MAX_NAME_LENGTH = 60;

/** An optional salutation before a name that opens the prompt: "Hi, Garage Van Dijk here". */
const SALUTATION = /^\s*(?:(?:hi|hello|hey|hoi|hallo|goedendag|goedemorgen|goedemiddag)\b[\s,!.:-]*)?/i;

type NameMode = 'strong' | 'weak' | 'leading';
interface Word {
  text: string;
  start: number;
  end: number;
}

/** Capitalised words (name particles allowed in between) from `pos`, at most five, stopping at punctuation. */
function collectWords(folded: string, pos: number): Word[] {
  const words: Word[] = [];
  while (words.length < 8) {
    NAME_WORD.lastIndex = pos;
    const word = NAME_WORD.exec(folded);
    if (!word) break;
    const text = word[0];
    const isParticle = PARTICLES.has(text);
    if (words.length === 0 ? !CAPITALISED.test(text) : !isParticle && !/^[A-Z0-9&]/.test(text)) break;
    if (words.length > 0 && CLAUSE_WORDS.has(text)) break;
    words.push({ text, start: pos, end: pos + text.length });
    pos += text.length;
    GAP.lastIndex = pos;
    if (!GAP.exec(folded)) break;
    pos = GAP.lastIndex;
  }
  let kept = words.slice(0, 5);
  while (kept.length > 0 && PARTICLES.has(kept[kept.length - 1].text)) kept = kept.slice(0, -1);
  return kept;
}

function acceptName(
  nfc: string,
  folded: string,
  words: readonly Word[],
  mode: NameMode,
  isCapabilityWording: (text: string) => boolean,
): string | null {
  if (words.length === 0) return null;
  const first = words[0].text;
  if (NOT_A_NAME_START.has(first) || CALENDAR_WORDS.test(first)) return null;
  const start = words[0].start;
  const end = words[words.length - 1].end;
  const bare = folded
    .slice(start, end)
    .replace(/[ \t]+/g, ' ')
    .replace(/'s?$/, '');
  if (ANY_LANGUAGE.test(bare) || ANY_INTEGRATION.test(bare) || isCapabilityWording(bare)) return null;
  if (PLACES.has(bare.toLowerCase())) return null;
  const hasLegalForm = words.some((w) => LEGAL_FORM.test(w.text));
  if (mode === 'weak' && !hasLegalForm && !(words.length >= 2 && COMPANY_HINT.test(bare))) return null;
  if (mode === 'leading' && !(words.length >= 2 && TYPE_REGEXES.some(({ re }) => re.test(first)))) return null;
  const original = nfc
    .slice(start, end)
    .replace(/[ \t]+/g, ' ')
    .replace(/['\u2019]s?$/, '');
  return original.length <= MAX_NAME_LENGTH ? original : null;
}

/**
 * Extracts an explicit business name: after "we are", "wij zijn", "called", "genaamd", "heet", "owner of",
 * "namens" (strong), after "for"/"voor" (weak: the words must look like a company, e.g. contain "Bakkerij",
 * "Dental" or "Solutions", or a legal form such as B.V.), or opening the prompt with a business-type word
 * ("Garage Van Dijk: …"). A name is up to five capitalised words, Dutch particles ("de", "van") allowed in
 * between, and stops at punctuation. Language names, products, capabilities, places, weekdays and months
 * are never names. Returns text cut from `nfc`, so accents survive; null when unsure.
 */
export function extractBusinessName(nfc: string, folded: string, isCapabilityWording: (text: string) => boolean): string | null {
  const salutation = SALUTATION.exec(folded);
  const leading = acceptName(nfc, folded, collectWords(folded, salutation?.[0].length ?? 0), 'leading', isCapabilityWording);
  if (leading) return leading;
  let tried = 0;
  for (const trigger of folded.matchAll(TRIGGER)) {
    // Businesses introduce themselves early; looking further only costs time on long prompts.
    if (++tried > MAX_TRIGGERS) break;
    const mode: NameMode = trigger[1] !== undefined ? 'strong' : 'weak';
    const name = acceptName(nfc, folded, collectWords(folded, trigger.index + trigger[0].length), mode, isCapabilityWording);
    if (name) return name;
  }
  return null;
}
