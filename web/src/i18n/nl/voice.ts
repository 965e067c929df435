import type { Dictionary } from '../types';

// The floating voice-call widget and its offline demo assistant. Dutch, informal je/jouw tone.
const voice = {
  voice: {
    region: 'Spraakgesprek',
    title: 'Belwise-assistent',
    demoLabel: 'Demo-assistent — antwoorden van deze website, geen live gesprek',
    connecting: 'Verbinden...',
    speaking: 'Assistent spreekt...',
    listening: 'Luistert...',
    cancel: 'Annuleren',
    endCall: 'Gesprek beëindigen',
    transcript: 'Gesprek',
    placeholder: 'Het gesprek verschijnt hier...',
    you: 'Jij',
    assistant: 'Assistent',
    message: 'Typ een bericht',
    send: 'Versturen',
    mute: 'Microfoon dempen',
    muteVoice: 'Stem uit',
    disclosure: 'U spreekt met een AI-assistent. Het gesprek wordt verwerkt door Vapi en kan worden opgenomen.',
    privacyLink: 'Privacyverklaring',
    micLevel: 'Microfoonniveau',
    micOff: 'Geen microfoon in gebruik: typ je vragen hieronder.',
    suggestions: 'Suggesties',
    dismiss: 'Sluiten',
    errors: {
      microphone: 'We konden je microfoon niet gebruiken. Geef je browser toegang tot de microfoon en probeer het opnieuw.',
      network: 'We konden geen verbinding maken met de assistent. Controleer je internetverbinding en probeer het opnieuw.',
      platform: 'De spraakdienst liep tegen een probleem aan. Probeer het zo nog eens.',
      timeout: 'Het gesprek kwam niet binnen 15 seconden tot stand. Probeer het opnieuw.',
    },
    chips: {
      features: 'Wat kunnen jullie agenten?',
      pricing: 'Wat kost het?',
      integrations: 'Werkt het met HubSpot?',
      languages: 'Welke talen spreekt hij?',
      quote: 'Hoe vraag ik een offerte aan?',
      goals: 'Wat zou je voor ons doen?',
      tools: 'Met welke tools zou je koppelen?',
    },
    pages: {
      landing: 'Home',
      features: 'Functies',
      pricing: 'Prijzen',
      quote: 'Offerte aanvragen',
      personalized: 'Agent op maat',
      contact: 'Contact',
      privacy: 'Privacyverklaring',
      help: 'Helpcentrum',
    },
    readMore: 'Lees meer: {page}',
    and: 'en',
    languageNames: {
      en: 'Engels',
      nl: 'Nederlands',
      de: 'Duits',
      fr: 'Frans',
      es: 'Spaans',
    },
    demo: {
      greeting: 'Hoi, ik ben de demo-assistent van Belwise. Vraag me wat onze spraakagenten doen, wat ze kosten of hoe je een offerte aanvraagt.',
      hearYou: 'Ik hoor je, maar deze demo kan geen spraak verstaan — typ je vraag hieronder.',
      fallback:
        'Ik kan je vertellen wat onze agenten doen, met welke tools ze koppelen, wat ze kosten, welke talen ze spreken en hoe je een offerte aanvraagt. Probeer een van de suggesties hieronder.',
      capabilities: 'Een Belwise-agent kan {count} soorten werk overnemen: {list}. Jij kiest wat je nodig hebt en wij bouwen de agent eromheen.',
      capability: '{title}: {text}',
      integrations: '{intro} {groups}.',
      integration: 'Ja, {name} is een van de tools die we het vaakst koppelen ({category}). {intro}',
      pricing:
        '{setup} ({setupCadence}, {setupAmount}): {setupText} {maintenance} ({maintenanceCadence}, {maintenanceAmount}): {maintenanceText} {usage}: {usageAmount} {usageNote}. Waar de prijs van afhangt: {varies}.',
      quote: '{cta} Het offerteformulier vraagt alleen je naam, e-mailadres en een korte beschrijving van je gesprekken.',
      languages: 'Een Belwise-agent {benefit}',
      savings: '{costs} {always}',
      personalized:
        'Beschrijf je bedrijf in een paar woorden op de pagina voor een agent op maat, dan schetsen wij de agent die we voor je zouden bouwen.',
      contact:
        'Ons team spreekt u graag. Op de contactpagina vindt u onze gegevens en het offerteformulier; wij antwoorden binnen één werkdag per e-mail.',
      privacy:
        'Deze demo draait in uw browser: niets van wat u typt verlaat uw apparaat. In de privacyverklaring leest u wat deze site bewaart, hoe lang, en welke rechten u hebt onder de AVG.',
      hello: 'Hallo! Vraag me alles over onze spraakagenten, of kies een suggestie hieronder.',
    },
    draft: {
      goals: 'Dit zou ik voor je doen. {goals}',
      tools: 'Ik zou koppelen met {list}. {intro}',
      noTools: 'Er zijn nog geen tools genoemd. {intro}',
      languages: 'Ik zou in gesprekken {list} spreken.',
      summary: '{summary}',
      fallback:
        'Vraag me wat ik voor je zou doen, met welke tools ik zou koppelen of welke talen ik spreek. Ik kan je ook vertellen over prijzen en offertes.',
    },
  },
} satisfies Pick<Dictionary, 'voice'>;

export default voice;
