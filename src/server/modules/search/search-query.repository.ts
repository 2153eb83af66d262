// A query as PostgreSQL searches it (decision 0082): its words, each matched as a prefix of a document's words
// (stemmed for English, so plurals match), or through a correction when no document has it; and the rank of a
// match, where whole words beat prefixes, the name beats keywords beats descriptions, and the exact phrase beats
// the same words scattered.
import { sql, type RawBuilder } from 'kysely';
import { SEARCH_CANDIDATES, SEARCH_TIER_DAYS } from '../../../shared/constants.ts';
import { PREPARED } from '../../db/plan-hints.ts';
import type { Executor } from '../../db/transaction.ts';
import { isOneTypoAway, otherSpellings, toSearchWords, type SearchWord } from './search-words.ts';

/** Corrections tried for a word no document has. */
const CORRECTIONS_MAX = 3;
/** Words compared with a misspelt one, the nearest by trigrams first. */
const CORRECTION_CANDIDATES = 20;
/** ts_rank's weights for D, C, B, A: description 0.2, keywords 0.4, name 1. */
const WEIGHTS = sql.raw(`'{0.1, 0.2, 0.4, 1.0}'::float4[]`);

export interface QueryWord extends SearchWord {
  /** The word's other spellings (colour, color), searched for as it is. */
  spellings: string[];
  /** Words of the documents one typo away, when no document has this word or a word it begins. */
  corrections: string[];
}

export interface SearchQueryWords {
  words: QueryWord[];
  /** The words searched for, a correction in place of a misspelt word. */
  searchedFor: string;
}

/** The query's words, each with its corrections when no document has it (one round trip). */
export async function interpretQuery(db: Executor, text: string): Promise<SearchQueryWords> {
  const typed = toSearchWords(text);
  if (typed.length === 0) return { words: [], searchedFor: '' };
  // Known: a word some document has (its stem begins a stem of the documents, search_lexemes), or one the texts
  // hold as it is (a stop word such as "with"). Near: words of the same beginning and about the same length, and
  // the nearest by trigrams (which miss a swap of two letters in a short word), checked for one typo below.
  const perWord = typed.map(
    ({ word }, position) => sql`select ${position}::int as position, seen.known,
      case when seen.known then '{}'::text[] else array(
        select n.term from (
          (select t.term from search_terms t where t.term % ${word}
            order by similarity(t.term, ${word}) desc limit ${sql.lit(CORRECTION_CANDIDATES)})
          union
          (select t.term from search_terms t where t.term like ${`${word.slice(0, 2)}%`}
            and length(t.term) between ${[...word].length - 1} and ${[...word].length + 1}
            order by similarity(t.term, ${word}) desc limit ${sql.lit(CORRECTION_CANDIDATES)})
        ) n
        -- The nearest first, the same on every database whatever its collation.
        order by similarity(n.term, ${word}) desc, n.term collate "C"
      ) end as near
      from (select exists (select 1 from search_terms t where t.term = ${word})
        or exists (select 1 from search_lexemes l, lateral (
            select (tsvector_to_array(to_tsvector('english', ${word})))[1] as lexeme) q
          where l.lexeme >= q.lexeme and l.lexeme < q.lexeme || chr(1114111)) as known) seen`,
  );
  const { rows } = await sql<{ position: number; known: boolean; near: string[] }>`
    ${sql.join(perWord, sql` union all `)} order by position ${sql.raw(PREPARED)}`.execute(db);
  const words = typed.map((typedWord, index) => {
    const { known, near } = rows[index]!;
    // A letter and a word ("c serum") match as they are, and are no typo.
    const misspelt = !known && !typedWord.parts;
    return {
      ...typedWord,
      spellings: otherSpellings(typedWord.word),
      corrections: misspelt
        ? near.filter((term) => isOneTypoAway(typedWord.word, term)).slice(0, CORRECTIONS_MAX)
        : [],
    };
  });
  return { words, searchedFor: words.map(shownForm).join(' ') };
}

/** A word as the search shows it: its correction, the letter and word as typed, or itself. */
const shownForm = ({ word, parts, corrections }: QueryWord) => corrections[0] ?? parts?.join(' ') ?? word;

/** Where a search looks: rows of one table, and whether that table keeps its documents in tiers by age. */
export interface SearchRows {
  /** `from ... where ...`, ready for more conditions. */
  rows: RawBuilder<unknown>;
  /** The searched table's alias in rows. */
  alias: string;
  /** The table has search_tier and an index for each tier but the oldest (migration 0032). */
  tiered?: boolean;
}

/** Tiers of a tiered table, the newest (0) first: one per SEARCH_TIER_DAYS, and the older rows. */
const SEARCH_TIERS = SEARCH_TIER_DAYS.length + 1;

