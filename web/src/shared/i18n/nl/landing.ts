import type { Dictionary } from '../types';

// The landing page (/). Dutch, business tone (u/uw).
const landing = {
  landing: {
    hero: {
      eyebrow: 'AI-spraakagenten, op maat gemaakt',
      title1: 'Spraakagenten',
      title2: 'die elk gesprek aannemen',
      title3: 'en nooit naar huis gaan.',
      subtitle:
        'Wij ontwerpen, bouwen en beheren een spraakagent die past bij hoe uw bedrijf werkt. Hij neemt op, belt uit, plant afspraken in en volgt leads op, in het Nederlands en Engels.',
      tryIt: 'Probeer uw eigen spraakagent',
      features: 'Bekijk de functies',
      pricing: 'Bekijk de prijzen',
      stat1Value: '50%',
      stat1Label: 'maximale besparing op belkosten',
      stat2Value: '24/7',
      stat2Label: 'altijd bereikbaar',
      stat3Value: '5.000+',
      stat3Label: 'tools om mee te koppelen',
    },
    why: {
      label: 'Waarom Belwise',
      title: 'Waarom bedrijven de telefoon aan ons overlaten',
      benefits: {
        costs: 'Bespaar tot 50% op uw kosten voor telefoonwerk.',
        always: 'Dag en nacht bereikbaar, ook in het weekend en op feestdagen.',
        integrations: 'Koppelt met meer dan 5.000 tools via automatiseringsplatforms of een API.',
        languages: 'Spreekt Nederlands en Engels, zodat elke beller in zijn eigen taal wordt geholpen.',
        custom: 'Op maat gebouwd rond uw werkwijze, geen standaardbot.',
        booking: 'Plant afspraken in, verzet ze en bevestigt ze direct in uw agenda.',
        leads: 'Kwalificeert leads tijdens het gesprek en geeft de warme leads door aan uw team.',
        insight: 'Elk gesprek vastgelegd en samengevat in uw eigen dashboard.',
      },
    },
  },
} satisfies Pick<Dictionary, 'landing'>;

export default landing;
