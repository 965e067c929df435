import type { Dictionary } from '../types';

// Smaller screens: quote, personalized and not-found. Dutch, informal je/jouw tone.
const pages = {
  quote: {
    title: 'Offerte aanvragen',
    soon:
      'Ons offerteformulier is bijna klaar. Mail ons tot die tijd via {email}, dan nemen we contact met je op.',
  },
  personalized: {
    title: 'Probeer je persoonlijke spraakagent',
    soon: 'Binnenkort beschrijf je hier je bedrijf en zie je meteen welke agent wij voor je zouden bouwen.',
  },
  notFound: {
    code: '404',
    title: 'Oeps! Pagina niet gevonden',
    text: 'De pagina die je zoekt bestaat niet of is verplaatst.',
    home: 'Terug naar de homepage',
  },
} satisfies Pick<Dictionary, 'quote' | 'personalized' | 'notFound'>;

export default pages;
