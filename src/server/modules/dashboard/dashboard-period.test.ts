import { describe, expect, it } from 'vitest';
import { calculateChangePercent, calculatePeriodRange, startOfUtcDay, toUtcDay } from './dashboard-period.ts';

describe('calculatePeriodRange', () => {
  it('ends 7d today (UTC, included) and puts the 7 days before it as the previous period', () => {
    // 00:30 in India on 1 March is still 28 February in UTC: the UTC day counts.
    const range = calculatePeriodRange('7d', new Date('2028-02-29T19:00:00.000Z'));
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
    const range = calculatePeriodRange('30d', new Date('2027-01-05T00:00:00.000Z'));
    expect(range.days).toHaveLength(30);
    expect(range.from).toBe('2026-12-07');
    expect(range.to).toBe('2027-01-05');
    expect(range.previousFrom).toBe('2026-11-07');
    expect(range.previousTo).toBe('2026-12-06');
    expect(new Set(range.days).size).toBe(30);
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

describe('UTC days', () => {
  it('steps days and gives their start', () => {
    expect(toUtcDay(new Date('2026-12-31T23:59:59.999Z'), 1)).toBe('2027-01-01');
    expect(startOfUtcDay('2026-03-01').toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});
