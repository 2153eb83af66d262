// What a shopper typed, as the words the search looks for (decision 0082). Anything is accepted: operators, quotes,
// NUL bytes and emoji are not letters and fall away, so nothing typed reaches PostgreSQL's query syntax; Devanagari
// and other scripts keep their letters and vowel signs.
import {
  SEARCH_TYPO_MIN_LENGTH,
  SEARCH_WORD_MAX_LENGTH,
  SEARCH_WORDS_MAX,
} from '../../../shared/constants.ts';

/** A letter, a combining mark (Devanagari's vowel signs) or a digit; everything else separates words. */
const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/u;

export interface SearchWord {
  word: string;
  /**
   * A lone letter and the word after it, as typed ("t shirt", "t-shirt", "vitamin c serum"): `word` joins them, as
   * the documents join hyphenated words ('tshirt'), and either form matches.
   */
  parts?: [string, string];
}

/** The words of a query, lower-cased, at most SEARCH_WORDS_MAX of at most SEARCH_WORD_MAX_LENGTH characters. */
export function toSearchWords(text: string): SearchWord[] {
  const typed = text
    .normalize('NFKC')
    .toLowerCase()
    .split(NOT_WORD)
    .filter(Boolean)
    .map((word) => word.slice(0, SEARCH_WORD_MAX_LENGTH));
  const words: SearchWord[] = [];
  for (let index = 0; index < typed.length && words.length < SEARCH_WORDS_MAX; index += 1) {
    const part = typed[index]!;
    const next = typed[index + 1];
    if (next && /^\p{L}$/u.test(part) && /^\p{L}/u.test(next)) {
      words.push({ word: (part + next).slice(0, SEARCH_WORD_MAX_LENGTH), parts: [part, next] });
      index += 1;
    } else {
      words.push({ word: part });
    }
  }
  return words;
}

/**
 * Words one letter apart that name different things: a search for one never shows the other as its correction
 * (decision 0082: a kurti is not a kurta).
 */
const DIFFERENT_THINGS = [['kurta', 'kurti']];

/**
 * Whether `candidate` is `word` with one typo: a letter added, dropped, changed, or two neighbours swapped (the
 * optimal string alignment distance is at most 1). Only for words of SEARCH_TYPO_MIN_LENGTH or more: a shorter word
 * one letter away is too often another word.
 */
export function isOneTypoAway(word: string, candidate: string): boolean {
  if (word.length < SEARCH_TYPO_MIN_LENGTH || word === candidate) return false;
  if (DIFFERENT_THINGS.some((pair) => pair.includes(word) && pair.includes(candidate))) return false;
  const a = [...word];
  const b = [...candidate];
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  const rest = (from: number, to: number) => a.slice(from).join('') === b.slice(to).join('');
  if (a.length === b.length) {
    return rest(i + 1, i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && rest(i + 2, i + 2));
  }
  return a.length > b.length ? rest(i + 1, i) : rest(i, i + 1);
}

/**
 * One word's spellings more than a typo apart, the British and Indian English first, then the American: a word that
 * begins with one is also searched with the other ("jewelry" finds jewellery, "pajama" a kurta pyjama set).
 */
const SPELLINGS: readonly (readonly [string, string])[] = [
  ['aluminium', 'aluminum'],
  ['catalogue', 'catalog'],
  ['centre', 'center'],
  ['colour', 'color'],
  ['customis', 'customiz'],
  ['favourite', 'favorite'],
  ['fibre', 'fiber'],
  ['flavour', 'flavor'],
  ['grey', 'gray'],
  ['jewellery', 'jewelry'],
  ['litre', 'liter'],
  ['moisturis', 'moisturiz'],
  ['mould', 'mold'],
  ['organis', 'organiz'],
  ['personalis', 'personaliz'],
  ['pyjama', 'pajama'],
  ['sanitis', 'sanitiz'],
];

/** The word in its other spellings (SPELLINGS), if it has any: "colours" gives "colors". */
export function otherSpellings(word: string): string[] {
  return SPELLINGS.flatMap(([british, american]) => {
    if (word.startsWith(british)) return [american + word.slice(british.length)];
    if (word.startsWith(american)) return [british + word.slice(american.length)];
    return [];
  });
}
