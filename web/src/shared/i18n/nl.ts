import account from './nl/account';
import billing from './nl/billing';
import calls from './nl/calls';
import common from './nl/common';
import consoleStrings from './nl/console';
import features from './nl/features';
import landing from './nl/landing';
import meta from './nl/meta';
import pages from './nl/pages';
import pay from './nl/pay';
import pricing from './nl/pricing';
import settings from './nl/settings';
import unsubscribe from './nl/unsubscribe';
import voice from './nl/voice';
import type { Dictionary } from './types';

// Dutch dictionary (business tone with u/uw, Dutch number format: € 0,10 and 5.000).
// Same namespace files as en.ts; `satisfies` makes a missing or extra key a type error.
const nl = {
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
} satisfies Dictionary;

// Named export for the Playwright suite (e2e/tests/dictionaries.ts); default export for the app.
export { nl };
export default nl;
