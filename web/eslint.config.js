// ESLint for the frontend, run by `npm run lint` (and so by `make test`), warnings included: the
// recommended rules of JavaScript, typescript-eslint and eslint-plugin-react-hooks (the rules of hooks
// and the React Compiler's checks).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores(['build/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['scripts/**', '*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
]);
