// GET /api/v1/search, /api/v1/search/{section} and /api/v1/search/suggestions (decision 0082). Public like the
// listings (and behind sign-in where they are, LISTINGS_NEED_SIGN_IN); a signed-in reader also finds what sellers
// show only to signed-in people (decision 0071).
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEARCH_SUGGESTIONS_MAX } from '../../../shared/constants.ts';
import {
  SearchQuerySchema,
  SearchResponseSchema,
  SearchSectionParamsSchema,
  SearchSectionPageSchema,
  SearchSectionQuerySchema,
  SuggestionsQuerySchema,
  SuggestionsResponseSchema,
} from '../../../shared/contracts/search.ts';
import { toReader } from '../../../shared/domain/privacy.ts';
import type { SearchService } from './search.service.ts';

export interface SearchRoutesOptions {
  search: SearchService;
  /** Sets request.userId or answers 401. */
  requireUser: preHandlerAsyncHookHandler;
  /** Sets request.userId when a good token is sent; a bad one is a 401. */
  optionalUser: preHandlerAsyncHookHandler;
  listingsNeedSignIn: boolean;
}

export const searchRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (
  app,
  { search, requireUser, optionalUser, listingsNeedSignIn },
) => {
  const onRequest = listingsNeedSignIn ? requireUser : optionalUser;
  // Anything typed is answered: a NUL or a broken character in it is only not a letter (search-words.ts).
  const config = { freeTextQuery: ['q'] };

  app.get(
    '/api/v1/search',
    {
      onRequest,
      config,
      schema: {
        tags: ['search'],
        summary: 'Search every section at once: the first few of each',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await search.search(request.query.q, request.query.limit, toReader(request.userId))),
    }),
  );

  app.get(
    '/api/v1/search/suggestions',
    {
      onRequest,
      config,
      schema: {
        tags: ['search'],
        summary: 'Suggest searches for what is typed so far',
        querystring: SuggestionsQuerySchema,
        response: { 200: SuggestionsResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      items: await search.suggest(request.query.q, SEARCH_SUGGESTIONS_MAX, toReader(request.userId)),
    }),
  );

  app.get(
    '/api/v1/search/:section',
    {
      onRequest,
      config,
      schema: {
        tags: ['search'],
        summary: 'Search one section, a page at a time',
        params: SearchSectionParamsSchema,
        querystring: SearchSectionQuerySchema,
        response: {
          200: SearchSectionPageSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await search.searchSection(
        request.params.section,
        request.query.q,
        request.query,
        toReader(request.userId),
      )),
    }),
  );
};
