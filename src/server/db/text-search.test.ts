// The search text every repository sends: prefix words for the full-text indexes, a literal substring for LIKE.
import { describe, expect, it } from 'vitest';
import { toContainsPattern, toPrefixQuery } from './text-search.ts';

describe('toPrefixQuery', () => {
  it('makes each word a lower-cased prefix, joined by and', () => {
    expect(toPrefixQuery('Blue Head')).toBe('blue:* & head:*');
  });

  it('splits on anything that is not a letter or a digit, keeping letters of any script', () => {
    expect(toPrefixQuery("Rock'n roll: 2 Cafés")).toBe('rock:* & n:* & roll:* & 2:* & cafés:*');
  });

  it('keeps the first eight words', () => {
    expect(toPrefixQuery('a b c d e f g h i j')).toBe('a:* & b:* & c:* & d:* & e:* & f:* & g:* & h:*');
  });

  it('answers null when the search has no word (only tsquery operators, say)', () => {
    expect(toPrefixQuery(' & | ! :* ')).toBeNull();
  });
});

describe('toContainsPattern', () => {
  it('matches the lower-cased search anywhere', () => {
    expect(toContainsPattern('Blue Head')).toBe('%blue head%');
  });

  it("takes LIKE's wildcards and its escape literally", () => {
    expect(toContainsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
