// The search engine on the app's own database (decision 0082): each section's documents are a generated, weighted
// tsvector with a GIN index (migration 0031), products' and klips' also in an index per age tier (0032). A search
// ranks at most SEARCH_CANDIDATES matches, the newest, so that a common word costs the same at any catalogue size;
// pages are keyset cursors on (rank, id).
import { sql } from 'kysely';
import { z } from 'zod';
import { SEARCH_CANDIDATES, SEARCH_SUGGESTION_CANDIDATES } from '../../../shared/constants.ts';
import { SEARCH_SECTIONS, type SearchSection } from '../../../shared/contracts/search.ts';
import { CATEGORIES, CATEGORY_SEPARATOR, CATEGORY_TREE } from '../../../shared/domain/categories.ts';
import { isActiveAt } from '../../db/active-at.ts';
import { PREPARED } from '../../db/plan-hints.ts';
import { authorContentVisibleTo } from '../../db/audience.ts';
import type { Executor } from '../../db/transaction.ts';
import { decodeCursor, encodeCursor } from '../content/content-cursor.ts';
import type { SearchEngine, SearchRequest, SectionPage, SuggestionHit } from './search-engine.ts';
import {
  buildMatchQuery,
  buildRank,
  interpretQuery,
  newestMatches,
  type SearchQueryWords,
  type SearchRows,
} from './search-query.repository.ts';
import { toSearchWords } from './search-words.ts';

/** Shop Stars among the suggestions, before the products' names. */
const SUGGESTED_SHOPSTARS = 2;

const CursorSchema = z.object({
  rank: z.string().regex(/^-?\d+(\.\d+)?$/),
  id: z.string().max(64),
  total: z.number(),
  /** The pages are of documents with any of the words (none has them all). */
  anyWord: z.boolean().optional(),
});
type Cursor = z.infer<typeof CursorSchema>;

/**
 * Each section's rows a reader may find; the author (or the Shop Star) is u, as authorContentVisibleTo reads it.
 */
function sectionRows(section: SearchSection, { reader, now }: SearchRequest): SearchRows {
  const visible = authorContentVisibleTo(reader);
  switch (section) {
    case 'products':
      return {
        rows: sql`products p join users u on u.id = p.owner_id where p.status = 'active' and ${visible}`,
        alias: 'p',
        tiered: true,
      };
    case 'klips':
      return {
        rows: sql`klips k join users u on u.id = k.owner_id where k.status = 'active' and ${visible}`,
        alias: 'k',
        tiered: true,
      };
    case 'offers':
      return {
        rows: sql`offers o join users u on u.id = o.owner_id
          where o.status = 'active' and ${isActiveAt('o', now)} and ${visible}`,
        alias: 'o',
      };
    case 'shopstars':
      // A Shop Star sells: someone with an active product or klip.
      return {
        rows: sql`users u where ${visible}
          and (exists (select 1 from products p where p.owner_id = u.id and p.status = 'active')
            or exists (select 1 from klips k where k.owner_id = u.id and k.status = 'active'))`,
        alias: 'u',
      };
  }
}

export interface PostgresSearchOptions {
  /** Matches ranked per search (tests make it small). */
  candidates?: number;
  /** Product names ranked per suggestion list. */
  suggestionCandidates?: number;
}

