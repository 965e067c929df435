// Smaller screens: quote, personalized and not-found. English source strings.
const pages = {
  quote: {
    title: 'Request a quote',
    intro: "Tell us about your business and the calls your agent should handle. We'll get back to you with a tailored quote.",
    requiredNote: 'Fields marked with * are required.',
    notifications: 'Notifications',
    fields: {
      fullName: 'Full name',
      email: 'Email address',
      companyName: 'Company name',
      businessType: 'Business type',
      phone: 'Phone number',
      language: 'Preferred language',
      languageHint: 'The language your agent speaks on calls.',
      description: 'Description',
      descriptionHint: 'Which calls should your agent handle, and which tools should it connect to?',
      count: '{count} / {max}',
      countLong: '{count} of {max} characters used',
      website: 'Website (leave empty)',
    },
    languages: {
      english: 'English',
      dutch: 'Dutch',
    },
    submit: 'Request quote',
    busy: 'Submitting...',
    required: {
      title: 'Required fields missing',
      text: 'Full name, email, and description are required.',
    },
    validation: {
      fullNameRequired: 'Enter your full name.',
      emailRequired: 'Enter your email address.',
      emailInvalid: 'Enter a valid email address, like name@example.com.',
      descriptionRequired: 'Describe what your agent should do.',
      tooLong: 'This is too long: use at most {max} characters.',
      languageInvalid: 'Choose English or Dutch.',
    },
    error: {
      title: 'Error sending request',
      text: 'Please try again or contact us directly at {email}',
      rateLimited: 'Too many requests. Please try again in {minutes} minutes or contact us directly at {email}',
      rateLimitedMinute: 'Too many requests. Please try again in a minute or contact us directly at {email}',
    },
    sent: {
      title: 'Thank you for your request!',
      text: "We've received it and sent a confirmation to {email}. We'll get back to you soon with a tailored quote.",
      home: 'Back to home',
    },
  },
  personalized: {
    title: 'Try your personalized voice agent',
    intro:
      'Describe your business and what your agent should do. We sketch the agent we would build for you: its goals, its languages, the tools it connects to and how it opens a call.',
    promptLabel: 'Describe your business and what your agent should do',
    promptPlaceholder:
      'For example: We are a dental practice in Utrecht. Patients should be able to book and move appointments 24/7 in Google Calendar, with a WhatsApp reminder the day before.',
    generate: 'Generate my agent',
    generating: 'Generating Your Agent...',
    generatingStatus: 'Building your agent. This takes a moment.',
    ready: {
      title: 'Your agent is ready',
      goals: 'What it does',
      greeting: 'How it opens a call',
      languages: 'Call languages',
      integrations: 'Connects to',
      note: 'A first sketch, based only on your description. We design the real agent together with you.',
      test: 'Test agent',
      testHint: 'Starts a test call with this agent in the assistant at the bottom right: type or talk to it.',
      quote: 'Get full implementation quote',
    },
    languages: {
      en: 'English',
      nl: 'Dutch',
      de: 'German',
      fr: 'French',
      es: 'Spanish',
    },
  },
  notFound: {
    code: '404',
    title: 'Oops! Page not found',
    text: 'The page you are looking for does not exist or has moved.',
    home: 'Return to home',
  },
} as const;

export default pages;
