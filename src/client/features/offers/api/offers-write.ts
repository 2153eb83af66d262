// A seller's writes to their offers (docs/product.md "Content", "Products, klips, offers"): POST /api/v1/content
// with `{type: 'offer', status: 'active', metadata}` creates one, PATCH and DELETE /api/v1/offers/{id} change or
// remove it (the owner only; the server refuses anyone else). Every list that may show an offer or its prices loads
// again afterwards: the offers lists, and product lists (Hot Deals, offer prices on cards).
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CreateOfferBody,
  OfferData,
  OfferResponse,
  UpdateOfferBody,
} from '../../../../shared/contracts/offers.ts';
import { api } from '../../../lib/api-client.ts';
import { removeFromPagedLists } from '../../../lib/query-client.ts';
import { offerQueryKey } from './offer.ts';

/** A new Idempotency-Key. randomUUID needs a secure context; a phone on the LAN's http address has none. */
export function createIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false)
    return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * `idempotencyKey` is one per offer the seller means to create (decision 0034): a retry after a lost answer sends
 * the same key, so the offer is not created twice.
 */
export function createOffer(metadata: OfferData, idempotencyKey: string): Promise<OfferResponse> {
  const body: CreateOfferBody = { type: 'offer', status: 'active', metadata };
  return api.post<OfferResponse>('/content', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function updateOffer(id: string, body: UpdateOfferBody): Promise<OfferResponse> {
  return api.patch<OfferResponse>(`/offers/${encodeURIComponent(id)}`, body);
}

export function deleteOffer(id: string): Promise<unknown> {
  return api.delete<unknown>(`/offers/${encodeURIComponent(id)}`);
}

function refreshOfferLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['offers'] }),
    queryClient.invalidateQueries({ queryKey: ['products'] }),
  ]).then(() => undefined);
}

function storeSavedOffer(queryClient: QueryClient, answer: OfferResponse): Promise<void> {
  queryClient.setQueryData(offerQueryKey(answer.offer.id), answer);
  return refreshOfferLists(queryClient);
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ data, idempotencyKey }: { data: OfferData; idempotencyKey: string }) =>
      createOffer(data, idempotencyKey),
    onSuccess: (answer) => storeSavedOffer(queryClient, answer),
  });
}

export function useUpdateOffer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOfferBody) => updateOffer(id, body),
    onSuccess: (answer) => storeSavedOffer(queryClient, answer),
  });
}

export function useDeleteOffer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteOffer(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: offerQueryKey(id) });
      // Gone from the Offers page at once, wherever the owner deleted it; the lists then load again, not awaited:
      // the dialog closes without waiting for them.
      removeFromPagedLists(queryClient, ['offers'], id);
      void refreshOfferLists(queryClient);
    },
  });
}
