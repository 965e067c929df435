import type { Dictionary } from '../types';

// Page titles and descriptions. The prerender writes them into <head>; the browser loads them only
// on the first client-side navigation. Dutch, business tone (u/uw).
const meta = {
  meta: {
    landing: {
      title: 'AI-spraakagenten op maat voor uw bedrijf',
      description:
        'Belwise bouwt AI-spraakagenten op maat die dag en nacht opnemen, bellen en afspraken inplannen voor uw bedrijf, in het Nederlands en Engels. Tot 50% lagere belkosten.',
    },
    features: {
      title: 'Functies',
      description:
        'Koude acquisitie, afspraken plannen, klantenservice, herinneringen en meer: ontdek wat een spraakagent van Belwise doet en met welke 5.000+ tools hij samenwerkt.',
    },
    pricing: {
      title: 'Prijzen',
      description:
        'Eenmalige opstartkosten, een maandelijkse onderhoudsvergoeding en gebruik vanaf € 0,10 per minuut, excl. btw. Bekijk wat erbij zit en vraag een offerte aan.',
    },
    quote: {
      title: 'Offerte aanvragen',
      description: 'Vertel Belwise over uw gesprekken en ontvang een offerte op maat voor een AI-spraakagent.',
    },
    quoteSent: {
      title: 'Aanvraag ontvangen',
      description: 'Uw offerteaanvraag is bij Belwise binnengekomen.',
    },
    personalized: {
      title: 'Probeer een persoonlijke agent',
      description: 'Beschrijf uw bedrijf en bekijk welke AI-spraakagent Belwise voor u zou bouwen.',
    },
    auth: {
      title: 'Inloggen',
      description: 'Log in op uw Belwise-account of maak er een aan om uw spraakagenten en bestellingen te volgen.',
    },
    dashboard: {
      title: 'Dashboard',
      description: 'Uw spraakagenten en aankoopgeschiedenis bij Belwise.',
    },
    contact: {
      title: 'Contact',
      description: 'Zo bereikt u Belwise: het offerteformulier, de spraakassistent en onze bedrijfsgegevens.',
    },
    subprocessors: {
      title: 'Subverwerkers',
      description:
        'De bedrijven die voor Belwise persoonsgegevens verwerken: wat elk doet, waar, en de waarborg bij doorgifte buiten de EU.',
    },
    privacy: {
      title: 'Privacyverklaring',
      description: 'Welke gegevens de website van Belwise over u verwerkt, waarom en hoe lang, en uw rechten onder de AVG.',
    },
    help: {
      title: 'Helpcentrum',
      description:
        'Antwoorden over spraakagenten van Belwise: talen, stemmen, doorverbinden, uw eigen nummer, doorlooptijd, gegevens en prijzen.',
    },
    console: {
      title: 'Console',
      description: 'De console van het bureau: offerte-inbox, bestellingen, agentcatalogus en kopers.',
    },
    notFound: {
      title: 'Pagina niet gevonden',
      description: 'Deze pagina bestaat niet.',
    },
  },
} satisfies Pick<Dictionary, 'meta'>;

export default meta;
