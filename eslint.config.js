// Lint: TypeScript rules plus the import boundaries of ARCHITECTURE.md §1.
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// A client feature may import its own files, src/client's shared folders and src/shared; never another feature
// or the app layer. Resolved against the importing file, so nesting depth does not matter.
const featureIsolation = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const own = /src\/client\/features\/([^/]+)\//.exec(context.filename)?.[1];
    if (!own) return {};
    const check = (source) => {
      if (typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source.value);
      const feature = /src\/client\/features\/([^/]+)/.exec(target)?.[1];
      if (feature && feature !== own) {
        context.report({
          node: source,
          message: 'Client features never import each other; compose them in app/routes.',
        });
      } else if (/src\/client\/app(\/|$)/.test(target)) {
        context.report({ node: source, message: 'Features do not import the app layer.' });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

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
  {
    files: ['src/client/features/**'],
    plugins: { lootklip: { rules: { 'feature-isolation': featureIsolation } } },
    rules: { 'lootklip/feature-isolation': 'error' },
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
    files: ['scripts/**', 'bench/**', 'tests/**', 'src/server/index.ts', 'src/server/worker.ts'],
    rules: { 'no-console': 'off' },
  },
);
