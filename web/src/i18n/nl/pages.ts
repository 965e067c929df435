import type { Dictionary } from '../types';

// Smaller screens: quote, personalized and not-found. Dutch, informal je/jouw tone.
const pages = {
  quote: {
    title: 'Offerte aanvragen',
    intro: 'Vertel ons over je bedrijf en de gesprekken die je agent moet voeren. Je hoort snel van ons, met een offerte op maat.',
    requiredNote: 'Velden met een * zijn verplicht.',
    notifications: 'Meldingen',
    fields: {
      fullName: 'Volledige naam',
      email: 'E-mailadres',
      companyName: 'Bedrijfsnaam',
      businessType: 'Soort bedrijf',
      phone: 'Telefoonnummer',
      language: 'Voorkeurstaal',
      languageHint: 'De taal die je agent aan de telefoon spreekt.',
      description: 'Omschrijving',
      descriptionHint: 'Welke gesprekken moet je agent voeren, en met welke tools moet hij koppelen?',
      count: '{count} / {max}',
      countLong: '{count} van {max} tekens gebruikt',
      website: 'Website (laat leeg)',
    },
    languages: {
      english: 'Engels',
      dutch: 'Nederlands',
    },
    submit: 'Offerte aanvragen',
    busy: 'Versturen...',
    required: {
      title: 'Verplichte velden ontbreken',
      text: 'Volledige naam, e-mailadres en omschrijving zijn verplicht.',
    },
    validation: {
      fullNameRequired: 'Vul je volledige naam in.',
      emailRequired: 'Vul je e-mailadres in.',
      emailInvalid: 'Vul een geldig e-mailadres in, zoals naam@voorbeeld.nl.',
      descriptionRequired: 'Beschrijf wat je agent moet doen.',
      tooLong: 'Dit is te lang: gebruik maximaal {max} tekens.',
      languageInvalid: 'Kies Engels of Nederlands.',
    },
    error: {
      title: 'Versturen mislukt',
      text: 'Probeer het opnieuw of mail ons direct op {email}',
      rateLimited: 'Te veel aanvragen. Probeer het over {minutes} minuten opnieuw of mail ons direct op {email}',
      rateLimitedMinute: 'Te veel aanvragen. Probeer het over een minuut opnieuw of mail ons direct op {email}',
    },
    sent: {
      title: 'Bedankt voor je aanvraag!',
      text: 'We hebben je aanvraag ontvangen en een bevestiging gestuurd naar {email}. Je hoort snel van ons, met een offerte op maat.',
      home: 'Terug naar de homepage',
    },
  },
  personalized: {
    title: 'Probeer je persoonlijke spraakagent',
    intro:
      'Beschrijf je bedrijf en wat je agent moet doen. Wij schetsen de agent die we voor je zouden bouwen: zijn doelen, zijn talen, de tools waarmee hij koppelt en hoe hij een gesprek opent.',
    promptLabel: 'Beschrijf je bedrijf en wat je agent moet doen',
    promptPlaceholder:
      'Bijvoorbeeld: We zijn een tandartspraktijk in Utrecht. Patiënten moeten dag en nacht afspraken kunnen maken en verzetten in Google Agenda, met een herinnering via WhatsApp de dag ervoor.',
    generate: 'Maak mijn agent',
    generating: 'Je agent wordt gemaakt...',
    generatingStatus: 'We maken je agent. Een ogenblik geduld.',
    ready: {
      title: 'Je agent is klaar',
      goals: 'Wat hij doet',
      greeting: 'Zo opent hij een gesprek',
      languages: 'Gesprekstalen',
      integrations: 'Koppelt met',
      note: 'Een eerste schets, alleen op basis van je beschrijving. De echte agent ontwerpen we samen met jou.',
      test: 'Agent testen',
      testHint: 'Start een testgesprek met deze agent in de assistent rechtsonder: typ of praat ertegen.',
      quote: 'Vraag een volledige offerte aan',
    },
    languages: {
      en: 'Engels',
      nl: 'Nederlands',
      de: 'Duits',
      fr: 'Frans',
      es: 'Spaans',
    },
  },
  notFound: {
    code: '404',
    title: 'Oeps! Pagina niet gevonden',
    text: 'De pagina die je zoekt bestaat niet of is verplaatst.',
    home: 'Terug naar de homepage',
  },
} satisfies Pick<Dictionary, 'quote' | 'personalized' | 'notFound'>;

export default pages;
