import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SWIPE_THRESHOLD_PX, TAP_MAX_MS, TOUCH_MOVE_SWIPE_PX } from '../../shared/constants.ts';
import { classifyGesture, useSwipe, type SwipeDirection } from './use-swipe.ts';

describe('classifyGesture', () => {
  it('needs 50 px sideways for a swipe; the finger going left means left', () => {
    expect(classifyGesture({ dx: -SWIPE_THRESHOLD_PX, dy: 0, durationMs: 100 })).toBe('left');
    expect(classifyGesture({ dx: SWIPE_THRESHOLD_PX, dy: 5, durationMs: 600 })).toBe('right');
    expect(classifyGesture({ dx: -(SWIPE_THRESHOLD_PX - 1), dy: 0, durationMs: 100 })).toBe('none');
  });

  it('counts a move over 10 px as a swipe attempt, never a tap, however quick', () => {
    expect(classifyGesture({ dx: TOUCH_MOVE_SWIPE_PX + 1, dy: 0, durationMs: 50 })).toBe('none');
    expect(classifyGesture({ dx: 0, dy: -(TOUCH_MOVE_SWIPE_PX + 1), durationMs: 50 })).toBe('none');
    expect(classifyGesture({ dx: TOUCH_MOVE_SWIPE_PX, dy: -TOUCH_MOVE_SWIPE_PX, durationMs: 50 })).toBe(
      'tap',
    );
  });

  it('is a tap only under 250 ms', () => {
    expect(classifyGesture({ dx: 2, dy: 2, durationMs: TAP_MAX_MS - 1 })).toBe('tap');
    expect(classifyGesture({ dx: 2, dy: 2, durationMs: TAP_MAX_MS })).toBe('none');
  });

  it('leaves a mostly vertical move to the page scroll', () => {
    expect(classifyGesture({ dx: -80, dy: 80, durationMs: 100 })).toBe('none');
    expect(classifyGesture({ dx: -80, dy: 79, durationMs: 100 })).toBe('left');
  });
});

describe('useSwipe', () => {
  let swipes: SwipeDirection[];

  function Swipeable() {
    const { offsetX, handlers } = useSwipe((direction) => swipes.push(direction));
    return <div data-testid="area" data-offset={offsetX} {...handlers} />;
  }

  function touch(x: number, y: number) {
    return [{ clientX: x, clientY: y }];
  }

  beforeEach(() => {
    swipes = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports a swipe, follows the finger while it drags, and cancels the click of the touch', () => {
    render(<Swipeable />);
    const area = screen.getByTestId('area');
    fireEvent.touchStart(area, { touches: touch(200, 100) });
    fireEvent.touchMove(area, { touches: touch(140, 104) });
    expect(area).toHaveAttribute('data-offset', '-60');
    const clickAllowed = fireEvent.touchEnd(area, { cancelable: true, changedTouches: touch(140, 104) });
    expect(swipes).toEqual(['left']);
    expect(clickAllowed).toBe(false);
    expect(area).toHaveAttribute('data-offset', '0');
  });

  it('lets a quick tap become a click and reports no swipe', () => {
    render(<Swipeable />);
    const area = screen.getByTestId('area');
    fireEvent.touchStart(area, { touches: touch(200, 100) });
    act(() => vi.advanceTimersByTime(TAP_MAX_MS - 1));
    expect(fireEvent.touchEnd(area, { cancelable: true, changedTouches: touch(203, 98) })).toBe(true);
    expect(swipes).toEqual([]);
  });

  it('cancels the click of a short drag (a swipe below the threshold) and of a long press', () => {
    render(<Swipeable />);
    const area = screen.getByTestId('area');
    fireEvent.touchStart(area, { touches: touch(200, 100) });
    fireEvent.touchMove(area, { touches: touch(180, 100) });
    expect(fireEvent.touchEnd(area, { cancelable: true, changedTouches: touch(180, 100) })).toBe(false);

    fireEvent.touchStart(area, { touches: touch(200, 100) });
    act(() => vi.advanceTimersByTime(TAP_MAX_MS));
    expect(fireEvent.touchEnd(area, { cancelable: true, changedTouches: touch(200, 100) })).toBe(false);
    expect(swipes).toEqual([]);
  });

  it('ignores a two-finger pinch', () => {
    render(<Swipeable />);
    const area = screen.getByTestId('area');
    fireEvent.touchStart(area, { touches: [...touch(200, 100), ...touch(300, 100)] });
    fireEvent.touchMove(area, { touches: touch(100, 100) });
    fireEvent.touchEnd(area, { cancelable: true, changedTouches: touch(100, 100) });
    expect(swipes).toEqual([]);
    expect(area).toHaveAttribute('data-offset', '0');
  });
});
