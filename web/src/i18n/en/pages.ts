// Smaller screens: quote, personalized and not-found. English source strings.
const pages = {
  quote: {
    title: 'Request a quote',
    soon: 'Our quote form is almost ready. Until then, email us at {email} and we will get back to you.',
  },
  personalized: {
    title: 'Try your personalized voice agent',
    soon: 'Soon you can describe your business here and preview the agent we would build for you.',
  },
  notFound: {
    code: '404',
    title: 'Oops! Page not found',
    text: 'The page you are looking for does not exist or has moved.',
    home: 'Return to home',
  },
} as const;

export default pages;
