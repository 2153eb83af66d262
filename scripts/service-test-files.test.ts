import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serviceTestFiles } from './service-test-files.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const files = serviceTestFiles().map((file) => path.relative(ROOT, file));

describe("the services' test pass", () => {
  it('takes the tests that reach the test database, directly or through a helper', () => {
    expect(files).toContain('src/server/modules/search/postgres-search.repository.test.ts');
    // Through createTestApp (src/server/test/create-test-app.ts).
    expect(files).toContain('src/server/modules/klips/klips.api.test.ts');
  });

  it('takes the tests that read a service themselves', () => {
    expect(files).toContain('src/server/http/attempt-limiter.test.ts');
  });

  it('leaves the tests that run the same whatever the database', () => {
    expect(files).not.toContain('src/server/media/images.test.ts');
    expect(files).not.toContain('src/server/modules/search/search-words.test.ts');
    expect(files.every((file) => file.startsWith('src/server/') && file.endsWith('.test.ts'))).toBe(true);
  });
});
