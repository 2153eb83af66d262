// Every import boundary of docs/architecture.md fires on a deliberately wrong import and stays quiet on a right
// one, through the project's own ESLint config (decision 0028). Files are linted as if they stood at the path
// given; the cycle rule reads the real files they import.
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The rules that fire on `code` standing at `file`, with their messages. */
async function lint(file: string, code: string): Promise<Array<{ rule: string | null; message: string }>> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((message) => ({ rule: message.ruleId, message: message.message }));
}

/** An import of `names` from `source`, used, so that only the boundary can complain. */
const importing = (names: string, source: string) =>
  `import { ${names} } from '${source}';\n\nexport const used = [${names}];\n`;

type Case = { name: string; file: string; wrong: string; right: string; message: string };

const LAYERS = 'boundaries/dependencies';
const SQL_ONLY_IN_REPOSITORIES = 'Only repositories and src/server/db write SQL';

const cases: Case[] = [
  {
    name: 'components/ importing a feature',
    file: 'src/client/components/ui/probe.tsx',
    wrong: importing('useProductList', '../../features/products/api/products.ts'),
    right: importing('Avatar', './avatar.tsx'),
    message: 'components/, lib/ and hooks/ import no feature',
  },
  {
    name: 'lib/ importing the app layer',
    file: 'src/client/lib/probe.ts',
    wrong: importing('routes', '../app/router.tsx'),
    right: importing('api', './api-client.ts'),
    message: 'components/, lib/ and hooks/ import no feature',
  },
  {
    name: 'hooks/ importing a feature',
    file: 'src/client/hooks/probe.ts',
    wrong: importing('filterLoadedProducts', '../features/products/shop-filters.ts'),
    right: importing('useDebouncedValue', './use-debounced-value.ts'),
    message: 'components/, lib/ and hooks/ import no feature',
  },
  {
    name: 'a feature importing another feature',
    file: 'src/client/features/products/probe.ts',
    wrong: importing('useProfile', '../users/api/profiles.ts'),
    right: importing('filterLoadedProducts', './shop-filters.ts'),
    message: 'Client features never import each other',
  },
  {
    name: 'a feature loading another feature lazily',
    file: 'src/client/features/products/probe.ts',
    wrong: "export const load = () => import('../users/api/profiles.ts');\n",
    right: "export const load = () => import('./shop-filters.ts');\n",
    message: 'Client features never import each other',
  },
  {
    name: 'a feature importing the app layer',
    file: 'src/client/features/products/probe.ts',
    wrong: importing('routes', '../../app/router.tsx'),
    right: importing('Avatar', '../../components/ui/avatar.tsx'),
    message: 'Features do not import the app layer',
  },
  {
    name: 'the client importing the server',
    file: 'src/client/app/probe.ts',
    wrong: importing('AppError', '../../server/errors.ts'),
    right: importing('CATEGORIES', '../../shared/domain/categories.ts'),
    message: 'The client never imports the server',
  },
  {
    name: 'the server importing the client',
    file: 'src/server/http/probe.ts',
    wrong: importing('api', '../../client/lib/api-client.ts'),
    right: importing('CATEGORIES', '../../shared/domain/categories.ts'),
    message: 'The server never imports the client',
  },
  {
    name: 'a route importing a repository',
    file: 'src/server/modules/users/probe.routes.ts',
    wrong: importing('createUsersRepository', './users.repository.ts'),
    right: importing('createUsersService', './users.service.ts'),
    message: 'Routes call services, never a repository',
  },
  {
    name: "a route importing kysely's sql",
    file: 'src/server/modules/users/probe.routes.ts',
    wrong: importing('sql', 'kysely'),
    right: importing('z', 'zod'),
    message: 'Routes write no SQL',
  },
  {
    name: 'a route importing Kysely types',
    file: 'src/server/http/probe.routes.ts',
    wrong: "import type { Kysely } from 'kysely';\n\nexport type Db = Kysely<object>;\n",
    right: "import type { FastifyInstance } from 'fastify';\n\nexport type App = FastifyInstance;\n",
    message: 'Routes write no SQL',
  },
  {
    name: 'a route importing the database layer',
    file: 'src/server/http/probe.routes.ts',
    wrong: importing('openDatabase', '../db/database.ts'),
    right: importing('parseBody', './validation.ts'),
    message: 'Routes do not touch the database',
  },
  {
    name: "a service importing kysely's sql (a type-only import is allowed)",
    file: 'src/server/modules/users/probe.service.ts',
    wrong: importing('sql', 'kysely'),
    right: "import type { Kysely } from 'kysely';\n\nexport type Db = Kysely<object>;\n",
    message: SQL_ONLY_IN_REPOSITORIES,
  },
  {
    name: "a top-level server file importing kysely's sql",
    file: 'src/server/probe.ts',
    wrong: importing('sql', 'kysely'),
    right: importing('AppError', './errors.ts'),
    message: SQL_ONLY_IN_REPOSITORIES,
  },
  {
    name: "a file of media/ importing kysely's sql",
    file: 'src/server/media/probe.ts',
    wrong: importing('sql', 'kysely'),
    right: importing('AppError', '../errors.ts'),
    message: SQL_ONLY_IN_REPOSITORIES,
  },
  {
    name: 'a service building a query on a handle it was given',
    file: 'src/server/modules/users/probe.service.ts',
    wrong: "export const find = (db: { selectFrom(table: string): unknown }) => db.selectFrom('users');\n",
    right: 'export const find = (repository: { findUser(): unknown }) => repository.findUser();\n',
    message: 'Only repositories and src/server/db build queries',
  },
  {
    name: 'a service opening its own transaction',
    file: 'src/server/media/probe.ts',
    wrong: 'export const run = (db: { transaction(): unknown }) => db.transaction();\n',
    right: importing('runInTransaction', '../db/transaction.ts'),
    message: 'Only repositories and src/server/db build queries',
  },
  {
    name: 'db/ importing a module',
    file: 'src/server/db/probe.ts',
    wrong: importing('createUsersRepository', '../modules/users/users.repository.ts'),
    right: importing('withTimeout', '../with-timeout.ts'),
    message: 'src/server/db imports no module',
  },
  {
    name: "db/ importing a module's types",
    file: 'src/server/db/probe.ts',
    wrong:
      "import type { JobsRepository } from '../jobs/jobs.repository.ts';\n\nexport type Jobs = JobsRepository;\n",
    right: "import type { Kysely } from 'kysely';\n\nexport type Db = Kysely<object>;\n",
    message: 'src/server/db imports no module',
  },
  {
    name: 'shared importing the server',
    file: 'src/shared/domain/probe.ts',
    wrong: importing('AppError', '../../server/errors.ts'),
    right: importing('CATEGORIES', './categories.ts'),
    message: 'src/shared imports nothing of ours',
  },
  {
    name: 'shared importing the client',
    file: 'src/shared/domain/probe.ts',
    wrong: importing('api', '../../client/lib/api-client.ts'),
    right: importing('requestKey', './request-key.ts'),
    message: 'src/shared imports nothing of ours',
  },
  {
    name: 'shared importing a node: module',
    file: 'src/shared/domain/probe.ts',
    wrong: importing('randomUUID', 'node:crypto'),
    right: importing('z', 'zod'),
    message: 'src/shared is isomorphic',
  },
  {
    name: 'shared importing React',
    file: 'src/shared/domain/probe.ts',
    wrong: importing('useState', 'react'),
    right: importing('z', 'zod'),
    message: 'src/shared has no React',
  },
];

