// Lint: TypeScript rules plus the import boundaries of docs/architecture.md (decision 0028). Each boundary has a
// wrong import in scripts/lint-boundaries.test.ts that must make it fire.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { lootklipRules } from './scripts/eslint-rules.js';

const browserScriptGlobals = { window: 'readonly', document: 'readonly', localStorage: 'readonly' };
const nodeScriptGlobals = { URL: 'readonly', Buffer: 'readonly', process: 'readonly', console: 'readonly' };

const noServerOrClient = [
  { group: ['**/server/**', '**/client/**'], message: 'src/shared imports nothing of ours.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**', 'tmp/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...noServerOrClient,
            { regex: '^node:', message: 'src/shared is isomorphic: no node:* modules.' },
            { regex: '^react', message: 'src/shared has no React.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'process', message: 'src/shared does no I/O.' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Pass the time in.',
        },
      ],
    },
  },
  {
    files: ['src/client/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'The client never imports the server.' }] },
      ],
    },
  },
  { plugins: { lootklip: { rules: lootklipRules } }, rules: { 'lootklip/no-import-cycle': 'error' } },
  { files: ['src/client/features/**'], rules: { 'lootklip/feature-isolation': 'error' } },
  {
    // The shared layers of the client serve every feature, so they know none of them (the app hands them what
    // they show through props). Their tests may assemble the app around the piece they test.
    files: ['src/client/components/**', 'src/client/lib/**', 'src/client/hooks/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'lootklip/forbidden-imports': [
        'error',
        [
          {
            paths: '^src/client/(features|app)(/|$)',
            message: 'components/, lib/ and hooks/ import no feature and no app module.',
          },
        ],
      ],
    },
  },
  { files: ['public/**/*.js'], languageOptions: { globals: browserScriptGlobals } },
  { files: ['src/client/test/**/*.js'], languageOptions: { globals: nodeScriptGlobals } },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/client/**'], message: 'The server never imports the client.' }] },
      ],
    },
  },
  {
    // Routes call services; only repositories touch SQL.
    files: ['src/server/**/*.routes.ts'],
    rules: {
      'lootklip/forbidden-imports': [
        'error',
        [
          { paths: '\\.repository(\\.ts)?$', message: 'Routes call services, never a repository.' },
          { paths: '^src/server/db(/|$)', message: 'Routes do not touch the database; a service does.' },
          { packages: '^kysely(/|$)', message: 'Routes write no SQL; only repositories do.' },
        ],
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**', 'src/server/index.ts', 'src/server/worker.ts'],
    rules: { 'no-console': 'off' },
  },
);
