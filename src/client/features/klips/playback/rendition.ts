// Which of a klip's two renditions to play (docs/product.md "App settings": content.quality; decision 0040):
// 'dataSaver' takes the small one (480x854), 'high' the large one (720x1280); 'auto' takes the small one
// when the visitor asked to save data, on a slow connection, or when the player is so narrow that 480 device
// pixels already fill it, and the large one otherwise.
import { VIDEO_SD_WIDTH_PX } from '../../../../shared/constants.ts';
import type { AppSettings } from '../../../../shared/contracts/settings.ts';

export type Rendition = 'hd' | 'sd';

/** What the browser says about the connection (the Network Information API; absent in some browsers). */
export type ConnectionHints = { saveData?: boolean; effectiveType?: string };

const SLOW_CONNECTIONS = new Set(['slow-2g', '2g', '3g']);

export function pickRendition({
  quality,
  connection,
  displayWidthPx,
  devicePixelRatio,
}: {
  quality: AppSettings['content']['quality'];
  connection: ConnectionHints | undefined;
  /** The player's CSS width. */
  displayWidthPx: number;
  devicePixelRatio: number;
}): Rendition {
  if (quality === 'high') return 'hd';
  if (quality === 'dataSaver') return 'sd';
  if (connection?.saveData) return 'sd';
  if (connection?.effectiveType && SLOW_CONNECTIONS.has(connection.effectiveType)) return 'sd';
  return displayWidthPx * devicePixelRatio <= VIDEO_SD_WIDTH_PX ? 'sd' : 'hd';
}

/** The browser's connection hints, where it gives them. */
export function readConnectionHints(): ConnectionHints | undefined {
  const connection = (navigator as Navigator & { connection?: ConnectionHints }).connection;
  return connection ? { saveData: connection.saveData, effectiveType: connection.effectiveType } : undefined;
}
