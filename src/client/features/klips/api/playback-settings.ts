// The two settings the klip player follows (docs/product.md "App settings": content.autoplay and content.quality),
// read from GET /api/v1/settings for a signed-in user. Signed out, while loading or when the call fails, the
// defaults apply: a player never waits on settings to start.
import type { AppSettings } from '../../../../shared/contracts/settings.ts';
import { DEFAULT_SETTINGS } from '../../../../shared/domain/settings-defaults.ts';
import { useAuth } from '../../../lib/auth.ts';
import { useSettings, type SettingsResponse } from '../../../lib/settings.ts';

export type PlaybackSettings = AppSettings['content'];

const selectPlayback = (answer: SettingsResponse): PlaybackSettings => answer.settings.content;

export function usePlaybackSettings(): PlaybackSettings {
  const { user } = useAuth();
  const query = useSettings(selectPlayback);
  return (user && query.data) || DEFAULT_SETTINGS.content;
}
