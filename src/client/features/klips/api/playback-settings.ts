// The two settings the klip player follows (docs/product.md "App settings": content.autoplay and content.quality),
// read from GET /api/v1/settings for a signed-in user. Signed out, while loading or when the call fails, the
// defaults apply: a player never waits on settings to start.
import { useQuery } from '@tanstack/react-query';
import type { AppSettings, SettingsResponseSchema } from '../../../../shared/contracts/settings.ts';
import { DEFAULT_SETTINGS } from '../../../../shared/domain/settings-defaults.ts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.ts';

export type PlaybackSettings = AppSettings['content'];

export const playbackSettingsKey = ['settings'] as const;

export function usePlaybackSettings(): PlaybackSettings {
  const { user } = useAuth();
  const query = useQuery({
    queryKey: [...playbackSettingsKey, user?.uid ?? null],
    enabled: Boolean(user),
    queryFn: ({ signal }) => api.get<z.infer<typeof SettingsResponseSchema>>('/settings', { signal }),
    select: (answer) => answer.settings.content,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return (user && query.data) || DEFAULT_SETTINGS.content;
}
