import { describe, expect, it } from 'vitest';
import { formatInTimeZone, getDeviceTimeZone, listTimeZones } from './time-zone.ts';

// 20:00 UTC on 29 November is 01:30 on 30 November in India (UTC+05:30).
const INSTANT = '2026-11-29T20:00:00.000Z';
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };

describe('formatInTimeZone', () => {
  it('shows the same instant as the day it is in each zone', () => {
    expect(formatInTimeZone(INSTANT, 'UTC', DAY)).toBe('29 Nov');
    expect(formatInTimeZone(INSTANT, 'Asia/Kolkata', DAY)).toBe('30 Nov');
  });

  it('shows the hour of the zone', () => {
    const time: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
    expect(formatInTimeZone(INSTANT, 'UTC', time)).toBe('20:00');
    expect(formatInTimeZone(INSTANT, 'Asia/Kolkata', time)).toBe('01:30');
  });

  it('falls back to UTC for a zone the runtime does not know, and is empty for a date that does not parse', () => {
    expect(formatInTimeZone(INSTANT, 'Mars/Olympus_Mons', DAY)).toBe('29 Nov');
    expect(formatInTimeZone('not a date', 'UTC', DAY)).toBe('');
  });
});

describe('the zones on offer', () => {
  it('lists the IANA zones with UTC among them, and names the device zone', () => {
    const zones = listTimeZones();
    expect(zones).toContain('UTC');
    expect(zones).toContain('Asia/Kolkata');
    expect(zones).toContain(getDeviceTimeZone());
  });
});
