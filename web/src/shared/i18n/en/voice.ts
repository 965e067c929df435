// The floating voice-call widget and its offline demo assistant. English source strings.
// Loaded on the first click of 'Talk to Assistant' (that button's own label lives in `common`).
const voice = {
  voice: {
    region: 'Voice call',
    title: 'Belwise assistant',
    demoLabel: 'Demo assistant — answers from this website, no live call',
    connecting: 'Connecting...',
    speaking: 'Assistant Speaking...',
    listening: 'Listening...',
    cancel: 'Cancel',
    endCall: 'End Call',
    transcript: 'Conversation',
    placeholder: 'Conversation will appear here...',
    you: 'You',
    assistant: 'Assistant',
    message: 'Type a message',
    send: 'Send',
    mute: 'Mute microphone',
    muteVoice: 'Mute voice',
    disclosure: 'You are talking to an AI assistant. The call is processed by Vapi and may be recorded.',
    privacyLink: 'Privacy policy',
    micLevel: 'Microphone level',
    micOff: 'No microphone in use: type your questions below.',
    suggestions: 'Suggestions',
    dismiss: 'Dismiss',
    errors: {
      microphone: 'We could not use your microphone. Allow microphone access in your browser, then try again.',
      network: 'We could not connect to the assistant. Check your internet connection and try again.',
      platform: 'The voice service ran into a problem. Please try again in a moment.',
      timeout: 'The call did not connect within 15 seconds. Please try again.',
    },
    chips: {
      features: 'What can your agents do?',
      pricing: 'What does it cost?',
      integrations: 'Does it work with HubSpot?',
      languages: 'Which languages does it speak?',
      quote: 'How do I get a quote?',
      goals: 'What would you do for us?',
      tools: 'Which tools would you connect to?',
    },
    pages: {
      landing: 'Home',
      features: 'Features',
      pricing: 'Pricing',
      quote: 'Request a quote',
      personalized: 'Personalized agent',
      contact: 'Contact',
      privacy: 'Privacy policy',
      help: 'Help center',
    },
    readMore: 'Read more: {page}',
    and: 'and',
    languageNames: {
      en: 'English',
      nl: 'Dutch',
      de: 'German',
      fr: 'French',
      es: 'Spanish',
    },
    demo: {
      greeting: "Hi, I'm the Belwise demo assistant. Ask me what our voice agents do, what they cost or how to get a quote.",
      hearYou: "I can hear you, but this demo can't understand speech — type your question below.",
      fallback:
        'I can tell you what our agents do, which tools they connect to, what they cost, which languages they speak and how to get a quote. Try one of the suggestions below.',
      capabilities:
        'A Belwise agent can take on {count} kinds of work: {list}. You pick the ones you need and we build the agent around them.',
      capability: '{title}: {text}',
      integrations: '{intro} {groups}.',
      integration: 'Yes, {name} is one of the tools we connect most often ({category}). {intro}',
      pricing:
        '{setup} ({setupCadence}, {setupAmount}): {setupText} {maintenance} ({maintenanceCadence}, {maintenanceAmount}): {maintenanceText} {usage}: {usageAmount} {usageNote}. What moves the price: {varies}.',
      quote: '{cta} The quote form only needs your name, email and a short description of your calls.',
      languages: 'A Belwise agent {benefit}',
      savings: '{costs} {always}',
      personalized: 'Describe your business in a few words on the personalized agent page, and we sketch the agent we would build for you.',
      contact:
        'Our team is glad to talk to you. The contact page has our details and the quote form, and we reply by email within one business day.',
      privacy:
        'This demo runs in your browser: nothing you type leaves your device. The privacy policy explains what this site keeps, for how long, and your rights under the GDPR.',
      hello: 'Hello! Ask me anything about our voice agents, or pick a suggestion below.',
    },
    draft: {
      goals: 'This is what I would do for you. {goals}',
      tools: 'I would connect to {list}. {intro}',
      noTools: 'No tools were named yet. {intro}',
      languages: 'I would speak {list} on calls.',
      summary: '{summary}',
      fallback:
        'Ask me what I would do for you, which tools I would connect to or which languages I speak. I can also tell you about pricing and quotes.',
    },
  },
} as const;

export default voice;
