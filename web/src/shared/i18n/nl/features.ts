import type { Dictionary } from '../types';

// The features page (/features). Dutch, business tone (u/uw).
// \u00AD is a soft hyphen: where a long word in a heading breaks (with a hyphen) when it does not fit. Browsers
// with a Dutch hyphenation dictionary find such points themselves (hyphens: auto); Chromium on Linux has none.
const features = {
  features: {
    title: 'Eén agent voor elk gesprek dat uw bedrijf voert',
    subtitle:
      'Elke agent van Belwise bouwen we rond uw scripts, systemen en klanten. U kiest welke taken hij overneemt; wij zorgen dat hij klinkt als een collega.',
    capabilitiesLabel: 'Wat hij doet',
    capabilitiesTitle: 'Mogelijkheden',
    cards: {
      coldCalling: {
        title: 'Koude acquisitie',
        text: 'Werkt uw leadlijsten af en opent het gesprek voor u.',
      },
      appointments: {
        title: 'Afspraken plannen',
        text: 'Zoekt een vrij moment, boekt het en stuurt de bevestiging.',
      },
      customerService: {
        title: 'Klanten\u00ADservice',
        text: 'Beantwoordt veelgestelde vragen direct en schaalt de rest op.',
      },
      reminders: {
        title: 'Herinneringen',
        text: 'Belt vooraf over afspraken en betalingen, zodat er minder worden gemist.',
      },
      leadQualification: {
        title: 'Lead\u00ADkwalificatie',
        text: 'Stelt uw kwalificatievragen en beoordeelt elke lead.',
      },
      inbound: {
        title: 'Inkomende gesprekken',
        text: 'Begroet elke beller en verbindt door met de juiste persoon.',
      },
      outbound: {
        title: 'Uitgaande meldingen',
        text: 'Brengt updates, wijzigingen en waarschuwingen telefonisch over, op grote schaal.',
      },
      workflows: {
        title: 'Workflows op maat',
        text: 'Volgt precies de stappen van uw proces, van begin tot eind.',
      },
      dashboard: {
        title: 'Dashboard',
        text: 'Toont uw agenten, gesprekken en resultaten op één plek.',
      },
    },
    integrationsLabel: 'Koppelingen',
    integrationsTitle: 'Werkt met de tools die u al gebruikt',
    integrationsText:
      'Agenten koppelen met 5.000+ tools via automatiseringsplatforms of een API. Dit zijn de koppelingen die we het vaakst maken.',
    categories: {
      calendars: 'Agenda’s',
      crms: 'CRM-systemen',
      messaging: 'Berichten',
      other: 'Overige tools',
    },
    next: {
      title: 'Benieuwd wat het kost?',
      text: 'Elke spraakagent wordt voor één bedrijf gebouwd, dus de prijs volgt wat u nodig hebt. Bekijk hoe de kosten zijn opgebouwd, of vertel ons over uw gesprekken.',
      pricing: 'Bekijk de prijzen',
      quote: 'Offerte aanvragen',
    },
    items: {
      sms: 'Sms via een berichtendienst',
      webhooks: 'Eigen webhooks',
    },
  },
} satisfies Pick<Dictionary, 'features'>;

export default features;
