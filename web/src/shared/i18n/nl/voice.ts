import type { Dictionary } from '../types';

// The floating voice-call widget and its offline demo assistant. Dutch, business tone (u/uw).
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
    you: 'U',
    assistant: 'Assistent',
    message: 'Typ een bericht',
    send: 'Versturen',
    mute: 'Microfoon dempen',
    muteVoice: 'Stem uit',
    disclosure: 'U spreekt met een AI-assistent. Het gesprek wordt verwerkt door Vapi en kan worden opgenomen.',
    privacyLink: 'Privacyverklaring',
    micLevel: 'Microfoonniveau',
    micOff: 'Geen microfoon in gebruik: typ uw vragen hieronder.',
    suggestions: 'Suggesties',
    dismiss: 'Sluiten',
    errors: {
      microphone: 'We konden uw microfoon niet gebruiken. Geef uw browser toegang tot de microfoon en probeer het opnieuw.',
      network: 'We konden geen verbinding maken met de assistent. Controleer uw internetverbinding en probeer het opnieuw.',
      platform: 'De spraakdienst liep tegen een probleem aan. Probeer het zo nog eens.',
      timeout: 'Het gesprek kwam niet binnen 15 seconden tot stand. Probeer het opnieuw.',
    },
    chips: {
      features: 'Wat kunnen jullie agenten?',
      pricing: 'Wat kost het?',
      integrations: 'Werkt het met HubSpot?',
      languages: 'Welke talen spreekt hij?',
      quote: 'Hoe vraag ik een offerte aan?',
      goals: 'Wat zou u voor ons doen?',
      tools: 'Met welke tools zou u koppelen?',
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
      greeting:
        'Goedendag, ik ben de demo-assistent van Belwise. Vraag me wat onze spraakagenten doen, wat ze kosten of hoe u een offerte aanvraagt.',
      hearYou: 'Ik hoor u, maar deze demo kan geen spraak verstaan. Typ uw vraag hieronder.',
      fallback:
        'Ik kan u vertellen wat onze agenten doen, met welke tools ze koppelen, wat ze kosten, welke talen ze spreken en hoe u een offerte aanvraagt. Probeer een van de suggesties hieronder.',
      capabilities:
        'Een Belwise-agent kan {count} soorten werk overnemen: {list}. U kiest wat u nodig hebt en wij bouwen de agent eromheen.',
      capability: '{title}: {text}',
      integrations: '{intro} {groups}.',
      integration: 'Ja, {name} is een van de tools die we het vaakst koppelen ({category}). {intro}',
      pricing:
        '{setup} ({setupCadence}, {setupAmount}): {setupText} {maintenance} ({maintenanceCadence}, {maintenanceAmount}): {maintenanceText} {usage}: {usageAmount} {usageNote}. Waar de prijs van afhangt: {varies}.',
      quote: '{cta} Het offerteformulier vraagt alleen uw naam, e-mailadres en een korte beschrijving van uw gesprekken.',
      languages: 'Een Belwise-agent {benefit}',
      savings: '{costs} {always}',
      personalized:
        'Beschrijf uw bedrijf in een paar woorden op de pagina voor een agent op maat, dan schetsen wij de agent die we voor u zouden bouwen.',
      contact:
        'Ons team spreekt u graag. Op de contactpagina vindt u onze gegevens en het offerteformulier; wij antwoorden binnen één werkdag per e-mail.',
      privacy:
        'Deze demo draait in uw browser: niets van wat u typt verlaat uw apparaat. In de privacyverklaring leest u wat deze site bewaart, hoe lang, en welke rechten u hebt onder de AVG.',
      hello: 'Hallo! Vraag me alles over onze spraakagenten, of kies een suggestie hieronder.',
    },
    draft: {
      goals: 'Dit zou ik voor u doen. {goals}',
      tools: 'Ik zou koppelen met {list}. {intro}',
      noTools: 'Er zijn nog geen tools genoemd. {intro}',
      languages: 'Ik zou in gesprekken {list} spreken.',
      summary: '{summary}',
      fallback:
        'Vraag me wat ik voor u zou doen, met welke tools ik zou koppelen of welke talen ik spreek. Ik kan u ook vertellen over prijzen en offertes.',
    },
  },
} satisfies Pick<Dictionary, 'voice'>;

export default voice;
