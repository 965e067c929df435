// Smaller screens: quote, personalized, not-found, contact, privacy and help. English source strings.
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
      textPage: "We've received it and sent a confirmation to your email address. We'll get back to you soon with a tailored quote.",
      home: 'Back to home',
    },
  },
  personalized: {
    title: 'Try your personalized voice agent',
    intro:
      'Describe your business and what your agent should do. We sketch the agent we would build for you: its goals, its languages, the tools it connects to and how it opens a call.',
    promptLabel: 'Describe your business and what your agent should do',
    promptPlaceholder:
      'e.g. a dental practice in Utrecht where patients book and move appointments around the clock in Google Calendar, with a WhatsApp reminder the day before',
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
  // Contact, privacy and help (/contact, /privacy, /help). The help answers are also what the demo voice
  // assistant answers from (features/voice/demoKnowledge.ts), so they exist once.
  // The suggestion to switch to Dutch on the English front door, shown with the Dutch strings.
  suggest: {
    label: 'Language suggestion',
    text: 'This website is also available in Dutch.',
    switch: 'Go to the Dutch version',
    dismiss: 'No, thanks',
  },
  contact: {
    title: 'Contact us',
    intro: 'Questions about a voice agent, a quote or your account? Pick the route that suits you.',
    quoteTitle: 'Request a quote',
    quoteText: 'Tell us about your calls through the quote form. We reply by email within one business day.',
    quoteLink: 'Go to the quote form',
    assistantTitle: 'Ask the voice assistant',
    assistantText: 'Our assistant answers questions about features, pricing and languages right away, in English and Dutch.',
    assistantButton: 'Talk to the assistant',
    helpText: 'Many questions are answered in the help center.',
    helpLink: 'Go to the help center',
    companyTitle: 'Company details',
    company: {
      name: 'Company',
      address: 'Address',
      phone: 'Phone',
      email: 'Email',
      kvk: 'Chamber of Commerce (KvK)',
      vat: 'VAT number',
    },
  },
  // The public list of sub-processors (/subprocessors); the entries come from the processor agreement's list
  // (shared/content/subprocessors.ts, generated from internal/dpa).
  subprocessors: {
    title: 'Sub-processors',
    intro:
      'To run your voice agents we work with the companies below. They process personal data of your callers and your account on our behalf, under our processor agreement. This list is version {version}, in effect from {date}.',
    name: 'Company',
    role: 'What it does for us',
    location: 'Location',
    safeguard: 'Transfer safeguard',
    changes:
      'We announce a new or replaced sub-processor at least 30 days beforehand, by email to our customers and as a new version of the processor agreement, which they then accept again in their dashboard.',
    privacyLink: 'Read our privacy policy',
  },
  privacy: {
    title: 'Privacy policy',
    intro:
      'This page describes what this website processes about you, why, and for how long. It is written from how the site actually works.',
    sections: {
      accounts: {
        title: 'Accounts and sessions',
        text: 'When you create an account we store your name, email address and a hash of your password (never the password itself), and the orders linked to your account. When you sign in we keep a session in our database so you stay signed in. A session ends after 14 days without a visit and at the latest 60 days after signing in, or when you sign out.',
      },
      cookies: {
        title: 'Cookies and local storage',
        text: 'This site sets only two cookies, both strictly necessary: "lang" remembers the language you chose (one year), and the session cookie keeps you signed in (only after you sign in). We use no analytics, advertising or tracking cookies, which is why there is no cookie banner. If you dismiss the suggestion to view the site in Dutch, your browser remembers that in its local storage; it never leaves your device.',
      },
      quotes: {
        title: 'Quote requests and emails',
        text: 'When you request a quote we store what you enter in the form (name, email address, and optionally company, type of business, phone number, language and your description) and email it to our team, with a confirmation to you. We do not store your IP address with a request. We use these details only to answer your request and, if you become a customer, to build and run your agent.',
      },
      voice: {
        title: 'Voice calls',
        text: 'The voice assistant on this site runs as a demo inside your browser unless a live assistant is configured: then nothing you type or say leaves your device. When the live assistant is on, your voice is sent to Vapi, which runs the AI assistant, and carried by Daily, which provides the audio connection; the call may be recorded and transcribed. You are told this before a live call starts, and you can always use the quote form instead.',
      },
      retention: {
        title: 'How long we keep data',
        text: 'Accounts are kept until you ask us to delete them; accounts that were never confirmed are removed a week after sign-up. Expired sessions and used or expired email links are deleted automatically. Quote requests are kept as long as we need them to handle your request and any agreement that follows. Transcripts, summaries, recording links and callers’ phone numbers of voice calls are kept for {days} days, or for the period the business chose (see below), and then deleted; the recordings themselves are stored by Vapi, and Vapi’s copy of the call is deleted then too. What a call cost (when it took place, how long it lasted and the rate) is kept as a billing record, also when the call itself is deleted.',
      },
      callers: {
        title: 'Calls to a business’s agent',
        text: 'A business that uses our agents chooses how long the content of its calls is kept: 30, 90 (the standard) or 365 days, or no recordings at all. With “no recordings” a recording link is never stored, and transcripts and the rest are kept 90 days. When an agent asks a caller for consent to record and the caller does not give it, no recording link is kept. After the chosen period transcripts, summaries, call data, recording links and the caller’s number are erased, here and at Vapi; only what the call cost stays, for billing. As a caller you can ask the business to see everything kept about your number or to erase it: the business exports or erases it from its dashboard, and the copies at Vapi are deleted too.',
      },
      rights: {
        title: 'Your rights',
        text: 'Under the GDPR (in Dutch: AVG) you may ask to see the personal data we hold about you, to have it corrected or deleted, to restrict or object to its use, and to receive it in a portable form. Email your request to {email}; we answer within one month. You may also complain to the Dutch Data Protection Authority (Autoriteit Persoonsgegevens).',
      },
    },
    contactLink: 'Contact details',
  },
  help: {
    title: 'Help center',
    intro: 'Answers to the questions businesses ask us most. Is yours not here? Ask the voice assistant or contact us.',
    contactLink: 'Contact us',
    items: {
      languages: {
        q: 'Which languages does the agent speak?',
        a: 'English and Dutch. Every agent can take a call in either language, so each caller is helped in their own.',
      },
      voices: {
        q: 'Can we choose the voice?',
        a: 'Yes. During setup we pick a voice and a personality that fit your brand, and you hear it in test calls before launch.',
      },
      latency: {
        q: 'How quickly does the agent reply?',
        a: 'It answers after a short, natural pause, about as fast as a person would. We test the flow on real call scenarios before launch.',
      },
      handover: {
        q: 'Can the agent hand a call over to a person?',
        a: 'Yes. When a caller asks for a person, or a question is outside what it knows, the agent transfers the call or takes a message so your team can call back.',
      },
      ownNumber: {
        q: 'Can we keep our own phone number?',
        a: 'Yes. Your customers keep calling the number they know: calls are forwarded to the agent, for example outside office hours or when the line is busy.',
      },
      launch: {
        q: 'How long until our agent is live?',
        a: 'Usually one to three weeks after the discovery session, depending on how many systems the agent connects to.',
      },
      integrations: {
        q: 'Does it work with our calendar and CRM?',
        a: 'Very likely. Agents connect to more than 5,000 tools through automation platforms or an API, including Google Calendar, Outlook, HubSpot and Salesforce.',
      },
      price: {
        q: 'What is the price made of?',
        a: 'A one-time setup fee for designing, building and launching your agent, a monthly maintenance fee for hosting, monitoring, updates and a monthly review, and usage from €0.10 per minute of call time, all excluding VAT. You get a quote for your own situation.',
      },
      contract: {
        q: 'What are the contract terms?',
        a: 'The setup fee is paid once; maintenance is billed per month and usage per minute. Your quote sets out the terms for your agent, so you know them before you decide.',
      },
      data: {
        q: 'Where is our data stored?',
        a: 'Your account, orders and quote requests are stored in the database of our own server. Live calls are processed by our voice platform Vapi and carried by Daily. The privacy policy explains what we keep and for how long.',
      },
      changes: {
        q: 'Can the agent be changed after launch?',
        a: 'Yes. The monthly maintenance includes script and knowledge updates, so the agent keeps up as your business changes.',
      },
      tryFirst: {
        q: 'Can we try it before we buy?',
        a: 'Yes. Talk to the assistant on this site, or describe your business on the try-it page to hear a sketch of the agent we would build for you.',
      },
    },
  },
} as const;

export default pages;