/**
 * The newest `limit` of the rows whose document matches, as a subquery of (id, created_at, search_document). Every
 * match is read through a documents' index (materialized: the planner, which guesses a prefix's matches at 2 %,
 * would otherwise walk the newest-first index through the whole table looking for a rare word's). A tiered table is
 * read newest tier first, each tier through its own index, and a tier only when the newer ones hold fewer than
 * `limit` matches: a tier's rows are newer than the next's, so the answer is the same, and a common word costs a
 * week's or a month's matches.
 */
export function newestMatches(
  { rows, alias, tiered = false }: SearchRows,
  match: RawBuilder<string>,
  limit = SEARCH_CANDIDATES,
): RawBuilder<unknown> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const select = (condition: RawBuilder<unknown>) => sql`select ${column('id')} as id,
      ${column('created_at')} as created_at, ${column('search_document')} as search_document
    from ${rows} and ${column('search_document')} @@ ${match} ${condition}`;
  const newest = sql`order by created_at desc, id desc limit ${sql.lit(limit)}`;
  if (!tiered) return sql`(with matches as materialized (${select(sql``)}) select * from matches ${newest})`;
  const tiers = Array.from({ length: SEARCH_TIERS }, (_, tier) => tier);
  const name = (tier: number) => sql.raw(`tier${tier}`);
  // A tier's literal number, so that the planner picks that tier's partial index.
  const tierMatches = tiers.map((tier) => {
    const newer = tiers.slice(0, tier).map((earlier) => sql`(select count(*) from ${name(earlier)})`);
    const tooFew = newer.length ? sql`and ${sql.join(newer, sql` + `)} < ${sql.lit(limit)}` : sql``;
    return sql`${name(tier)} as materialized (${select(sql`and ${column('search_tier')} = ${sql.lit(tier)} ${tooFew}`)})`;
  });
  const all = sql.join(
    tiers.map((tier) => sql`select * from ${name(tier)}`),
    sql` union all `,
  );
  return sql`(with ${sql.join(tierMatches)} ${all} ${newest})`;
}

/**
 * A word as a tsquery operand: quoted (words hold only letters, marks and digits, toSearchWords), as a prefix or
 * whole, and in the name only (weight A) when asked.
 */
const operand = (word: string, prefix: boolean, nameOnly = false) =>
  `'${word}'${prefix || nameOnly ? ':' : ''}${prefix ? '*' : ''}${nameOnly ? 'A' : ''}`;

/**
 * The documents that have every word (or one of its corrections) as a prefix; any of the words when asked (a
 * search whose words are never all in one document); in their name only when asked.
 */
export function buildMatchQuery(
  { words }: SearchQueryWords,
  { anyWord = false, nameOnly = false }: { anyWord?: boolean; nameOnly?: boolean } = {},
): RawBuilder<string> {
  const perWord = words.map(({ word, parts, spellings, corrections }) =>
    [
      ...(parts ? [`${operand(parts[0], false, nameOnly)} & ${operand(parts[1], true, nameOnly)}`] : []),
      operand(word, true, nameOnly),
      ...spellings.map((spelling) => operand(spelling, true, nameOnly)),
      ...corrections.map((form) => operand(form, false, nameOnly)),
    ].join(' | '),
  );
  const joined = perWord.map((alternatives) => `(${alternatives})`).join(anyWord ? ' | ' : ' & ');
  return sql<string>`to_tsquery('english', ${joined})`;
}

/**
 * A rank for a document that matches: the match itself, again for whole words (no prefix, no correction) and
 * twice again for the words in the order typed, each weighted by where in the document they are.
 */
export function buildRank(document: RawBuilder<unknown>, query: SearchQueryWords): RawBuilder<number> {
  const match = buildMatchQuery(query);
  const whole = query.words
    .map(({ word, parts, spellings }) =>
      [
        operand(word, false),
        ...spellings.map((spelling) => operand(spelling, false)),
        ...(parts ? [parts.map((part) => operand(part, false)).join(' & ')] : []),
      ].join(' | '),
    )
    .map((alternatives) => `(${alternatives})`)
    .join(' & ');
  const phrase = query.words.map(({ word, parts }) => parts?.join(' ') ?? word).join(' ');
  const severalWords = query.words.length > 1 || query.words.some(({ parts }) => parts);
  // Each tsquery in a subquery of its own, made once per statement (an InitPlan) and not again for every document
  // ranked: to_tsquery is only stable, so PostgreSQL would parse it per row.
  return sql<number>`(ts_rank(${WEIGHTS}, ${document}, (select ${match}))
    + ts_rank(${WEIGHTS}, ${document}, (select to_tsquery('english', ${whole})))
    + ${severalWords ? sql`2 * ts_rank(${WEIGHTS}, ${document}, (select phraseto_tsquery('english', ${phrase})))` : sql`0`})`;
}