export function createPostgresSearchEngine(
  db: Executor,
  {
    candidates = SEARCH_CANDIDATES,
    suggestionCandidates = SEARCH_SUGGESTION_CANDIDATES,
  }: PostgresSearchOptions = {},
): SearchEngine {
  /**
   * The ranked page of the candidates the match finds, and their count. A prepared statement on PostgreSQL
   * (PREPARED): its text varies only with the section, the reader's kind, the words' count and the cursor, and it
   * saves the 2.5 ms of planning the tiers' statement takes (decision 0082).
   */
  async function rankPage(
    section: SearchSection,
    query: SearchQueryWords,
    request: SearchRequest,
    limit: number,
    anyWord: boolean,
    cursor: Cursor | undefined,
  ) {
    const match = buildMatchQuery(query, { anyWord });
    const { rows } = await sql<{ id: string; rank: string; total: string }>`
      with candidates as (
        select m.id, m.search_document from ${newestMatches(sectionRows(section, request), match, candidates)} m
      ), ranked as (
        select c.id, round(${buildRank(sql`c.search_document`, query)}::numeric, 6) as rank from candidates c
      )
      select id, rank::text as rank, (select count(*) from candidates) as total from ranked
      ${cursor ? sql`where (rank, id) < (${cursor.rank}::numeric, ${cursor.id})` : sql``}
      order by rank desc, id desc limit ${limit + 1} ${sql.raw(PREPARED)}`.execute(db);
    return rows;
  }

  /**
   * One page of a section: documents with every word; when none has them all, documents with any of them (a
   * shopper's "thriller novel" finds thrillers and novels), the cursor remembering which.
   */
  async function findPage(
    section: SearchSection,
    query: SearchQueryWords,
    request: SearchRequest,
    limit: number,
    cursor?: Cursor,
  ): Promise<SectionPage> {
    if (query.words.length === 0) return { ids: [], total: 0, cursor: null };
    let anyWord = cursor?.anyWord ?? false;
    let rows = await rankPage(section, query, request, limit, anyWord, cursor);
    if (rows.length === 0 && !cursor && query.words.length > 1) {
      anyWord = true;
      rows = await rankPage(section, query, request, limit, anyWord, cursor);
    }
    const page = rows.slice(0, limit);
    const total = cursor?.total ?? Number(rows[0]?.total ?? 0);
    const last = page.at(-1);
    return {
      ids: page.map((row) => row.id),
      total,
      cursor:
        rows.length > limit && last
          ? encodeCursor({ rank: last.rank, id: last.id, total, ...(anyWord ? { anyWord } : {}) })
          : null,
    };
  }

  return {
    async searchAll(request, limit) {
      const query = await interpretQuery(db, request.text);
      const pages = await Promise.all(
        SEARCH_SECTIONS.map((section) => findPage(section, query, request, limit)),
      );
      const sections = Object.fromEntries(
        SEARCH_SECTIONS.map((section, index) => [section, pages[index]!]),
      ) as Record<SearchSection, SectionPage>;
      return { searchedFor: query.searchedFor, sections };
    },

    async searchSection(section, request, page) {
      const cursor = page.cursor ? decodeCursor(page.cursor, CursorSchema) : undefined;
      return findPage(section, await interpretQuery(db, request.text), request, page.limit, cursor);
    },

    async suggest(request, limit) {
      const query = await interpretQuery(db, request.text);
      if (query.words.length === 0) return [];
      const categories = matchCategories(request.text);
      const [products, shopstars] = await Promise.all([
        // Ranked among the newest names that match, fewer than a section's: eight are shown.
        sql<{ id: string; name: string }>`
          select c.id, p.name from ${newestMatches(
            sectionRows('products', request),
            buildMatchQuery(query, { nameOnly: true }),
            suggestionCandidates,
          )} c join products p on p.id = c.id
          order by ${buildRank(sql`c.search_document`, query)} desc, c.created_at desc
          limit ${limit} ${sql.raw(PREPARED)}`.execute(db),
        findPage('shopstars', query, request, SUGGESTED_SHOPSTARS),
      ]);
      const usernames = shopstars.ids.length
        ? await sql<{
            id: string;
            username: string;
          }>`select id, username from users where id in (${sql.join(shopstars.ids)})`.execute(db)
        : { rows: [] };
      const byId = new Map(usernames.rows.map((row) => [row.id, row.username]));
      const hits: SuggestionHit[] = [
        ...categories.map((category) => ({ kind: 'category' as const, key: category, label: category })),
        ...shopstars.ids.flatMap((id) => {
          const username = byId.get(id);
          return username ? [{ kind: 'shopstar' as const, key: username, label: `@${username}` }] : [];
        }),
        ...products.rows.map((row) => ({ kind: 'product' as const, key: row.id, label: row.name })),
      ];
      return hits.slice(0, limit);
    },
  };
}

/** The categories and subcategories every typed word begins a word of ("elec pho": 'Electronics - Phones'). */
function matchCategories(text: string): string[] {
  const typed = toSearchWords(text).map(({ word }) => word);
  const names = CATEGORIES.flatMap((root) => [
    root,
    ...CATEGORY_TREE[root].map((sub) => `${root}${CATEGORY_SEPARATOR}${sub}`),
  ]);
  return names
    .filter((name) => {
      const words = toSearchWords(name).map(({ word }) => word);
      return typed.every((word) => words.some((candidate) => candidate.startsWith(word)));
    })
    .slice(0, 2);
}
