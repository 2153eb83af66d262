// Server state cache. Client errors (4xx) are answers, not glitches, so only network failures and 5xx retry.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

const MAX_RETRIES = 2;

export function shouldRetryRequest(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500;
  return false;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetryRequest, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

type PagedAnswer = { pages: ReadonlyArray<{ items?: ReadonlyArray<{ id: string }> }> };

function isPagedAnswer(data: unknown): data is PagedAnswer {
  return typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages);
}

/**
 * Takes a deleted item out of every loaded page of the cursor lists under `queryKey` at once, so no list shows it
 * while it loads again (the caller still invalidates: totals and the next cursor come from the server).
 */
export function removeFromPagedLists(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  id: string,
): void {
  queryClient.setQueriesData<unknown>({ queryKey }, (data: unknown) => {
    if (!isPagedAnswer(data)) return data;
    return {
      ...data,
      pages: data.pages.map((page) =>
        page.items ? { ...page, items: page.items.filter((item) => item.id !== id) } : page,
      ),
    };
  });
}
