// Header, footer and other strings every page uses. English source strings.
const common = {
  header: {
    skipToContent: 'Skip to content',
    homeLink: 'Belwise, go to the home page',
    askQuote: 'Get a quote',
    signIn: 'Sign in',
    accountMenu: 'Account menu',
    console: 'Console',
    dashboard: 'Dashboard',
    profile: 'Profile',
    signOut: 'Sign out',
    // The floating voice widget's idle button (prerendered on every page; the rest is in `voice`).
    talkToAssistant: 'Talk to Assistant',
    // The call card's starting state, which the page's boot script shows at a tap on that button before
    // the app has loaded (the same words as voice.region, voice.title and voice.connecting).
    callCard: {
      region: 'Voice call',
      title: 'Belwise assistant',
      connecting: 'Connecting...',
    },
    language: 'Language',
    menu: 'Menu',
    navLinks: {
      features: 'Features',
      pricing: 'Pricing',
      personalized: 'Try it',
    },
    languages: {
      en: 'English',
      nl: 'Nederlands',
    },
  },
  alerts: {
    title: 'Call alerts',
    intro: 'We email you about the calls of your agents. Choose per agent which calls you hear about.',
    label: 'Email me about',
    labelFor: 'Email me about calls of {agent}',
    modes: {
      all: 'Every call',
      followup: 'Only calls that need follow-up',
      none: 'No calls',
    },
    hint: 'Calls need follow-up when they were missed or failed, or when the agent noted something to act on, such as a callback wanted.',
    defaultNote: 'Default for this agent: {mode}',
    saved: 'Saved: {mode}.',
    savedFor: '{agent}: {mode}.',
    error: "We couldn't save your choice.",
    loadError: "We couldn't load your alert settings.",
    loading: 'Loading alert settings...',
    order: 'Order #{number}',
    staffTitle: 'Call alerts',
    staffIntro: "Which calls the buyer is emailed about while they haven't chosen themselves.",
    staffLabel: 'Default for this order',
    staffBuyerChoice: 'The buyer chose: {mode}',
    staffNoChoice: 'The buyer has not chosen: the default applies.',
  },
  footer: {
    description: 'Belwise designs, builds and looks after custom AI voice agents that take calls off your plate, in English and Dutch.',
    servicesTitle: 'Services',
    services: {
      customerService: 'Customer service',
      appointments: 'Appointment scheduling',
      coldCalling: 'Cold calling',
      reminders: 'Reminders',
    },
    supportTitle: 'Support',
    support: {
      contact: 'Contact us',
      docs: 'Documentation',
      help: 'Help center',
      privacy: 'Privacy policy',
      subprocessors: 'Sub-processors',
    },
    copyright: '© {year} Belwise. All rights reserved.',
  },
} as const;

export default common;
