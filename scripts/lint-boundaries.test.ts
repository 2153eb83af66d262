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

type Case = { name: string; file: string; wrong: string; right: string; rule: string };

const cases: Case[] = [
  {
    name: 'components/ importing a feature',
    file: 'src/client/components/ui/probe.tsx',
    wrong: importing('useProductList', '../../features/products/api/products.ts'),
    right: importing('Avatar', './avatar.tsx'),
    rule: 'lootklip/forbidden-imports',
  },
  {
    name: 'lib/ importing the app layer',
    file: 'src/client/lib/probe.ts',
    wrong: importing('routes', '../app/router.tsx'),
    right: importing('api', './api-client.ts'),
    rule: 'lootklip/forbidden-imports',
  },
  {
    name: 'hooks/ importing a feature',
    file: 'src/client/hooks/probe.ts',
    wrong: importing('filterLoadedProducts', '../features/products/shop-filters.ts'),
    right: importing('useDebouncedValue', './use-debounced-value.ts'),
    rule: 'lootklip/forbidden-imports',
  },
  {
    name: 'a feature importing another feature',
    file: 'src/client/features/products/probe.ts',
    wrong: importing('useProfile', '../users/api/profiles.ts'),
    right: importing('filterLoadedProducts', './shop-filters.ts'),
    rule: 'lootklip/feature-isolation',
  },
  {
    name: 'a feature importing the app layer',
    file: 'src/client/features/products/probe.ts',
    wrong: importing('routes', '../../app/router.tsx'),
    right: importing('Avatar', '../../components/ui/avatar.tsx'),
    rule: 'lootklip/feature-isolation',
  },
  {
    name: 'a route importing a repository',
    file: 'src/server/modules/users/probe.routes.ts',
    wrong: importing('createUsersRepository', './users.repository.ts'),
    right: importing('createUsersService', './users.service.ts'),
    rule: 'lootklip/forbidden-imports',
  },
  {
    name: "a route importing kysely's sql",
    file: 'src/server/modules/users/probe.routes.ts',
    wrong: importing('sql', 'kysely'),
    right: importing('z', 'zod'),
    rule: 'lootklip/forbidden-imports',
  },
  {
    name: 'a route importing Kysely types',
    file: 'src/server/http/probe.routes.ts',
    wrong: "import type { Kysely } from 'kysely';\n\nexport type Db = Kysely<object>;\n",
    right: "import type { FastifyInstance } from 'fastify';\n\nexport type App = FastifyInstance;\n",
    rule: 'lootklip/forbidden-imports',
  },
  {
    name: 'a route importing the database layer',
    file: 'src/server/http/probe.routes.ts',
    wrong: importing('openDatabase', '../db/database.ts'),
    right: importing('parseBody', './validation.ts'),
    rule: 'lootklip/forbidden-imports',
  },
  {
    name: 'shared importing the server',
    file: 'src/shared/domain/probe.ts',
    wrong: importing('AppError', '../../server/errors.ts'),
    right: importing('CATEGORIES', './categories.ts'),
    rule: 'no-restricted-imports',
  },
  {
    name: 'shared importing the client',
    file: 'src/shared/domain/probe.ts',
    wrong: importing('api', '../../client/lib/api-client.ts'),
    right: importing('requestKey', './request-key.ts'),
    rule: 'no-restricted-imports',
  },
];

describe('lint boundaries', () => {
  for (const { name, file, wrong, right, rule } of cases) {
    it(`fires on ${name} and stays quiet on a right import`, async () => {
      expect((await lint(file, wrong)).map((problem) => problem.rule)).toContain(rule);
      expect(await lint(file, right)).toEqual([]);
    });
  }

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
