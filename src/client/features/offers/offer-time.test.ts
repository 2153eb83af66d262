import { describe, expect, it } from 'vitest';
import { formatOfferDate, formatTimeLeft } from './offer-time.ts';

const now = Date.parse('2026-11-25T10:00:00.000Z');
const endIn = (ms: number) => new Date(now + ms).toISOString();
const SECOND = 1000;
const HOUR = 3600 * SECOND;

describe('formatTimeLeft', () => {
  it('counts days and hours from a day left', () => {
    expect(formatTimeLeft(endIn(2 * 24 * HOUR + 4 * HOUR + 59 * 60 * SECOND), now)).toBe('2d 4h left');
    expect(formatTimeLeft(endIn(24 * HOUR), now)).toBe('1d 0h left');
  });

  it('counts hours, minutes and seconds below a day', () => {
    expect(formatTimeLeft(endIn(3 * HOUR + 12 * 60 * SECOND + 9 * SECOND), now)).toBe('03:12:09 left');
    expect(formatTimeLeft(endIn(24 * HOUR - SECOND), now)).toBe('23:59:59 left');
    expect(formatTimeLeft(endIn(SECOND), now)).toBe('00:00:01 left');
  });

  it('is empty once the end has come, or for a date that does not parse', () => {
    expect(formatTimeLeft(endIn(0), now)).toBe('');
    expect(formatTimeLeft(endIn(-HOUR), now)).toBe('');
    expect(formatTimeLeft('not a date', now)).toBe('');
  });
});

describe('formatOfferDate', () => {
  it("shows an offer's end as the day it is in the reader's zone", () => {
    expect(formatOfferDate('2026-11-29T20:00:00.000Z', 'UTC')).toBe('29 Nov 2026');
    expect(formatOfferDate('2026-11-29T20:00:00.000Z', 'Asia/Kolkata')).toBe('30 Nov 2026');
  });
});
