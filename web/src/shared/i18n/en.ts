import account from './en/account';
import billing from './en/billing';
import calls from './en/calls';
import common from './en/common';
import consoleStrings from './en/console';
import features from './en/features';
import landing from './en/landing';
import meta from './en/meta';
import pages from './en/pages';
import pay from './en/pay';
import pricing from './en/pricing';
import settings from './en/settings';
import unsubscribe from './en/unsubscribe';
import voice from './en/voice';

// Source dictionary: every user-visible English string, as one nested object whose shape every
// other language must match. It is assembled from per-screen namespace files so the browser can
// download only the strings of the screen it shows (see dictionaries.ts).
const en = {
  ...meta,
  ...common,
  ...landing,
  ...features,
  ...pricing,
  ...pages,
  ...account,
  ...consoleStrings,
  ...voice,
  ...calls,
  ...billing,
  ...settings,
  ...pay,
  ...unsubscribe,
};

// Named export for the Playwright suite (e2e/tests/dictionaries.ts); default export for the app.
export { en };
export default en;
