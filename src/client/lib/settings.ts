// The signed-in user's settings (GET /api/v1/settings) as one cached query: each feature selects what it
// reads (the klip player its content settings, the quote form the phone). Signed out, it does not run.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { SETTINGS_STALE_MS } from '../../shared/constants.ts';
import type { SettingsResponseSchema } from '../../shared/contracts/settings.ts';
import { api } from './api-client.ts';
import { useAuth } from './auth.ts';

export type SettingsResponse = z.infer<typeof SettingsResponseSchema>;

export const settingsKeys = {
  all: ['settings'] as const,
  user: (uid: string | null) => [...settingsKeys.all, uid] as const,
};

/** The settings through `select` (a stable function, so that it runs only when they change). */
export function useSettings<T>(select: (answer: SettingsResponse) => T): UseQueryResult<T> {
  const { user } = useAuth();
  return useQuery({
    queryKey: settingsKeys.user(user?.uid ?? null),
    enabled: Boolean(user),
    queryFn: ({ signal }) => api.get<SettingsResponse>('/settings', { signal }),
    select,
    staleTime: SETTINGS_STALE_MS,
    retry: false,
  });
}
