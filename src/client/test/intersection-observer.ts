// jsdom has no layout, so tests play the IntersectionObserver: this records what is observed, with which options,
// and lets a test say when it comes into view. Call installTestIntersectionObserver() at a test file's top level.
import { afterEach, beforeEach } from 'vitest';

const observers = new Set<{ callback: IntersectionObserverCallback; options?: IntersectionObserverInit }>();

class TestIntersectionObserver {
  readonly entry;
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.entry = { callback, options };
  }
  observe() {
    observers.add(this.entry);
  }
  disconnect() {
    observers.delete(this.entry);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}

export function installTestIntersectionObserver() {
  beforeEach(() => {
    observers.clear();
    globalThis.IntersectionObserver = TestIntersectionObserver as unknown as typeof IntersectionObserver;
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'IntersectionObserver');
  });
  return {
    /** What is being watched now, with the options each watcher was made with. */
    observers: () => [...observers],
    /** Everything watched comes into view. */
    scrollToEnd() {
      for (const { callback } of observers) {
        callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
      }
    },
  };
}
