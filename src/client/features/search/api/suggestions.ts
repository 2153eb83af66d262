// GET /api/v1/search/suggestions (decision 0082): what the header's box completes to as the shopper types. A newer
// text leaves the older request without an observer, and TanStack Query aborts it through its signal; the previous
// list stays up while the next one loads.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SuggestionsResponse } from '../../../../shared/contracts/search.ts';
import { api } from '../../../lib/api-client.ts';

const SUGGESTIONS_STALE_MS = 60_000;

export function useSuggestions(q: string) {
  return useQuery({
    queryKey: ['search', 'suggestions', q],
    enabled: q !== '',
    staleTime: SUGGESTIONS_STALE_MS,
    queryFn: ({ signal }) => api.get<SuggestionsResponse>('/search/suggestions', { signal, query: { q } }),
    placeholderData: keepPreviousData,
    select: (answer) => answer.items,
  });
}
