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
    },
    copyright: '© {year} Belwise. All rights reserved.',
  },
} as const;

export default common;
