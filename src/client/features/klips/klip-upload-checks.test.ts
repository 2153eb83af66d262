import { describe, expect, it } from 'vitest';
import { MAX_VIDEO_BYTES, MAX_VIDEO_SECONDS } from '../../../shared/constants.ts';
import { KLIP_FORM_MESSAGES } from '../../../shared/klip-form-messages.ts';
import { findVideoDurationProblem, findVideoFileProblem } from './klip-upload-checks.ts';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('findVideoFileProblem', () => {
  it('accepts MP4, MOV and WebM by type, and by extension when the picker gives no type', () => {
    expect(findVideoFileProblem(file('a.mp4', 'video/mp4'))).toBeNull();
    expect(findVideoFileProblem(file('a.mov', 'video/quicktime'))).toBeNull();
    expect(findVideoFileProblem(file('a.webm', 'video/webm'))).toBeNull();
    expect(findVideoFileProblem(file('IMG_0001.MOV', ''))).toBeNull();
  });

  it('names the file and the accepted types for anything else, whatever its name says', () => {
    expect(findVideoFileProblem(file('notes.txt', 'text/plain'))).toBe(
      KLIP_FORM_MESSAGES.videoType('notes.txt'),
    );
    expect(findVideoFileProblem(file('photo.mp4', 'image/png'))).toBe(
      KLIP_FORM_MESSAGES.videoType('photo.mp4'),
    );
    expect(findVideoFileProblem(file('clip.avi', 'video/x-msvideo'))).toBe(
      KLIP_FORM_MESSAGES.videoType('clip.avi'),
    );
    expect(findVideoFileProblem(file('clip.mkv', ''))).toBe(KLIP_FORM_MESSAGES.videoType('clip.mkv'));
    expect(KLIP_FORM_MESSAGES.videoType('notes.txt')).toBe(
      '"notes.txt" is not a video we accept. Choose an MP4, MOV or WebM file.',
    );
  });

  it('refuses an empty file and one over 200 MB, and takes exactly 200 MB', () => {
    expect(findVideoFileProblem(file('a.mp4', 'video/mp4', 0))).toBe(KLIP_FORM_MESSAGES.videoEmpty('a.mp4'));
    expect(findVideoFileProblem(file('a.mp4', 'video/mp4', MAX_VIDEO_BYTES))).toBeNull();
    expect(findVideoFileProblem(file('a.mp4', 'video/mp4', MAX_VIDEO_BYTES + 1))).toBe(
      '"a.mp4" is larger than 200 MB. Choose a shorter video, or export it at a lower quality.',
    );
  });
});

describe('findVideoDurationProblem', () => {
  it('takes up to 3 minutes, refuses longer, and leaves an unreadable length to the server', () => {
    expect(findVideoDurationProblem('a.mp4', MAX_VIDEO_SECONDS)).toBeNull();
    expect(findVideoDurationProblem('a.mp4', MAX_VIDEO_SECONDS + 0.5)).toBe(
      '"a.mp4" is longer than 3 minutes. Trim it to 3 minutes or less.',
    );
    expect(findVideoDurationProblem('a.mp4', null)).toBeNull();
  });
});
