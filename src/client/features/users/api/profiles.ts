// Public profiles (spec §7 "Users"): by user id or by username; the same screen shows either.
import { useQuery } from '@tanstack/react-query';
import type { UserProfile } from '../../../../shared/contracts/users.ts';
import { api } from '../../../lib/api-client.ts';

export function useProfile(key: { userId?: string | undefined; username?: string | undefined }) {
  const path = key.username
    ? `/users/username/${encodeURIComponent(key.username)}`
    : `/users/${encodeURIComponent(key.userId ?? '')}/profile`;
  return useQuery({
    queryKey: ['profile', key.username ?? key.userId],
    queryFn: ({ signal }) => api.get<{ success: true; data: UserProfile }>(path, { signal }),
    enabled: Boolean(key.username || key.userId),
  });
}
