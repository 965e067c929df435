import type { Dictionary } from '../types';

// The pricing page (/pricing). Dutch, informal je/jouw tone.
const pricing = {
  pricing: {
    title: 'Heldere prijzen voor een agent op maat',
    subtitle:
      'Je betaalt één keer voor het bouwen van je agent, maandelijks om hem scherp te houden, en alleen voor de minuten dat hij echt aan de telefoon zit.',
    includedLabel: 'Inbegrepen',
    coveredLabel: 'Wat we doen',
    variesLabel: 'Waar de prijs van afhangt',
    setup: {
      name: 'Opstartkosten',
      cadence: 'Eenmalig',
      amount: 'Offerte op maat',
      description: 'We ontwerpen, bouwen en lanceren een agent die past bij jouw gesprekken en systemen.',
      items: {
        discovery: 'Kennismakingssessie en ontwerp van het gespreksverloop',
        voice: 'Een stem en persoonlijkheid die bij je merk passen',
        integrations: 'Koppeling met je agenda, CRM en andere tools',
        testing: 'Testen met echte gespreksscenario’s',
        launch: 'Hulp bij de lancering en overdracht aan je team',
      },
    },
    maintenance: {
      name: 'Onderhoudskosten',
      cadence: 'Maandelijks',
      amount: 'Offerte op maat',
      description: 'We houden je agent soepel draaiende en verbeteren hem als je bedrijf verandert.',
      items: {
        hosting: 'Hosting en monitoring, dag en nacht',
        updates: 'Updates van scripts en kennis',
        integrations: 'Onderhoud van alle koppelingen',
        reports: 'Een maandelijkse prestatie-evaluatie',
      },
    },
    usage: {
      name: 'Gebruik',
      cadence: 'Per minuut',
      amount: 'Vanaf € 0,10',
      note: 'per gespreksminuut',
      description: 'Je betaalt alleen voor de minuten dat je agent echt in gesprek is.',
      items: {
        volume: 'Aantal gesprekken',
        complexity: 'Complexiteit van de gesprekken',
        workflow: 'Soort workflow',
      },
    },
    ctaTitle: 'Benieuwd wat jouw agent zou kosten?',
    ctaText: 'Vertel ons over je gesprekken, dan stellen we een offerte op die bij je past.',
    cta: 'Vraag een offerte aan',
  },
} satisfies Pick<Dictionary, 'pricing'>;

export default pricing;
