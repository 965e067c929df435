import type { Dictionary } from '../types';

// Header, footer and other strings every page uses. Dutch, business tone (u/uw).
const common = {
  header: {
    skipToContent: 'Direct naar de inhoud',
    homeLink: 'Belwise, naar de homepage',
    askQuote: 'Offerte aanvragen',
    signIn: 'Inloggen',
    accountMenu: 'Accountmenu',
    console: 'Console',
    dashboard: 'Dashboard',
    profile: 'Profiel',
    signOut: 'Uitloggen',
    talkToAssistant: 'Praat met de assistent',
    language: 'Taal',
    menu: 'Menu',
    navLinks: {
      features: 'Functies',
      pricing: 'Prijzen',
      personalized: 'Zelf proberen',
    },
    languages: {
      en: 'English',
      nl: 'Nederlands',
    },
  },
  footer: {
    description:
      'Belwise ontwerpt, bouwt en onderhoudt AI-spraakagenten op maat die uw telefoonwerk overnemen, in het Nederlands en Engels.',
    servicesTitle: 'Diensten',
    services: {
      customerService: 'Klantenservice',
      appointments: 'Afspraken plannen',
      coldCalling: 'Koude acquisitie',
      reminders: 'Herinneringen',
    },
    supportTitle: 'Ondersteuning',
    support: {
      contact: 'Neem contact op',
      docs: 'Documentatie',
      help: 'Helpcentrum',
      privacy: 'Privacybeleid',
    },
    copyright: '© {year} Belwise. Alle rechten voorbehouden.',
  },
} satisfies Pick<Dictionary, 'header' | 'footer'>;

export default common;
