// One-way imports (STYLE.md): shared imports neither side; client and server never import each other;
// client features never import one another (the app layer composes them).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns, paths = []) => ({
  'no-restricted-imports': [
    'error',
    {
      paths,
      patterns: patterns.map((group) => ({ group: [group], message: 'Import direction: see STYLE.md' })),
    },
  ],
});
// Browser-bound code takes zod from the module that sets it up for the app's CSP.
const zodOnce = [{ name: 'zod', message: 'Import z from src/shared/api/zod.ts (zod set up for the CSP)' }];

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
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['src/shared/**/*.ts'], rules: restrict(['**/client/**', '**/server/**', '**/sw/**'], zodOnce) },
  { files: ['src/shared/api/zod.ts'], rules: restrict(['**/client/**', '**/server/**', '**/sw/**']) },
  { files: ['src/server/**/*.ts'], rules: restrict(['**/client/**', '**/sw/**']) },
  { files: ['sw/**/*.ts'], rules: restrict(['**/client/**', '**/server/**'], zodOnce) },
  { files: ['src/client/**/*.{ts,tsx}'], rules: restrict(['**/server/**', '**/sw/**'], zodOnce) },
  {
    files: ['src/client/lib/**/*.{ts,tsx}'],
    rules: restrict(['**/server/**', '**/sw/**', '**/features/**', '**/app/**'], zodOnce),
  },
  {
    files: ['src/client/features/**/*.{ts,tsx}'],
    rules: restrict(['**/server/**', '**/sw/**', '**/app/**'], zodOnce),
  },
);
