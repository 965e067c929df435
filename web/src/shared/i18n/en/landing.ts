// The landing page (/). English source strings.
const landing = {
  landing: {
    hero: {
      eyebrow: 'AI voice agents, made to measure',
      title1: 'Voice agents',
      title2: 'that answer every call',
      title3: 'and never clock out.',
      subtitle:
        'We design, build and run a voice agent around the way your business works. It picks up, calls out, books appointments and follows up on leads, in English and Dutch.',
      tryIt: 'Try your own agent',
      features: 'Explore features',
      pricing: 'See pricing',
      stat1Value: '50%',
      stat1Label: 'maximum saving on call costs',
      stat2Value: '24/7',
      stat2Label: 'always on the line',
      stat3Value: '5,000+',
      stat3Label: 'tools it connects to',
    },
    why: {
      label: 'Why Belwise',
      title: 'Why businesses hand us the phone',
      benefits: {
        costs: 'Cut your call-handling costs by up to 50%.',
        always: 'Available 24/7, evenings, weekends and holidays included.',
        integrations: 'Connects to over 5,000 tools through automation platforms or an API.',
        languages: 'Speaks English and Dutch, so every caller is helped in their own language.',
        custom: 'Custom-built around your workflows, not a one-size-fits-all bot.',
        booking: 'Books, moves and confirms appointments straight into your calendar.',
        leads: 'Qualifies leads on the call and passes the warm ones to your team.',
        insight: 'Every call logged and summarised in your own dashboard.',
      },
    },
  },
} as const;

export default landing;
