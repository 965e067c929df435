// ESLint for the frontend, run by `npm run lint` (and so by `make test`), warnings included: the
// recommended rules of JavaScript, typescript-eslint and eslint-plugin-react-hooks (the rules of hooks
// and the React Compiler's checks); and the direction of imports between the app's layers (below).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// src/ stands in three layers. app/ (routes, the page registry, the shells, the entries) may import
// anything. A feature (features/<name>/) imports shared/ and another feature only through that
// feature's index.ts, its one public face; never app/ (save its tests, which may mount a screen the
// way the app routes it). shared/ imports no feature and not app/.
const FEATURES = ['marketing', 'auth', 'dashboard', 'calls', 'console', 'voice', 'personalized', 'billing', 'company'];
const TESTS = ['**/*.test.{ts,tsx}'];
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const upTo = (dirs) => `^(\\.\\./)+(${dirs.join('|')})(/|$)`;
const notApp = { regex: upTo(['app']), message: 'A feature never imports app/ (the app imports the features).' };
const layers = [
  {
    files: ['src/shared/**'],
    rules: restrict([{ regex: upTo(['features', 'app']), message: 'shared/ lies below the features and the app: it imports neither.' }]),
  },
  ...FEATURES.flatMap((name) => {
    const others = {
      regex: `^(\\.\\./)+(features/)?(${FEATURES.filter((other) => other !== name).join('|')})/`,
      message: "Another feature only through its index.ts: import from the feature's folder.",
    };
    return [
      { files: [`src/features/${name}/**`], ignores: TESTS, rules: restrict([notApp, others]) },
      { files: [`src/features/${name}/**/*.test.{ts,tsx}`], rules: restrict([others]) },
    ];
  }),
];

export default defineConfig([
  globalIgnores(['build/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  ...layers,
  {
    files: ['scripts/**', '*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
]);
