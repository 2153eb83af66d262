import { describe, expect, it } from 'vitest';
import { SEARCH_WORD_MAX_LENGTH, SEARCH_WORDS_MAX } from '../../../shared/constants.ts';
import { isOneTypoAway, otherSpellings, toSearchWords } from './search-words.ts';

const wordsOf = (text: string) => toSearchWords(text).map(({ word }) => word);

describe('toSearchWords', () => {
  it('lower-cases and splits at anything that is not a letter or digit', () => {
    expect(wordsOf('Wireless  HEAD-phones, 256GB!')).toEqual(['wireless', 'head', 'phones', '256gb']);
  });

  it('leaves nothing of query operators, quotes, NUL bytes or emoji', () => {
    expect(wordsOf("a & b | !c :* <-> 'd' \u0000 😀 ()")).toEqual(['ab', 'cd']);
    expect(wordsOf('&&& ||| !!! :*')).toEqual([]);
  });

  it('keeps Devanagari words whole, vowel signs included', () => {
    expect(wordsOf('सूती कुर्ता')).toEqual(['सूती', 'कुर्ता']);
  });

  it('joins a lone letter to the word after it, keeping both parts, so that every spelling of t-shirt is one word', () => {
    expect(toSearchWords('t shirt')).toEqual([{ word: 'tshirt', parts: ['t', 'shirt'] }]);
    expect(toSearchWords('T-Shirt')).toEqual([{ word: 'tshirt', parts: ['t', 'shirt'] }]);
    expect(toSearchWords('tshirt')).toEqual([{ word: 'tshirt' }]);
    expect(wordsOf('vitamin c serum')).toEqual(['vitamin', 'cserum']);
    expect(wordsOf('3 piece set')).toEqual(['3', 'piece', 'set']);
  });

  it('bounds the number and the length of words', () => {
    const words = wordsOf(`${'x'.repeat(1000)} ${Array.from({ length: 50 }, (_, i) => `w${i}`).join(' ')}`);
    expect(words).toHaveLength(SEARCH_WORDS_MAX);
    expect(words[0]).toHaveLength(SEARCH_WORD_MAX_LENGTH);
  });
});

describe('isOneTypoAway', () => {
  it('accepts one letter added, dropped, changed or two swapped', () => {
    expect(isOneTypoAway('headphn', 'headphon')).toBe(true);
    expect(isOneTypoAway('kurtaa', 'kurta')).toBe(true);
    expect(isOneTypoAway('sarei', 'saree')).toBe(true);
    expect(isOneTypoAway('haedphon', 'headphon')).toBe(true);
  });

  it('refuses two typos, the same word, and words too short to correct', () => {
    expect(isOneTypoAway('hedphn', 'headphon')).toBe(false);
    expect(isOneTypoAway('kurta', 'kurta')).toBe(false);
    expect(isOneTypoAway('mat', 'map')).toBe(false);
    expect(isOneTypoAway('kurti', 'kurtas')).toBe(false);
  });

  it('never takes a kurti for a kurta, or the other way', () => {
    expect(isOneTypoAway('kurti', 'kurta')).toBe(false);
    expect(isOneTypoAway('kurta', 'kurti')).toBe(false);
  });

  it('gives a word its other spellings, either way, with the rest of the word', () => {
    expect(otherSpellings('jewelry')).toEqual(['jewellery']);
    expect(otherSpellings('colours')).toEqual(['colors']);
    expect(otherSpellings('moisturizing')).toEqual(['moisturising']);
    expect(otherSpellings('catalogue')).toEqual(['catalog']);
    expect(otherSpellings('catalog')).toEqual(['catalogue']);
    expect(otherSpellings('kurta')).toEqual([]);
  });
});
