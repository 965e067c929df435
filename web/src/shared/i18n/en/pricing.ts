// The pricing page (/pricing). English source strings.
const pricing = {
  pricing: {
    title: 'Pricing you can follow',
    subtitle:
      'Every agent is built to measure, so the setup and monthly fees are quoted for yours after a first conversation. What you can check in advance: what each fee covers, what moves the price, and a usage rate from €0.10 a minute (excl. VAT), for the minutes your agent is actually on the phone.',
    includedLabel: 'Included',
    coveredLabel: 'Covered',
    variesLabel: 'What moves the price',
    setup: {
      name: 'Setup fee',
      cadence: 'One-time',
      amount: 'Custom quote',
      description: 'Paid once. It covers the work to design, build, test and launch an agent shaped around your calls and systems.',
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
      description:
        'Paid monthly. It covers hosting, monitoring, updates and upkeep, so your agent keeps running and improves as your business changes.',
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
      note: 'per minute of call time, excl. VAT',
      description: 'You only pay for the minutes your agent is actually on a call.',
      items: {
        volume: 'Call volume',
        complexity: 'Call complexity',
        workflow: 'Workflow type',
      },
    },
    vatNote: 'All prices exclude VAT.',
    ctaTitle: 'Want to know what your agent would cost?',
    ctaText: 'Tell us about your calls and we will put together a quote that fits.',
    cta: 'Get a quote',
  },
} as const;

export default pricing;
