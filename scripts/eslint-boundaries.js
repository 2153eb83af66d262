// The import boundaries of docs/architecture.md on eslint-plugin-boundaries (decisions 0028 and 0063): each file is
// classified into one element by its path (first pattern that matches), and each policy forbids one direction.
// scripts/lint-boundaries.test.ts makes every policy fire on a wrong import.
import path from 'node:path';
import boundaries from 'eslint-plugin-boundaries';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Files whose job is to set up or check others; some boundaries do not bind them (see the policies). */
const TEST_FILES = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/*.test-helpers.ts',
  'src/server/test/**',
  'src/client/test/**',
];

// Elements are folders, matched from the checkout's root; the first that matches wins.
const elements = [
  { type: 'shared', pattern: 'src/shared' },
  { type: 'client-feature', pattern: 'src/client/features/*', capture: ['feature'] },
  { type: 'client-app', pattern: 'src/client/app' },
  { type: 'client-shared', pattern: 'src/client/{components,lib,hooks}' },
  { type: 'client', pattern: 'src/client' },
  { type: 'server-db', pattern: 'src/server/db' },
  { type: 'server-module', pattern: 'src/server/*', capture: ['module'] },
  // The server's top-level files (errors, timeouts, file locks) are helpers every layer, db/ included, may use.
  { type: 'server', pattern: 'src/server' },
].map((element) => ({ ...element, partialMatch: false }));

/** Roles a file plays inside its element, by name; a file takes every category that matches. */
const files = [
  { category: 'source', pattern: '**/*' },
  { category: 'test', pattern: TEST_FILES },
  { category: 'routes', pattern: '**/*.routes.ts' },
  { category: 'repository', pattern: '**/*.repository.ts' },
];

const CLIENT = ['client', 'client-*'];
const SERVER = ['server', 'server-*'];
const notTest = { categories: { noneOf: ['test'] } };
const routes = { element: { type: SERVER }, file: { categories: { anyOf: ['routes'] } } };
const kysely = { module: { source: 'kysely' } };

const policies = [
  {
    from: { element: { type: 'shared' } },
    disallow: { to: [{ element: { type: [...CLIENT, ...SERVER] } }] },
    message: 'src/shared imports nothing of ours.',
  },
  {
    from: { element: { type: 'shared' } },
    disallow: { to: { module: { origin: 'core' } } },
    message: 'src/shared is isomorphic: no node:* modules.',
  },
  {
    from: { element: { type: 'shared' } },
    disallow: { to: { module: { source: ['react', 'react-*', 'react/**'] } } },
    message: 'src/shared has no React.',
  },
  {
    from: { element: { type: CLIENT } },
    disallow: { to: { element: { type: SERVER } } },
    message: 'The client never imports the server.',
  },
  {
    from: { element: { type: SERVER } },
    disallow: { to: { element: { type: CLIENT } } },
    message: 'The server never imports the client.',
  },
  {
    from: { element: { type: 'client-feature' } },
    disallow: {
      to: { element: { type: 'client-feature', captured: { feature: '!{{ from.captured.feature }}' } } },
    },
    message: 'Client features never import each other; compose them in app/routes.',
  },
  {
    from: { element: { type: 'client-feature' } },
    disallow: { to: { element: { type: 'client-app' } } },
    message: 'Features do not import the app layer.',
  },
  {
    // The shared layers of the client serve every feature, so they know none of them (the app hands them what
    // they show through props). Their tests may assemble the app around the piece they test.
    from: { element: { type: 'client-shared' }, file: notTest },
    disallow: { to: { element: { type: ['client-feature', 'client-app'] } } },
    message: 'components/, lib/ and hooks/ import no feature and no app module.',
  },
  {
    from: routes,
    disallow: { to: { file: { categories: { anyOf: ['repository'] } } } },
    message: 'Routes call services, never a repository.',
  },
  {
    from: routes,
    disallow: { to: { element: { type: 'server-db' } } },
    message: 'Routes do not touch the database; a service does.',
  },
  {
    // Only repositories and db/ write SQL. A service may name the executor's type (`import type`) to hand a
    // transaction down; `sql` and query building are values.
    from: {
      element: { type: ['server', 'server-module'] },
      file: { categories: { noneOf: ['test', 'repository'] } },
    },
    disallow: { to: kysely, dependency: { kind: 'value' } },
    message:
      'Only repositories and src/server/db write SQL; import type is all other server code may take from kysely.',
  },
  {
    // After the rule above: when several policies match, the last one speaks.
    from: routes,
    disallow: { to: kysely },
    message: 'Routes write no SQL, not even its types; only repositories do.',
  },
  {
    // db/ is below every module: the schema, the drivers and the transaction helper know no module.
    from: { element: { type: 'server-db' }, file: notTest },
    disallow: { to: { element: { type: 'server-module' } } },
    message: 'src/server/db imports no module; a module imports db/.',
  },
];

/** Query building outside repositories and db/ (the import rule cannot see a handle passed in as a parameter). */
const QUERY_BUILDING =
  "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|transaction)$/]";

export const boundariesConfig = [
  {
    files: ['src/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': ROOT,
      'boundaries/elements': elements,
      'boundaries/files': files,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/legacy-templates': false,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.jsx'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'allow', checkAllOrigins: true, checkInternals: true, policies },
      ],
    },
  },
  {
    files: ['src/server/**'],
    ignores: ['src/server/**/*.repository.ts', 'src/server/db/**', ...TEST_FILES],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: QUERY_BUILDING,
          message: 'Only repositories and src/server/db build queries and transactions.',
        },
      ],
    },
  },
];
