import type { Dictionary } from '../types';

// Smaller screens: quote, personalized and not-found. Dutch, business tone (u/uw).
// \u00AD is a soft hyphen: where a long word in a heading breaks (with a hyphen) when it does not fit. Browsers
// with a Dutch hyphenation dictionary find such points themselves (hyphens: auto); Chromium on Linux has none.
const pages = {
  quote: {
    title: 'Offerte aanvragen',
    intro: 'Vertel ons over uw bedrijf en de gesprekken die uw agent moet voeren. U hoort snel van ons, met een offerte op maat.',
    requiredNote: 'Velden met een * zijn verplicht.',
    notifications: 'Meldingen',
    fields: {
      fullName: 'Volledige naam',
      email: 'E-mailadres',
      companyName: 'Bedrijfsnaam',
      businessType: 'Soort bedrijf',
      phone: 'Telefoonnummer',
      language: 'Voorkeurstaal',
      languageHint: 'De taal die uw agent aan de telefoon spreekt.',
      description: 'Omschrijving',
      descriptionHint: 'Welke gesprekken moet uw agent voeren, en met welke tools moet hij koppelen?',
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
      fullNameRequired: 'Vul uw volledige naam in.',
      emailRequired: 'Vul uw e-mailadres in.',
      emailInvalid: 'Vul een geldig e-mailadres in, zoals naam@voorbeeld.nl.',
      descriptionRequired: 'Beschrijf wat uw agent moet doen.',
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
      title: 'Bedankt voor uw aanvraag!',
      text: 'We hebben uw aanvraag ontvangen en een bevestiging gestuurd naar {email}. U hoort snel van ons, met een offerte op maat.',
      textPage:
        'We hebben uw aanvraag ontvangen en een bevestiging naar uw e-mailadres gestuurd. U hoort snel van ons, met een offerte op maat.',
      home: 'Terug naar de homepage',
    },
  },
  personalized: {
    title: 'Probeer uw persoon\u00ADlijke spraak\u00ADagent',
    intro:
      'Beschrijf uw bedrijf en wat uw agent moet doen. Wij schetsen de agent die we voor u zouden bouwen: zijn doelen, zijn talen, de tools waarmee hij koppelt en hoe hij een gesprek opent.',
    promptLabel: 'Beschrijf uw bedrijf en wat uw agent moet doen',
    promptPlaceholder:
      'bijv. een tandartspraktijk in Utrecht waar patiënten dag en nacht afspraken maken en verzetten in Google Agenda, met een herinnering via WhatsApp de dag ervoor',
    generate: 'Maak mijn agent',
    generating: 'Uw agent wordt gemaakt...',
    generatingStatus: 'We maken uw agent. Een ogenblik geduld.',
    ready: {
      title: 'Uw agent is klaar',
      goals: 'Wat hij doet',
      greeting: 'Zo opent hij een gesprek',
      languages: 'Gesprekstalen',
      integrations: 'Koppelt met',
      note: 'Een eerste schets, alleen op basis van uw beschrijving. De echte agent ontwerpen we samen met u.',
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
    text: 'De pagina die u zoekt bestaat niet of is verplaatst.',
    home: 'Terug naar de homepage',
  },
  // Contact, privacy and help (/contact, /privacy, /help). The help answers are also what the demo voice
  // assistant answers from (features/voice/demoKnowledge.ts), so they exist once.
  suggest: {
    label: 'Taalsuggestie',
    text: 'Deze website is ook in het Nederlands beschikbaar.',
    switch: 'Naar de Nederlandse versie',
    dismiss: 'Nee, bedankt',
  },
  contact: {
    title: 'Contact',
    intro: 'Vragen over een spraakagent, een offerte of uw account? Kies de weg die bij u past.',
    quoteTitle: 'Offerte aanvragen',
    quoteText: 'Vertel ons via het offerteformulier over uw gesprekken. Wij antwoorden binnen één werkdag per e-mail.',
    quoteLink: 'Naar het offerteformulier',
    assistantTitle: 'Vraag het de spraakassistent',
    assistantText: 'Onze assistent beantwoordt vragen over functies, prijzen en talen direct, in het Nederlands en Engels.',
    assistantButton: 'Praat met de assistent',
    helpText: 'Veel vragen worden beantwoord in het helpcentrum.',
    helpLink: 'Naar het helpcentrum',
    companyTitle: 'Bedrijfs\u00ADgegevens',
    company: {
      name: 'Bedrijf',
      address: 'Adres',
      phone: 'Telefoon',
      email: 'E-mail',
      kvk: 'KvK-nummer',
      vat: 'Btw-nummer',
    },
  },
  subprocessors: {
    title: 'Sub\u00ADverwerkers',
    intro:
      'Om uw spraakassistenten te laten werken, werken wij samen met de onderstaande bedrijven. Zij verwerken namens ons persoonsgegevens van uw bellers en van uw account, onder onze verwerkersovereenkomst. Dit is versie {version} van de lijst, geldig vanaf {date}.',
    name: 'Bedrijf',
    role: 'Wat het voor ons doet',
    location: 'Locatie',
    safeguard: 'Waarborg bij doorgifte',
    changes:
      'Een nieuwe of vervangende subverwerker kondigen wij ten minste 30 dagen van tevoren aan, per e-mail aan onze klanten en als nieuwe versie van de verwerkersovereenkomst, die zij dan opnieuw accepteren in hun dashboard.',
    privacyLink: 'Lees onze privacyverklaring',
  },
  privacy: {
    title: 'Privacy\u00ADverklaring',
    intro:
      'Op deze pagina leest u welke gegevens deze website over u verwerkt, waarom en hoe lang. De tekst beschrijft hoe de site werkelijk werkt.',
    sections: {
      accounts: {
        title: 'Accounts en sessies',
        text: 'Als u een account aanmaakt, bewaren wij uw naam, e-mailadres en een hash van uw wachtwoord (nooit het wachtwoord zelf), en de bestellingen bij uw account. Als u inlogt, houden wij een sessie bij in onze database, zodat u ingelogd blijft. Een sessie vervalt na 14 dagen zonder bezoek en uiterlijk 60 dagen na het inloggen, of zodra u uitlogt.',
      },
      cookies: {
        title: 'Cookies en lokale opslag',
        text: 'Deze site plaatst maar twee cookies, beide strikt noodzakelijk: "lang" onthoudt de taal die u kiest (één jaar) en de sessiecookie houdt u ingelogd (alleen nadat u inlogt). Wij gebruiken geen cookies voor statistieken, advertenties of tracking; daarom is er geen cookiebanner. Als u de suggestie om de site in het Nederlands te bekijken wegklikt, onthoudt uw browser dat in de lokale opslag; dat gegeven verlaat uw apparaat niet.',
      },
      quotes: {
        title: 'Offerte\u00ADaanvragen en e-mails',
        text: 'Als u een offerte aanvraagt, bewaren wij wat u in het formulier invult (naam, e-mailadres en eventueel bedrijf, soort bedrijf, telefoonnummer, taal en uw omschrijving) en mailen wij het naar ons team, met een bevestiging aan u. Uw IP-adres bewaren wij niet bij een aanvraag. Wij gebruiken deze gegevens alleen om uw aanvraag te beantwoorden en, als u klant wordt, om uw spraakagent te bouwen en te beheren.',
      },
      voice: {
        title: 'Spraak\u00ADgesprekken',
        text: 'De spraakassistent op deze site draait als demo in uw browser, tenzij er een live assistent is ingesteld: dan verlaat niets van wat u typt of zegt uw apparaat. Staat de live assistent aan, dan gaat uw stem naar Vapi, dat de AI-assistent uitvoert, en via Daily, dat de audioverbinding levert; het gesprek kan worden opgenomen en uitgeschreven. Dat hoort u voordat een live gesprek begint, en u kunt altijd het offerteformulier gebruiken.',
      },
      retention: {
        title: 'Hoe lang wij gegevens bewaren',
        text: 'Accounts bewaren wij tot u ons vraagt ze te verwijderen; accounts die nooit zijn bevestigd, verdwijnen een week na de aanmelding. Verlopen sessies en gebruikte of verlopen e-maillinks worden automatisch verwijderd. Offerteaanvragen bewaren wij zolang dat nodig is voor uw aanvraag en een eventuele overeenkomst daarna. Van spraakgesprekken bewaren wij de uitgeschreven tekst, samenvattingen, opnamelinks en telefoonnummers van bellers {days} dagen, of zo lang als het bedrijf heeft gekozen (zie hieronder); daarna worden ze verwijderd. De opnamen zelf worden bewaard door Vapi; de kopie van het gesprek bij Vapi wordt dan ook verwijderd. Wat een gesprek heeft gekost (wanneer het plaatsvond, hoe lang het duurde en het tarief) bewaren wij voor de facturering, ook als het gesprek zelf is verwijderd.',
      },
      callers: {
        title: 'Gesprekken met de agent van een bedrijf',
        text: 'Een bedrijf dat onze agenten gebruikt, kiest hoe lang de inhoud van zijn gesprekken wordt bewaard: 30, 90 (de standaard) of 365 dagen, of helemaal geen opnamen. Bij “geen opnamen” wordt nooit een opnamelink opgeslagen en blijven transcripten en de rest 90 dagen bewaard. Vraagt een agent een beller om toestemming voor opname en geeft de beller die niet, dan wordt geen opnamelink bewaard. Na de gekozen termijn worden transcripten, samenvattingen, gespreksgegevens, opnamelinks en het nummer van de beller gewist, bij ons en bij Vapi; alleen wat het gesprek kostte blijft, voor de facturering. Als beller kunt u het bedrijf vragen alles in te zien wat over uw nummer is bewaard, of het te wissen: het bedrijf exporteert of wist het vanuit zijn dashboard, en de kopieën bij Vapi worden ook verwijderd.',
      },
      rights: {
        title: 'Uw rechten',
        text: 'Op grond van de AVG mag u ons vragen welke persoonsgegevens wij van u hebben, en mag u ze laten corrigeren of verwijderen, het gebruik laten beperken of er bezwaar tegen maken, en ze in een overdraagbare vorm ontvangen. Stuur uw verzoek per e-mail naar {email}; wij antwoorden binnen een maand. U kunt ook een klacht indienen bij de Autoriteit Persoonsgegevens.',
      },
    },
    contactLink: 'Contactgegevens',
  },
  help: {
    title: 'Helpcentrum',
    intro:
      'Antwoorden op de vragen die bedrijven ons het vaakst stellen. Staat uw vraag er niet bij? Vraag het de spraakassistent of neem contact op.',
    contactLink: 'Neem contact op',
    items: {
      languages: {
        q: 'Welke talen spreekt de spraakagent?',
        a: 'Nederlands en Engels. Elke spraakagent kan een gesprek in beide talen voeren, zodat elke beller in de eigen taal wordt geholpen.',
      },
      voices: {
        q: 'Kunnen wij de stem kiezen?',
        a: 'Ja. Tijdens de bouw kiezen wij een stem en een persoonlijkheid die bij uw merk passen, en u hoort die in testgesprekken vóór de lancering.',
      },
      latency: {
        q: 'Hoe snel antwoordt de spraakagent?',
        a: 'Na een korte, natuurlijke pauze, ongeveer zo snel als een mens. Wij testen het gesprek met echte belscenario’s vóór de lancering.',
      },
      handover: {
        q: 'Kan de spraakagent een gesprek doorverbinden met een medewerker?',
        a: 'Ja. Vraagt een beller naar een medewerker, of valt een vraag buiten wat de spraakagent weet, dan verbindt hij door of noteert hij een bericht zodat uw team terugbelt.',
      },
      ownNumber: {
        q: 'Kunnen wij ons eigen telefoonnummer houden?',
        a: 'Ja. Uw klanten bellen gewoon het nummer dat ze kennen: gesprekken worden doorgeschakeld naar de spraakagent, bijvoorbeeld buiten kantoortijd of als de lijn bezet is.',
      },
      launch: {
        q: 'Hoe lang duurt het voordat onze spraakagent live is?',
        a: 'Meestal één tot drie weken na de kennismakingssessie, afhankelijk van het aantal systemen waarmee de spraakagent koppelt.',
      },
      integrations: {
        q: 'Werkt het met onze agenda en ons CRM?',
        a: 'Vrijwel zeker. Spraakagenten koppelen met meer dan 5.000 tools via automatiseringsplatforms of een API, waaronder Google Agenda, Outlook, HubSpot en Salesforce.',
      },
      price: {
        q: 'Waaruit bestaat de prijs?',
        a: 'Eenmalige opstartkosten voor het ontwerpen, bouwen en lanceren van uw spraakagent, maandelijkse onderhoudskosten voor hosting, bewaking, updates en een maandelijkse evaluatie, en gebruik vanaf € 0,10 per gespreksminuut, alles exclusief btw. U krijgt een offerte voor uw eigen situatie.',
      },
      contract: {
        q: 'Wat zijn de contractvoorwaarden?',
        a: 'De opstartkosten betaalt u eenmalig; onderhoud wordt per maand gefactureerd en gebruik per minuut. In uw offerte staan de voorwaarden voor uw spraakagent, zodat u ze kent voordat u beslist.',
      },
      data: {
        q: 'Waar worden onze gegevens opgeslagen?',
        a: 'Uw account, bestellingen en offerteaanvragen staan in de database van onze eigen server. Live gesprekken worden verwerkt door ons spraakplatform Vapi en lopen via Daily. In de privacyverklaring leest u wat wij bewaren en hoe lang.',
      },
      changes: {
        q: 'Kan de spraakagent na de lancering nog worden aangepast?',
        a: 'Ja. Het maandelijkse onderhoud omvat updates van het script en de kennis, zodat de spraakagent meegroeit met uw bedrijf.',
      },
      tryFirst: {
        q: 'Kunnen wij het eerst proberen?',
        a: 'Ja. Praat met de assistent op deze site, of beschrijf uw bedrijf op de pagina Zelf proberen en hoor een schets van de spraakagent die wij voor u zouden bouwen.',
      },
    },
  },
} satisfies Pick<Dictionary, 'quote' | 'personalized' | 'notFound' | 'suggest' | 'contact' | 'subprocessors' | 'privacy' | 'help'>;

export default pages;
