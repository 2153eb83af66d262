// Lint: TypeScript rules plus the import boundaries of docs/architecture.md (decisions 0028 and 0063): the layers
// in scripts/eslint-boundaries.js, import cycles in scripts/eslint-rules.js. Each boundary has a wrong import in
// scripts/lint-boundaries.test.ts that must make it fire.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { boundariesConfig } from './scripts/eslint-boundaries.js';
import { lootklipRules } from './scripts/eslint-rules.js';

const browserScriptGlobals = { window: 'readonly', document: 'readonly', localStorage: 'readonly' };
const nodeScriptGlobals = { URL: 'readonly', Buffer: 'readonly', process: 'readonly', console: 'readonly' };

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
    },
  },
  {
    // react-hot-toast loads on the first toast (lib/toast.ts), so that no page's first script carries it; only
    // that module and the modules that draw a <Toaster> (and tests, which read its store) import it.
    files: ['src/client/**'],
    ignores: [
      'src/client/lib/toast.ts',
      'src/client/app/provider.tsx',
      'src/client/features/lootbox/components/lootbox-dialog.tsx',
      'src/client/features/products/components/contact-dialog.tsx',
      'src/client/test/**',
      'src/client/**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-hot-toast',
              message: 'Toast through src/client/lib/toast.ts, which loads the library on the first toast.',
            },
          ],
        },
      ],
    },
  },
  { plugins: { lootklip: { rules: lootklipRules } }, rules: { 'lootklip/no-import-cycle': 'error' } },
  { files: ['public/**/*.js'], languageOptions: { globals: browserScriptGlobals } },
  { files: ['src/client/test/**/*.js'], languageOptions: { globals: nodeScriptGlobals } },
  ...boundariesConfig,
  {
    files: ['scripts/**', 'bench/**', 'tests/**', 'src/server/index.ts', 'src/server/worker.ts'],
    rules: { 'no-console': 'off' },
  },
);
