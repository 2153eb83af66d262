// Images for browser tests to upload or pick.
import sharp from 'sharp';

/** A PNG of one colour. */
export function createPng(width: number, height: number, color: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}
