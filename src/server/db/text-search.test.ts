// The substring every repository sends to LIKE, taken literally.
import { describe, expect, it } from 'vitest';
import { toContainsPattern } from './text-search.ts';

describe('toContainsPattern', () => {
  it('matches the lower-cased search anywhere', () => {
    expect(toContainsPattern('Blue Head')).toBe('%blue head%');
  });

  it("takes LIKE's wildcards and its escape literally", () => {
    expect(toContainsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
