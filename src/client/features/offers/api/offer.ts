// GET /api/v1/offers/{id} (docs/product.md "Products, klips, offers"): one offer, normalised by the server; its
// owner sees it in any state (upcoming, active, expired), which is what the edit page needs.
import { useQuery } from '@tanstack/react-query';
import type { OfferResponse } from '../../../../shared/contracts/offers.ts';
import { api } from '../../../lib/api-client.ts';

export const offerQueryKey = (id: string) => ['offer', id] as const;

export function useOffer(id: string) {
  return useQuery({
    queryKey: offerQueryKey(id),
    queryFn: ({ signal }) => api.get<OfferResponse>(`/offers/${encodeURIComponent(id)}`, { signal }),
  });
}
