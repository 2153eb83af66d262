import { describe, expect, it } from 'vitest';
import {
  createNavigationLock,
  createWheelAggregator,
  getNextIndex,
  findSlideInView,
  getTheaterKeyAction,
  shouldLoadMore,
} from './theater-navigation.ts';

describe('getTheaterKeyAction', () => {
  it('maps up, left and K to previous; down, right and J to next; ? to the help', () => {
    for (const key of ['ArrowUp', 'ArrowLeft', 'k', 'K']) expect(getTheaterKeyAction(key)).toBe('previous');
    for (const key of ['ArrowDown', 'ArrowRight', 'j', 'J']) expect(getTheaterKeyAction(key)).toBe('next');
    expect(getTheaterKeyAction('?')).toBe('help');
    for (const key of ['Escape', ' ', 'Enter', 'l', 'Tab']) expect(getTheaterKeyAction(key)).toBeNull();
  });
});

describe('createWheelAggregator', () => {
  it('moves once the movement summed within 100 ms reaches 50', () => {
    const wheel = createWheelAggregator();
    expect(wheel.add(20, 0)).toBeNull();
    expect(wheel.add(20, 40)).toBeNull();
    expect(wheel.add(10, 99)).toBe('next');
    // Starts over after a move.
    expect(wheel.add(30, 110)).toBeNull();
    expect(wheel.add(-49, 120)).toBeNull();
  });

  it('forgets movement older than the window', () => {
    const wheel = createWheelAggregator();
    expect(wheel.add(-40, 0)).toBeNull();
    expect(wheel.add(-40, 101)).toBeNull();
    expect(wheel.add(-10, 150)).toBe('previous');
  });

  it('a single large delta moves at once, either way', () => {
    const wheel = createWheelAggregator();
    expect(wheel.add(50, 0)).toBe('next');
    expect(wheel.add(-120, 500)).toBe('previous');
    expect(wheel.add(49, 1000)).toBeNull();
  });
});

describe('createNavigationLock', () => {
  it('refuses moves for 300 ms after one', () => {
    const lock = createNavigationLock();
    expect(lock.tryAcquire(1000)).toBe(true);
    expect(lock.tryAcquire(1001)).toBe(false);
    expect(lock.tryAcquire(1299)).toBe(false);
    expect(lock.tryAcquire(1300)).toBe(true);
  });
});

describe('getNextIndex and shouldLoadMore', () => {
  it('stops at either end', () => {
    expect(getNextIndex(0, 'previous', 3)).toBeNull();
    expect(getNextIndex(0, 'next', 3)).toBe(1);
    expect(getNextIndex(2, 'next', 3)).toBeNull();
    expect(getNextIndex(2, 'previous', 3)).toBe(1);
  });

  it('asks for more within 2 of the end', () => {
    expect(shouldLoadMore(8, 12)).toBe(false);
    expect(shouldLoadMore(9, 12)).toBe(true);
    expect(shouldLoadMore(11, 12)).toBe(true);
  });
});

describe('findSlideInView', () => {
  it('is the slide at least 60% in view, and none while two share the screen more evenly', () => {
    expect(findSlideInView(0, 700, 0.6)).toBe(0);
    expect(findSlideInView(700, 700, 0.6)).toBe(1);
    // 280 px into the next slide: the first is still 60% in view.
    expect(findSlideInView(280, 700, 0.6)).toBe(0);
    expect(findSlideInView(281, 700, 0.6)).toBeUndefined();
    expect(findSlideInView(419, 700, 0.6)).toBeUndefined();
    expect(findSlideInView(420, 700, 0.6)).toBe(1);
    expect(findSlideInView(2 * 700 - 10, 700, 0.6)).toBe(2);
  });

  it('finds none in a feed with no height (hidden)', () => {
    expect(findSlideInView(0, 0, 0.6)).toBeUndefined();
  });
});
