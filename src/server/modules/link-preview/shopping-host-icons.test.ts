// The built-in hosts' icons ship in public/ (copied into the built client), as simple SVG monograms.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHOPPING_HOSTS } from '../../../shared/domain/shopping-hosts.ts';

describe('shopping host icons', () => {
  it.each(SHOPPING_HOSTS.map((entry) => [entry.name, entry.icon]))('%s has its icon at %s', (_name, icon) => {
    const svg = fs.readFileSync(path.join('public', icon), 'utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 64 64"/);
    expect(svg).not.toMatch(/<script|on\w+=|href=/i);
  });
});
