// A server-rendered page's HTTP status (decision 0080): 404 for a path no route matches, and for a page whose one
// subject does not exist (a product, a creator), which says so as it renders. And the answers that say so: a 404
// from the API is an answer, not a failure to retry, so the render keeps it and the page data carries it for the
// browser's first render to show the same.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { ApiError } from './api-client.ts';

/** Given by the server's render only: sets the status it is to answer with. */
export const PageStatusContext = createContext<((status: number) => void) | null>(null);

/** Marks the page being rendered on the server as not found when `notFound`; nothing in the browser. */
export function useNotFoundPage(notFound: boolean): void {
  const setStatus = useContext(PageStatusContext);
  if (notFound) setStatus?.(404);
}

export function isNotFoundError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 404;
}

/** An ApiError in page data (JSON keeps neither its class nor its message). */
export type ApiErrorJson = { apiError: { status: number; message: string; code?: string } };

export function toApiErrorJson(error: ApiError): ApiErrorJson {
  return { apiError: { status: error.status, message: error.message, code: error.code } };
}

/** The ApiError a page's data carries, as the class the components check for; anything else as it is. */
export function fromApiErrorJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('apiError' in value)) return value;
  const { status, message, code } = (value as ApiErrorJson).apiError;
  return new ApiError(status, message, code);
}

/**
 * A query the page came with that answered 404: shown as it is, not asked again when its page mounts (TanStack asks
 * again for an error on mount, and shows it loading meanwhile, which would differ from the server's HTML).
 */
export function keepNotFoundAnswer(queryClient: QueryClient, queryKey: QueryKey): void {
  queryClient.setQueryDefaults(queryKey, { retryOnMount: false });
}
