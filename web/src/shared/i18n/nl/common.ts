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
    callCard: {
      region: 'Spraakgesprek',
      title: 'Belwise-assistent',
      connecting: 'Verbinden...',
    },
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
  alerts: {
    title: 'Meldingen over gesprekken',
    intro: 'We mailen u over de gesprekken van uw agenten. Kies per agent over welke gesprekken u bericht krijgt.',
    label: 'Mail mij over',
    labelFor: 'Mail mij over gesprekken van {agent}',
    modes: {
      all: 'Elk gesprek',
      followup: 'Alleen als opvolging nodig is',
      none: 'Geen gesprekken',
    },
    hint: 'Een gesprek heeft opvolging nodig als het gemist of mislukt is, of als de agent iets noteerde om op te pakken, zoals een verzoek om terug te bellen.',
    defaultNote: 'Standaard voor deze agent: {mode}',
    saved: 'Opgeslagen: {mode}.',
    savedFor: '{agent}: {mode}.',
    error: 'We konden uw keuze niet opslaan.',
    loadError: 'We konden uw instellingen voor meldingen niet laden.',
    loading: 'Instellingen voor meldingen laden...',
    order: 'Bestelling #{number}',
    staffTitle: 'Meldingen over gesprekken',
    staffIntro: 'Over welke gesprekken de klant een e-mail krijgt zolang hij zelf niets heeft gekozen.',
    staffLabel: 'Standaard voor deze bestelling',
    staffBuyerChoice: 'De klant koos: {mode}',
    staffNoChoice: 'De klant heeft niet gekozen: de standaard geldt.',
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
      subprocessors: 'Subverwerkers',
    },
    copyright: '© {year} Belwise. Alle rechten voorbehouden.',
  },
} satisfies Pick<Dictionary, 'header' | 'footer' | 'alerts'>;

export default common;
