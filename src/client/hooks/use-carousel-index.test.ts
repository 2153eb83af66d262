import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_LOCK_MS } from '../../shared/constants.ts';
import { useCarouselIndex, wrapIndex } from './use-carousel-index.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('wrapIndex', () => {
  it('wraps past either end and stays at 0 for an empty list', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(-4, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});

describe('useCarouselIndex', () => {
  function step(result: { current: ReturnType<typeof useCarouselIndex> }, by: 1 | -1): void {
    act(() => result.current.goBy(by));
  }
  function waitOutLock(): void {
    act(() => vi.advanceTimersByTime(CAROUSEL_LOCK_MS));
  }

  it('wraps from the first image back to the last and from the last forward to the first', () => {
    const { result } = renderHook(() => useCarouselIndex(3));
    step(result, -1);
    expect(result.current).toMatchObject({ index: 2, direction: -1 });
    waitOutLock();
    step(result, 1);
    expect(result.current).toMatchObject({ index: 0, direction: 1 });
  });

  it('refuses a second step until 300 ms after a change, then takes it', () => {
    const { result } = renderHook(() => useCarouselIndex(3));
    step(result, 1);
    expect(result.current).toMatchObject({ index: 1, isLocked: true });
    act(() => vi.advanceTimersByTime(CAROUSEL_LOCK_MS - 1));
    step(result, 1);
    expect(result.current.index).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.isLocked).toBe(false);
    step(result, 1);
    expect(result.current.index).toBe(2);
  });

  it('moves once when two steps arrive in the same task', () => {
    const { result } = renderHook(() => useCarouselIndex(3));
    act(() => {
      result.current.goBy(1);
      result.current.goBy(1);
    });
    expect(result.current.index).toBe(1);
  });

  it('lets a chosen thumbnail through the lock, and the choice starts a new lock', () => {
    const { result } = renderHook(() => useCarouselIndex(4));
    step(result, 1);
    act(() => result.current.goTo(3));
    expect(result.current).toMatchObject({ index: 3, direction: 1 });
    act(() => vi.advanceTimersByTime(CAROUSEL_LOCK_MS - 1));
    step(result, -1);
    expect(result.current.index).toBe(3);
    act(() => result.current.goTo(0));
    expect(result.current).toMatchObject({ index: 0, direction: -1 });
  });

  it('does not step with a single image, and never points past a list that shrank', () => {
    const { result, rerender } = renderHook(({ count }) => useCarouselIndex(count), {
      initialProps: { count: 1 },
    });
    step(result, 1);
    expect(result.current).toMatchObject({ index: 0, isLocked: false });
    rerender({ count: 3 });
    act(() => result.current.goTo(2));
    rerender({ count: 2 });
    expect(result.current.index).toBe(1);
  });
});
