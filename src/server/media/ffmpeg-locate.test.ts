// Locating ffmpeg when neither the PATH nor the npm development fallback has it (a production install leaves the
// @ffmpeg-installer devDependencies out, decision 0059): one clear error that says what to install.
import { afterEach, describe, expect, it } from 'vitest';
import { resolveBinary } from './ffmpeg.ts';

const searchPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = searchPath;
});

describe('resolveBinary', () => {
  it("names Debian's package and the env setting when ffmpeg is nowhere to be found", async () => {
    process.env.PATH = '/nonexistent';
    await expect(resolveBinary('ffprobe', undefined, '@lootklip/no-such-ffprobe')).rejects.toThrow(
      /^ffprobe not found: install Debian's ffmpeg package \(apt-get install ffmpeg\) or set FFPROBE_PATH;/,
    );
  });

  it('refuses an explicit path that does not run rather than look elsewhere', async () => {
    await expect(resolveBinary('ffmpeg', '/nonexistent/ffmpeg', '@ffmpeg-installer/ffmpeg')).rejects.toThrow(
      'FFMPEG_PATH=/nonexistent/ffmpeg does not run',
    );
  });
});
