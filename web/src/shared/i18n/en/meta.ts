// Page titles and descriptions. The prerender writes them into <head>; the browser loads them only
// on the first client-side navigation. English source strings.
const meta = {
  meta: {
    landing: {
      title: 'Custom AI voice agents for your business',
      description:
        'Belwise builds custom AI voice agents that answer, call and book for your business, around the clock, in English and Dutch. Cut call costs by up to 50%.',
    },
    features: {
      title: 'Features',
      description:
        'Cold calling, appointment scheduling, customer service, reminders and more: see what a Belwise voice agent does and the 5,000+ tools it connects to.',
    },
    pricing: {
      title: 'Pricing',
      description:
        'A one-time setup fee, a monthly maintenance fee and usage from €0.10 per minute, excl. VAT. See what is included and request a quote for your voice agent.',
    },
    quote: {
      title: 'Request a quote',
      description: 'Tell Belwise about your calls and get a tailored quote for a custom AI voice agent.',
    },
    quoteSent: {
      title: 'Request received',
      description: 'Your quote request has reached Belwise.',
    },
    personalized: {
      title: 'Try a personalized agent',
      description: 'Describe your business and preview the AI voice agent Belwise would build for you.',
    },
    auth: {
      title: 'Sign in',
      description: 'Sign in to your Belwise account or create one to follow your voice agents and orders.',
    },
    dashboard: {
      title: 'Dashboard',
      description: 'Your Belwise voice agents and purchase history.',
    },
    contact: {
      title: 'Contact',
      description: 'How to reach Belwise: the quote form, the voice assistant and our company details.',
    },
    subprocessors: {
      title: 'Sub-processors',
      description:
        'The companies that process personal data for Belwise: what each does, where, and the safeguard for transfers outside the EU.',
    },
    privacy: {
      title: 'Privacy policy',
      description: 'What the Belwise website processes about you, why and for how long, and your rights under the GDPR.',
    },
    help: {
      title: 'Help center',
      description:
        'Answers about Belwise voice agents: languages, voices, handing over to a person, your own number, launch time, data and pricing.',
    },
    console: {
      title: 'Console',
      description: 'The agency’s console: quote inbox, orders, agent catalogue and buyers.',
    },
    notFound: {
      title: 'Page not found',
      description: 'This page does not exist.',
    },
  },
} as const;

export default meta;
