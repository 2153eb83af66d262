// Checks the top-level boxes (atoms) of an MP4 or MOV before ffprobe reads it. ffprobe answers from the index
// (`moov`) alone, so a file cut off after its index, or one whose box claims more bytes than the file has (a bad or
// oversized atom), or one with something else glued on after its last box (a ZIP or HTML polyglot), would pass the
// probe and fail only later in the transcode job. Here it is refused at upload, naming the problem: nothing
// accepted that cannot become a klip (decision 0040).
import fsp from 'node:fs/promises';
import { AppError } from '../errors.ts';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';

/** A fragmented MP4 has a moof/mdat pair per fragment; more top-level boxes than this is no real video. */
const MAX_TOP_LEVEL_BOXES = 100_000;
const BOX_HEADER_BYTES = 8;
const LARGE_BOX_HEADER_BYTES = 16;

/**
 * Walks the top-level boxes of an ISO BMFF file (MP4, MOV). Refuses a box smaller than its own header, a box that
 * runs past the end of the file (cut off, or an oversized atom), and bytes after the last box that are no box.
 * A box of size 0 runs to the end of the file, as the format allows for the last one.
 */
export async function assertCompleteBoxes(filePath: string): Promise<void> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const header = Buffer.alloc(LARGE_BOX_HEADER_BYTES);
    let offset = 0;
    for (let count = 0; offset < fileSize; count += 1) {
      if (count >= MAX_TOP_LEVEL_BOXES) throw damaged();
      if (fileSize - offset < BOX_HEADER_BYTES) throw cutOff();
      const { bytesRead } = await handle.read(header, 0, LARGE_BOX_HEADER_BYTES, offset);
      let boxSize = header.readUInt32BE(0);
      // Zeros to the end: padding some cameras write after the last box.
      if (boxSize === 0 && header.readUInt32BE(4) === 0 && (await isZeroFrom(handle, offset, fileSize)))
        return;
      // Top-level box types are letters, digits and spaces ('ftyp', 'moov', 'mdat', 'free', 'wide').
      if (!/^[A-Za-z0-9 ]{4}$/.test(header.toString('latin1', 4, 8))) throw damaged();
      if (boxSize === 0) return;
      if (boxSize === 1) {
        if (bytesRead < LARGE_BOX_HEADER_BYTES) throw cutOff();
        const large = header.readBigUInt64BE(8);
        if (large > BigInt(Number.MAX_SAFE_INTEGER)) throw cutOff();
        boxSize = Number(large);
        if (boxSize < LARGE_BOX_HEADER_BYTES) throw damaged();
      } else if (boxSize < BOX_HEADER_BYTES) {
        throw damaged();
      }
      if (offset + boxSize > fileSize) throw cutOff();
      offset += boxSize;
    }
  } finally {
    await handle.close();
  }
}

async function isZeroFrom(handle: fsp.FileHandle, offset: number, fileSize: number): Promise<boolean> {
  const chunk = Buffer.alloc(64 * 1024);
  for (let at = offset; at < fileSize; at += chunk.length) {
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, at);
    if (bytesRead === 0) break;
    if (!chunk.subarray(0, bytesRead).every((byte) => byte === 0)) return false;
  }
  return true;
}

function cutOff(): AppError {
  return new AppError('bad-request', SERVER_MESSAGES.videoCutOff);
}

function damaged(): AppError {
  return new AppError('bad-request', SERVER_MESSAGES.videoBadBox);
}
