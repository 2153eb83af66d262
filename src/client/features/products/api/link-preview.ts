// The preview of a seller's store link (docs/product.md "Link preview"): GET /api/v1/link-preview?url=. A preview
// only decorates the link, so a failure is only logged (a warning, never an error) and the link shows its own name.
import { useQuery } from '@tanstack/react-query';
import { LINK_PREVIEW_CACHE_TTL_MS } from '../../../../shared/constants.ts';
import {
  LinkPreviewFailedSchema,
  LinkPreviewResponseSchema,
  type LinkPreview,
} from '../../../../shared/contracts/link-preview.ts';
import { api, getErrorMessage } from '../../../lib/api-client.ts';

async function getLinkPreview(url: string, signal: AbortSignal): Promise<LinkPreview> {
  let body: unknown;
  try {
    body = await api.get<unknown>('/link-preview', { query: { url }, signal });
  } catch (error) {
    if (!signal.aborted) console.warn(`No preview for ${url}: ${getErrorMessage(error)}`);
    throw error;
  }
  // A website that gave no readable page is an answer, not a failed request (decision 0053b): nothing for the
  // browser to log as an error.
  const failed = LinkPreviewFailedSchema.safeParse(body);
  if (failed.success) {
    console.warn(`No preview for ${url}: ${failed.data.message}`);
    throw new Error(failed.data.message);
  }
  return LinkPreviewResponseSchema.parse(body).data;
}

export function useLinkPreview(url: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['link-preview', url],
    queryFn: ({ signal }) => getLinkPreview(url, signal),
    enabled,
    // The server caches a preview for as long; asking again sooner would only get the same answer.
    staleTime: LINK_PREVIEW_CACHE_TTL_MS,
    gcTime: LINK_PREVIEW_CACHE_TTL_MS,
    retry: false,
  });
}
