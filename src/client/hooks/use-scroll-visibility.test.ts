import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBottomBarVisible, useHeaderVisible } from './use-scroll-visibility.ts';

function scrollTo(y: number): void {
  act(() => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    window.dispatchEvent(new Event('scroll'));
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useHeaderVisible', () => {
  it('hides 300 ms after scrolling down past 80 px, not before', () => {
    const { result } = renderHook(() => useHeaderVisible(true));
    scrollTo(81);
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it('stays while the page is scrolled down no further than 80 px', () => {
    const { result } = renderHook(() => useHeaderVisible(true));
    scrollTo(40);
    scrollTo(80);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(true);
  });

  it('comes back on any upward scroll, and an upward scroll cancels a pending hide', () => {
    const { result } = renderHook(() => useHeaderVisible(true));
    scrollTo(400);
    act(() => vi.advanceTimersByTime(300));
    expect(result.current).toBe(false);
    scrollTo(390);
    expect(result.current).toBe(true);

    scrollTo(500);
    scrollTo(495);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(true);
  });

  it('shows within 5 px of the top', () => {
    const { result } = renderHook(() => useHeaderVisible(true));
    scrollTo(300);
    act(() => vi.advanceTimersByTime(300));
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 5 });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(result.current).toBe(true);
  });

  it('never hides when disabled (wide screens)', () => {
    const { result } = renderHook(() => useHeaderVisible(false));
    scrollTo(1000);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(true);
  });
});

describe('useBottomBarVisible', () => {
  it('hides at once when scrolling down past 50 px and returns on scrolling up', () => {
    const { result } = renderHook(() => useBottomBarVisible(true));
    scrollTo(50);
    expect(result.current).toBe(true);
    scrollTo(51);
    expect(result.current).toBe(false);
    scrollTo(49);
    expect(result.current).toBe(true);
  });

  it('never hides when disabled', () => {
    const { result } = renderHook(() => useBottomBarVisible(false));
    scrollTo(500);
    expect(result.current).toBe(true);
  });
});
