// ESLint flat config: TypeScript, React, React Hooks, accessibility and the
// Docusaurus rules, over the site code, scripts, tests and config files.
// `npm run lint` runs it with --max-warnings 0, so a warning fails too.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import docusaurus from '@docusaurus/eslint-plugin';
import globals from 'globals';

/**
 * Text that may stand in JSX without a translate call: punctuation and
 * symbols only, never words (a word must go through <Translate> or translate()).
 */
const ignoredStrings = ['·', '—', '–', '-', '|', '/', ':', '(', ')', '→', '←', '×', '…', '©', '®'];

export default tseslint.config(
  {
    ignores: [
      // Build outputs: the site (build/, build-fixtures/, any build-*/) and the offline bundle (dist/).
      'build/',
      'build-*/',
      'dist/',
      '.docusaurus/',
      '.cache-loader/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      '.lighthouseci/',
      'tests/.tmp-lint/',
    ],
  },
  {
    linterOptions: {reportUnusedDisableDirectives: 'error'},
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,

  // Node: scripts, tests, config files, the remark plugin.
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    languageOptions: {globals: {...globals.node}},
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {sourceType: 'commonjs'},
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },

  // Browser code: the site, the test-only components, our Swagger UI page scripts.
  {
    files: ['src/**/*.{ts,tsx,js,mjs}', 'tests/fixtures/**/*.{ts,tsx}', 'static/swagger/*.js'],
    languageOptions: {globals: {...globals.browser}},
  },
  {
    files: ['static/swagger/*.js'],
    languageOptions: {sourceType: 'script'},
  },

  // React, hooks, accessibility and Docusaurus rules for every JSX file.
  {
    files: ['**/*.{jsx,tsx}'],
    ...react.configs.flat.recommended,
    settings: {react: {version: 'detect'}},
  },
  {files: ['**/*.{jsx,tsx}'], ...react.configs.flat['jsx-runtime']},
  {files: ['**/*.{js,mjs,jsx,ts,tsx}'], ...reactHooks.configs.flat.recommended},
  {files: ['**/*.{jsx,tsx}'], ...jsxA11y.flatConfigs.recommended},
  {
    files: ['**/*.{jsx,tsx}'],
    plugins: {'@docusaurus': docusaurus},
    rules: {
      '@docusaurus/string-literal-i18n-messages': 'error',
      '@docusaurus/no-untranslated-text': ['error', {ignoredStrings}],
      '@docusaurus/no-html-links': 'error',
      '@docusaurus/prefer-docusaurus-heading': 'error',
    },
  },

  {
    // Test-only pages and drill components (the fixtures site, npm run build:fixtures, never for
    // readers): English on purpose, like the untranslated fixture page the tests look for.
    files: ['tests/fixtures/**/*.{jsx,tsx}'],
    rules: {
      '@docusaurus/no-untranslated-text': 'off',
      '@docusaurus/prefer-docusaurus-heading': 'off',
    },
  },

  {
    rules: {
      // `_`-prefixed names are deliberately unused (placeholders in signatures and destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_'},
      ],
    },
  },
);
