import { describe, expect, it } from 'vitest';
import { formatKlipCount, formatKlipDuration } from './klip-format.ts';

describe('formatKlipDuration', () => {
  it('writes minutes and two-digit seconds', () => {
    expect(formatKlipDuration(0)).toBe('0:00');
    expect(formatKlipDuration(2)).toBe('0:02');
    expect(formatKlipDuration(59.4)).toBe('0:59');
    expect(formatKlipDuration(59.6)).toBe('1:00');
    expect(formatKlipDuration(74.4)).toBe('1:14');
    expect(formatKlipDuration(180)).toBe('3:00');
  });

  it('gives nothing for an unknown or impossible length', () => {
    expect(formatKlipDuration(null)).toBeNull();
    expect(formatKlipDuration(-1)).toBeNull();
    expect(formatKlipDuration(Number.NaN)).toBeNull();
  });
});

describe('formatKlipCount', () => {
  it('writes small counts in full and large ones short, in the Indian style', () => {
    expect(formatKlipCount(0)).toBe('0');
    expect(formatKlipCount(999)).toBe('999');
    expect(formatKlipCount(1520)).toBe('1.5K');
    expect(formatKlipCount(250000)).toBe('2.5L');
  });
});
