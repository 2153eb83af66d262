import { describe, expect, it } from 'vitest';
import {
  formatDate,
  calculateConversion,
  describeChange,
  formatDay,
  formatFigure,
  formatPercent,
} from './dashboard-format.ts';

describe('dashboard figures', () => {
  it('groups counts the Indian way', () => {
    expect(formatFigure(0)).toBe('0');
    expect(formatFigure(1234)).toBe('1,234');
    expect(formatFigure(123456)).toBe('1,23,456');
    expect(formatFigure(12345678)).toBe('1,23,45,678');
  });

  it('writes per cents with at most one decimal', () => {
    expect(formatPercent(12.345)).toBe('12.3%');
    expect(formatPercent(50)).toBe('50%');
    expect(formatPercent(250)).toBe('250%');
  });

  it('writes a day as day and month, the calendar day as given', () => {
    expect(formatDay('2026-11-29')).toBe('29 Nov');
    expect(formatDay('2026-01-01')).toBe('1 Jan');
  });

  it('says up, down, no change, New or - against the period before', () => {
    expect(describeChange({ current: 150, previous: 100, changePercent: 50 }, '7d')).toEqual({
      direction: 'up',
      text: '50%',
      label: 'Up 50% vs previous 7 days',
    });
    expect(describeChange({ current: 75, previous: 100, changePercent: -25 }, '30d')).toEqual({
      direction: 'down',
      text: '25%',
      label: 'Down 25% vs previous 30 days',
    });
    expect(describeChange({ current: 100, previous: 100, changePercent: 0 }, '7d').direction).toBe('same');
    expect(describeChange({ current: 4, previous: 0, changePercent: null }, '7d')).toMatchObject({
      direction: 'new',
      text: 'New',
    });
    expect(describeChange({ current: 0, previous: 0, changePercent: null }, '7d')).toMatchObject({
      direction: 'none',
      text: '-',
    });
    // Without the server's per cent, from the two figures.
    expect(describeChange({ current: 3, previous: 2, changePercent: null }, '7d').text).toBe('50%');
  });

  it('gives each funnel step against the one before, none from 0', () => {
    expect(calculateConversion(25, 100)).toBe(25);
    expect(calculateConversion(3, 0)).toBeNull();
  });
});

describe('offer dates on the dashboard', () => {
  it("are the day the instant falls on in the seller's zone", () => {
    expect(formatDate('2026-11-29T20:00:00.000Z', 'UTC')).toBe('29 Nov 2026');
    expect(formatDate('2026-11-29T20:00:00.000Z', 'Asia/Kolkata')).toBe('30 Nov 2026');
  });
});
