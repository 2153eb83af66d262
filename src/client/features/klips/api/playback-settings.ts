// The settings the klip player follows (docs/product.md "App settings": content.autoplay and content.quality, and
// accessibility.reduceMotion, under which klips do not start by themselves; decision 0073), read from
// GET /api/v1/settings for a signed-in user. Signed out, while loading or when the call fails, the defaults apply:
// a player never waits on settings to start.
import type { AppSettings } from '../../../../shared/contracts/settings.ts';
import { DEFAULT_SETTINGS } from '../../../../shared/domain/settings-defaults.ts';
import { useAuth } from '../../../lib/auth.ts';
import { useIsHydrating } from '../../../lib/render-environment.ts';
import { useSettings, type SettingsResponse } from '../../../lib/settings.ts';
import { REDUCE_MOTION_CLASS } from '../../../lib/theme.ts';

export type PlaybackSettings = AppSettings['content'];

const selectPlayback = ({ settings }: SettingsResponse): PlaybackSettings => ({
  quality: settings.content.quality,
  autoplay: settings.content.autoplay && !settings.accessibility.reduceMotion,
});

// Before the settings arrive, the copy of Reduce motion this device remembers (src/client/lib/theme.ts) already
// holds a klip back, so that it does not start and then stop.
const REDUCED_DEFAULTS: PlaybackSettings = { ...DEFAULT_SETTINGS.content, autoplay: false };

export function usePlaybackSettings(): PlaybackSettings {
  const { user } = useAuth();
  const query = useSettings(selectPlayback);
  // A server render does not know the device's copy: nothing starts until the page has run (decision 0080).
  const hydrating = useIsHydrating();
  if (user && query.data) return query.data;
  return hydrating || document.documentElement.classList.contains(REDUCE_MOTION_CLASS)
    ? REDUCED_DEFAULTS
    : DEFAULT_SETTINGS.content;
}
