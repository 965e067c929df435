// The pricing page (/pricing). English source strings.
const pricing = {
  pricing: {
    title: 'Clear pricing for a custom-built agent',
    subtitle:
      'You pay once to have your agent built, a monthly fee to keep it sharp, and only for the minutes it actually spends on the phone.',
    includedLabel: 'Included',
    coveredLabel: 'Covered',
    variesLabel: 'What moves the price',
    setup: {
      name: 'Setup fee',
      cadence: 'One-time',
      amount: 'Custom quote',
      description: 'We design, build and launch an agent shaped around your calls and systems.',
      items: {
        discovery: 'Discovery session and call-flow design',
        voice: 'A voice and personality that fit your brand',
        integrations: 'Connection to your calendar, CRM and tools',
        testing: 'Testing against real call scenarios',
        launch: 'Launch support and handover to your team',
      },
    },
    maintenance: {
      name: 'Maintenance fee',
      cadence: 'Monthly',
      amount: 'Custom quote',
      description: 'We keep your agent running smoothly and improve it as your business changes.',
      items: {
        hosting: 'Hosting and round-the-clock monitoring',
        updates: 'Script and knowledge updates',
        integrations: 'Upkeep of every integration',
        reports: 'A monthly performance review',
      },
    },
    usage: {
      name: 'Usage',
      cadence: 'Per minute',
      amount: 'From €0.10',
      note: 'per minute of call time',
      description: 'You only pay for the minutes your agent is actually on a call.',
      items: {
        volume: 'Call volume',
        complexity: 'Call complexity',
        workflow: 'Workflow type',
      },
    },
    ctaTitle: 'Want to know what your agent would cost?',
    ctaText: 'Tell us about your calls and we will put together a quote that fits.',
    cta: 'Get a quote',
  },
} as const;

export default pricing;
