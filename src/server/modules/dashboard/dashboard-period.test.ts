import { describe, expect, it } from 'vitest';
import { addDays, calculateChangePercent, calculatePeriodRange, toLocalDay } from './dashboard-period.ts';

describe('calculatePeriodRange', () => {
  it('ends 7d today (a UTC seller, included) and puts the 7 days before it as the previous period', () => {
    // 00:30 in India on 1 March is still 29 February in UTC: for a UTC seller the UTC day counts.
    const range = calculatePeriodRange('7d', new Date('2028-02-29T19:00:00.000Z'), 'UTC');
    expect(range.to).toBe('2028-02-29');
    expect(range.from).toBe('2028-02-23');
    expect(range.previousTo).toBe('2028-02-22');
    expect(range.previousFrom).toBe('2028-02-16');
    expect(range.days).toEqual([
      '2028-02-23',
      '2028-02-24',
      '2028-02-25',
      '2028-02-26',
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
    ]);
  });

  it('spans 30 days across a month and a year end, the previous 30 just before', () => {
    const range = calculatePeriodRange('30d', new Date('2027-01-05T00:00:00.000Z'), 'UTC');
    expect(range.days).toHaveLength(30);
    expect(range.from).toBe('2026-12-07');
    expect(range.to).toBe('2027-01-05');
    expect(range.previousFrom).toBe('2026-11-07');
    expect(range.previousTo).toBe('2026-12-06');
    expect(new Set(range.days).size).toBe(30);
  });

  it("ends on the seller's local today: India is a day ahead of UTC from 18:30 UTC", () => {
    // 18:29 UTC on 29 February is 23:59 in India; a minute later it is 1 March there (decision 0079).
    expect(calculatePeriodRange('7d', new Date('2028-02-29T18:29:00.000Z'), 'Asia/Kolkata').to).toBe(
      '2028-02-29',
    );
    const range = calculatePeriodRange('7d', new Date('2028-02-29T18:30:00.000Z'), 'Asia/Kolkata');
    expect(range.to).toBe('2028-03-01');
    expect(range.from).toBe('2028-02-24');
    expect(range.previousTo).toBe('2028-02-23');
    expect(range.previousFrom).toBe('2028-02-17');
    expect(range.days).toHaveLength(7);
  });

  it('follows the zones furthest from UTC both ways', () => {
    const at = new Date('2026-11-29T11:00:00.000Z');
    expect(calculatePeriodRange('7d', at, 'Pacific/Kiritimati').to).toBe('2026-11-30');
    expect(calculatePeriodRange('7d', at, 'Etc/GMT+12').to).toBe('2026-11-28');
    expect(calculatePeriodRange('7d', at, 'UTC').to).toBe('2026-11-29');
  });
});

describe('calculateChangePercent', () => {
  it('rounds to one decimal, up and down, and is null from 0', () => {
    expect(calculateChangePercent(3, 2)).toBe(50);
    expect(calculateChangePercent(1, 3)).toBe(-66.7);
    expect(calculateChangePercent(2, 3)).toBe(-33.3);
    expect(calculateChangePercent(0, 4)).toBe(-100);
    expect(calculateChangePercent(5, 5)).toBe(0);
    expect(calculateChangePercent(7, 0)).toBeNull();
    expect(calculateChangePercent(0, 0)).toBeNull();
  });
});

describe('local days', () => {
  it('names the day an instant falls on in a zone, and steps days by the calendar', () => {
    expect(toLocalDay(new Date('2026-12-31T23:59:59.999Z'), 'UTC')).toBe('2026-12-31');
    expect(toLocalDay(new Date('2026-12-31T23:59:59.999Z'), 'Asia/Kolkata')).toBe('2027-01-01');
    expect(toLocalDay(new Date('2026-03-08T07:59:00.000Z'), 'America/Los_Angeles')).toBe('2026-03-07');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});
