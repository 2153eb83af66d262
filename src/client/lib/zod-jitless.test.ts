import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import entry from '../main.tsx?raw';

describe('zod-jitless', () => {
  it('turns off zod’s compiled parsers, which need eval', async () => {
    z.config({ jitless: false });
    await import('./zod-jitless.ts');
    expect(z.config().jitless).toBe(true);
  });

  it('is the first import of the client entry, so it runs before any schema is built', () => {
    const imports = entry.match(/^import .*$/gm) ?? [];
    expect(imports[0]).toBe("import './lib/zod-jitless.ts';");
  });
});