describe('lint boundaries', () => {
  for (const { name, file, wrong, right, message } of cases) {
    it(`fires on ${name} and stays quiet on a right import`, async () => {
      const problems = await lint(file, wrong);
      const rule = problems.some((problem) => problem.rule === 'no-restricted-syntax')
        ? 'no-restricted-syntax'
        : LAYERS;
      expect(problems).toContainEqual({ rule, message: expect.stringContaining(message) });
      expect(await lint(file, right)).toEqual([]);
    });
  }

  it('lets tests set up what the layers they test may not do', async () => {
    // A server test seeds rows with sql; a test of a shared client piece may assemble the app around it.
    const sqlInTest =
      "import { sql } from 'kysely';\n\nexport const seed = (db: { selectFrom(t: string): unknown }) => [sql, db.selectFrom('users')];\n";
    expect(await lint('src/server/modules/users/probe.test.ts', sqlInTest)).toEqual([]);
    expect(await lint('src/server/modules/users/probe.repository.ts', sqlInTest)).toEqual([]);
    expect(
      await lint('src/client/components/ui/probe.test.tsx', importing('routes', '../../../app/router.tsx')),
    ).toEqual([]);
  });

  it('fires on react-hot-toast imported outside lib/toast.ts, the Toaster modules and tests', async () => {
    const direct = "import toast from 'react-hot-toast';\n\nexport const say = () => toast('Hi');\n";
    expect(await lint('src/client/app/routes/probe.tsx', direct)).toContainEqual({
      rule: 'no-restricted-imports',
      message: expect.stringContaining('src/client/lib/toast.ts'),
    });
    expect(await lint('src/client/app/routes/probe.tsx', importing('toast', '../../lib/toast.ts'))).toEqual(
      [],
    );
    expect(await lint('src/client/app/routes/probe.test.tsx', direct)).toEqual([]);
  });

  it('fires on an import cycle, also one closed by a type-only import', async () => {
    // bottom-bar.tsx imports bottom-sheet-name.ts (type only) and loads bottom-sheets.tsx (dynamic import).
    for (const [file, code] of [
      [
        'src/client/components/layouts/bottom-sheet-name.ts',
        "import type { BottomBar } from './bottom-bar.tsx';\n\nexport type Bar = typeof BottomBar;\n",
      ],
      ['src/client/components/layouts/bottom-sheets.tsx', importing('BottomBar', './bottom-bar.tsx')],
    ] as const) {
      const problems = await lint(file, code);
      expect(problems, file).toContainEqual({
        rule: 'lootklip/no-import-cycle',
        message: expect.stringContaining(`bottom-bar.tsx -> ${path.basename(file)}`),
      });
    }
  });

  it('finds no cycle in the files as they are', async () => {
    for (const file of [
      'src/client/components/layouts/bottom-sheets.tsx',
      'src/client/components/layouts/bottom-bar.tsx',
      'src/client/components/layouts/bottom-sheet-name.ts',
    ]) {
      const code = fs.readFileSync(path.join(root, file), 'utf8');
      expect(await lint(file, code), file).toEqual([]);
    }
  });
});
