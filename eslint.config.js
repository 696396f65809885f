// One-way imports (STYLE.md), held by eslint-plugin-boundaries on resolved paths (a relative import such as
// '../plans/api.ts' names no folder a pattern could catch): shared imports neither side; client and server
// never import each other; client lib imports no feature and not the app; a client feature imports no other
// feature and not the app (client/app composes them, e.g. the plan page's steps); a server area reaches
// another area only through its service.ts (lib/, http/, db/, plugins/, cache/, i18n/ and the root files are shared
// infrastructure; demo/ and cli/ compose areas). Every folder under src/client/features and src/server is
// covered without being listed here. tests/unit/lint checks these rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Browser-bound code takes zod from the module that sets it up for the app's CSP.
const zodOnce = {
  'no-restricted-imports': [
    'error',
    { paths: [{ name: 'zod', message: 'Import z from src/shared/api/zod.ts (zod set up for the CSP)' }] },
  ],
};

/** The layers, first match wins: a file belongs to the first element whose path matches. */
const elements = [
  { type: 'client-feature', pattern: 'src/client/features/*', capture: ['feature'] },
  { type: 'client-app', pattern: 'src/client/app' },
  { type: 'client-lib', pattern: 'src/client/lib' },
  { type: 'client', pattern: 'src/client' },
  {
    type: 'server',
    pattern: ['src/server/{lib,http,db,plugins,cache,i18n,demo,cli}/**', 'src/server/*.ts'],
    mode: 'full',
  },
  { type: 'server-service', pattern: 'src/server/*/service.ts', mode: 'full', capture: ['area'] },
  { type: 'server-area', pattern: 'src/server/*', capture: ['area'] },
  { type: 'shared', pattern: 'src/shared' },
  { type: 'sw', pattern: 'sw' },
];

const CLIENT = ['client', 'client-app', 'client-lib', 'client-feature'];
const SERVER = ['server', 'server-service', 'server-area'];
const disallow = (from, to, message) => ({
  from: { element: { type: from } },
  disallow: { to: { element: { type: to } } },
  message,
});
/** Refuses imports into another element of the same type (another feature, another server area). */
const onlyOwn = (from, to, captured, message) => ({
  from: { element: { type: from } },
  disallow: {
    to: { element: { type: to, captured: { [captured]: `!{{ from.element.captured.${captured} }}` } } },
  },
  message,
});

const importDirections = [
  ...['shared', 'sw', ...SERVER].flatMap((from) =>
    CLIENT.map((to) => disallow(from, to, `${from} code never imports client code (STYLE.md)`)),
  ),
  ...[...CLIENT, 'shared', 'sw'].flatMap((from) =>
    SERVER.map((to) => disallow(from, to, `${from} code never imports server code`)),
  ),
  ...[...CLIENT, ...SERVER, 'shared'].map((from) =>
    disallow(from, 'sw', 'the service worker is imported by nobody'),
  ),
  disallow('client-lib', 'client-feature', 'client/lib is shared by every feature: it imports none of them'),
  disallow('client-lib', 'client-app', 'client/lib imports nothing of client/app'),
  disallow('client-feature', 'client-app', 'a feature is composed by client/app and never imports it'),
  onlyOwn(
    'client-feature',
    'client-feature',
    'feature',
    'Features never import each other: move what both need to client/lib, or compose them in client/app',
  ),
  ...['server-area', 'server-service'].map((from) =>
    onlyOwn(
      from,
      'server-area',
      'area',
      "A server area reaches another area only through that area's service.ts",
    ),
  ),
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      '.tmp',
      'test-results',
      'playwright-report',
      'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // A form is checked by its shared schema, whose messages go under the inputs (spec §8); without
      // noValidate the browser's own bubble for a `required` input would stop the submit first.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='form']:not(:has(JSXAttribute[name.name='noValidate']))",
          message: 'A <form> takes noValidate: the shared schema checks it and places its messages.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      // Re-exports and lazy page imports cross layers as plain imports do.
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies: importDirections }] },
  },
  { files: ['src/shared/**/*.ts', 'sw/**/*.ts', 'src/client/**/*.{ts,tsx}'], rules: zodOnce },
  { files: ['src/shared/api/zod.ts'], rules: { 'no-restricted-imports': 'off' } },
);
