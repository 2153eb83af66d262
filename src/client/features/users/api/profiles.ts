// Public profiles (docs/product.md "Users"): by user id or by username; the same screen shows either. The query
// options are shared, so a prefetch (the hover card's) and the screens read the same cache entry.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '../../../../shared/contracts/users.ts';
import { api } from '../../../lib/api-client.ts';

export type ProfileKey = { userId?: string | undefined; username?: string | undefined };

export function getProfileQueryOptions(key: ProfileKey) {
  const path = key.username
    ? `/users/username/${encodeURIComponent(key.username)}`
    : `/users/${encodeURIComponent(key.userId ?? '')}/profile`;
  return queryOptions({
    queryKey: ['profile', key.username ?? key.userId],
    queryFn: ({ signal }) => api.get<{ success: true; data: UserProfile }>(path, { signal }),
    enabled: Boolean(key.username || key.userId),
  });
}

export function useProfile(key: ProfileKey, { enabled = true }: { enabled?: boolean } = {}) {
  const options = getProfileQueryOptions(key);
  return useQuery({ ...options, enabled: enabled && options.enabled });
}
