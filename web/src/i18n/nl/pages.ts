import type { Dictionary } from '../types';

// Smaller screens: quote, personalized, auth, dashboard and not-found. Dutch, informal je/jouw tone.
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
  auth: {
    title: 'Inloggen of account aanmaken',
    soon: 'Accounts komen binnenkort. Heb je tot die tijd vragen? Mail naar {email}.',
  },
  dashboard: {
    title: 'Dashboard',
    loading: 'Dashboard wordt geladen...',
  },
  notFound: {
    code: '404',
    title: 'Oeps! Pagina niet gevonden',
    text: 'De pagina die je zoekt bestaat niet of is verplaatst.',
    home: 'Terug naar de homepage',
  },
} satisfies Pick<Dictionary, 'quote' | 'personalized' | 'auth' | 'dashboard' | 'notFound'>;

export default pages;
