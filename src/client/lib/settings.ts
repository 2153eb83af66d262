// The signed-in user's settings (GET /api/v1/settings) as one cached query: each feature selects what it
// reads (the klip player its content settings, the quote form the phone). Signed out, it does not run.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { SETTINGS_STALE_MS } from '../../shared/constants.ts';
import { DEFAULT_SETTINGS } from '../../shared/domain/settings-defaults.ts';
import { HTTP_MESSAGES } from '../../shared/shell-messages.ts';
import type { SettingsResponseSchema } from '../../shared/contracts/settings.ts';
import { api } from './api-client.ts';
import { useAuth } from './auth.ts';

export type SettingsResponse = z.infer<typeof SettingsResponseSchema>;

export const settingsKeys = {
  all: ['settings'] as const,
  user: (uid: string | null) => [...settingsKeys.all, uid] as const,
};

/**
 * The answer when it has `success` and `settings` with every category (docs/product.md "Settings calls");
 * otherwise the spec's 'Invalid response from server', and the readers fall back to the defaults.
 */
export function readSettingsResponse(answer: unknown): SettingsResponse {
  const { success, settings } = (answer ?? {}) as { success?: unknown; settings?: unknown };
  const complete =
    success === true &&
    typeof settings === 'object' &&
    settings !== null &&
    Object.keys(DEFAULT_SETTINGS).every(
      (category) => typeof (settings as Record<string, unknown>)[category] === 'object',
    );
  if (!complete) throw new Error(HTTP_MESSAGES.invalidResponse);
  return answer as SettingsResponse;
}

/** The settings through `select` (a stable function, so that it runs only when they change). */
export function useSettings<T>(select: (answer: SettingsResponse) => T): UseQueryResult<T> {
  const { user } = useAuth();
  return useQuery({
    queryKey: settingsKeys.user(user?.uid ?? null),
    enabled: Boolean(user),
    queryFn: ({ signal }) => api.get<unknown>('/settings', { signal }).then(readSettingsResponse),
    select,
    staleTime: SETTINGS_STALE_MS,
    retry: false,
  });
}
