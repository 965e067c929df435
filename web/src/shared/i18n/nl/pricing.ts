import type { Dictionary } from '../types';

// The pricing page (/pricing). Dutch, business tone (u/uw).
// \u00AD is a soft hyphen: where a long word in a heading breaks (with a hyphen) when it does not fit. Browsers
// with a Dutch hyphenation dictionary find such points themselves (hyphens: auto); Chromium on Linux has none.
const pricing = {
  pricing: {
    title: 'Zo is uw prijs opgebouwd',
    subtitle:
      'Elke agent bouwen we op maat, dus de opstart- en maandkosten berekenen we voor uw agent na een eerste gesprek. Wat u vooraf kunt nagaan: wat elk bedrag dekt, waar de prijs van afhangt en een gebruikstarief vanaf € 0,10 per minuut (excl. btw), alleen voor de minuten dat uw agent echt aan de telefoon zit.',
    includedLabel: 'Inbegrepen',
    coveredLabel: 'Wat we doen',
    variesLabel: 'Waar de prijs van afhangt',
    setup: {
      name: 'Opstart\u00ADkosten',
      cadence: 'Eenmalig',
      amount: 'Offerte op maat',
      description:
        'Betaalt u één keer. Dit dekt het ontwerpen, bouwen, testen en lanceren van een agent die past bij uw gesprekken en systemen.',
      items: {
        discovery: 'Kennismakingssessie en ontwerp van het gespreksverloop',
        voice: 'Een stem en persoonlijkheid die bij uw merk passen',
        integrations: 'Koppeling met uw agenda, CRM en andere tools',
        testing: 'Testen met echte gespreksscenario’s',
        launch: 'Hulp bij de lancering en overdracht aan uw team',
      },
    },
    maintenance: {
      name: 'Onderhouds\u00ADkosten',
      cadence: 'Maandelijks',
      amount: 'Offerte op maat',
      description:
        'Betaalt u maandelijks. Dit dekt hosting, monitoring, updates en onderhoud, zodat uw agent blijft draaien en beter wordt als uw bedrijf verandert.',
      items: {
        hosting: 'Hosting en monitoring, dag en nacht',
        updates: 'Updates van scripts en kennis',
        integrations: 'Onderhoud van alle koppelingen',
        reports: 'Een maandelijkse prestatie-evaluatie',
      },
    },
    usage: {
      name: 'Gebruik',
      cadence: 'Per minuut',
      amount: 'Vanaf € 0,10',
      note: 'per gespreksminuut, excl. btw',
      description: 'U betaalt alleen voor de minuten dat uw agent echt in gesprek is.',
      items: {
        volume: 'Aantal gesprekken',
        complexity: 'Complexiteit van de gesprekken',
        workflow: 'Soort workflow',
      },
    },
    vatNote: 'Alle prijzen zijn exclusief btw.',
    ctaTitle: 'Benieuwd wat uw agent zou kosten?',
    ctaText: 'Vertel ons over uw gesprekken, dan stellen we een offerte op die bij u past.',
    cta: 'Vraag een offerte aan',
  },
} satisfies Pick<Dictionary, 'pricing'>;

export default pricing;
