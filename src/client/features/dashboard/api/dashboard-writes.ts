// The dashboard's writes (docs/product.md "Products, klips, offers", "Klip video upload"): DELETE of a product,
// klip or offer, and POST /api/v1/klips/{id}/retry for a klip whose processing failed. The same endpoints the
// edit pages call; a feature never imports another, so the three small calls live here too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DashboardSection } from '../../../../shared/contracts/dashboard.ts';
import { api } from '../../../lib/api-client.ts';
import { removeFromPagedLists } from '../../../lib/query-client.ts';
import { dashboardKeys } from './dashboard.ts';

const ITEM_PATHS: Record<DashboardSection, string> = {
  products: '/products',
  klips: '/klips',
  offers: '/offers',
};

const itemPath = (section: DashboardSection, id: string) =>
  `${ITEM_PATHS[section]}/${encodeURIComponent(id)}`;

export function useDeleteDashboardItem(section: DashboardSection, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<unknown>(itemPath(section, id)),
    onSuccess: () => {
      // Gone from the list at once; then the dashboard loads again (counts, figures), and every other list the
      // app has cached (the shop, the klips, the offers) is asked again the next time it shows.
      removeFromPagedLists(queryClient, dashboardKeys.section(section), id);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== dashboardKeys.all[0],
        refetchType: 'none',
      });
    },
  });
}

export function useRetryDashboardKlip(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>(`${itemPath('klips', id)}/retry`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.section('klips') }),
  });
}
