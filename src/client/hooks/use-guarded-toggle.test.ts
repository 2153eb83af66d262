import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { DOUBLE_TOGGLE_GUARD_MS } from '../../shared/constants.ts';
import { useGuardedToggle } from './use-guarded-toggle.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it('ignores a change within 300 ms of the previous one and takes it from 300 ms on', () => {
  const { result } = renderHook(() => useGuardedToggle());
  act(() => result.current[1](true));
  expect(result.current[0]).toBe(true);
  act(() => vi.advanceTimersByTime(DOUBLE_TOGGLE_GUARD_MS - 1));
  act(() => result.current[1](false));
  expect(result.current[0]).toBe(true);
  act(() => vi.advanceTimersByTime(1));
  act(() => result.current[1](false));
  expect(result.current[0]).toBe(false);
});

it('does not count a request for the state it is already in as a change', () => {
  const { result } = renderHook(() => useGuardedToggle());
  act(() => result.current[1](false));
  act(() => result.current[1](true));
  expect(result.current[0]).toBe(true);
});
