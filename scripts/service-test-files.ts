// The server tests whose outcome depends on a real service (CI's second pass, .ci/run, on PostgreSQL and Redis):
// those whose imports reach the test database (src/server/test/test-database.ts) and those that read
// TEST_DATABASE_URL or TEST_REDIS_URL themselves. The others run the same code whatever the database, and
// `npm test` has run them. Prints one path per line, relative to the project's root.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
const READS_SERVICE = /\bTEST_(?:DATABASE|REDIS)_URL\b/;

/** Server test files (absolute paths) that need the services' pass, sorted. */
export function serviceTestFiles(root = ROOT): string[] {
  const testDatabase = path.join(root, 'src/server/test/test-database.ts');
  const imports = new Map<string, string[]>();
  /** The files `file` imports by a relative path. */
  const importsOf = (file: string) => {
    let found = imports.get(file);
    if (!found) {
      found = [...fs.readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)]
        .map((match) => path.resolve(path.dirname(file), match[1]!))
        .filter((imported) => fs.existsSync(imported));
      imports.set(file, found);
    }
    return found;
  };
  const reachesTestDatabase = (file: string, seen = new Set<string>()): boolean => {
    if (file === testDatabase) return true;
    seen.add(file);
    return importsOf(file).some((imported) => !seen.has(imported) && reachesTestDatabase(imported, seen));
  };
  return fs
    .globSync('src/server/**/*.test.ts', { cwd: root })
    .map((file) => path.join(root, file))
    .filter((file) => READS_SERVICE.test(fs.readFileSync(file, 'utf8')) || reachesTestDatabase(file))
    .sort();
}

if (import.meta.filename === process.argv[1]) {
  for (const file of serviceTestFiles()) console.log(path.relative(ROOT, file));
}
