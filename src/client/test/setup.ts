// Runs before every client test file: jest-dom matchers, a clean DOM (and no toasts left) after each test, the
// browser APIs jsdom lacks, and a failing test for any console.error (React warnings are bugs).
import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

// react-hot-toast styles with goober, which finds its <style> as window._goober: the named property browsers give
// an element's id. jsdom gives none, so goober would add a <style> per rule, and hundreds of them make every role
// query (which computes styles) take a second.
Object.defineProperty(window, '_goober', {
  configurable: true,
  value: Object.assign(document.head.appendChild(document.createElement('style')), {
    id: '_goober',
    innerHTML: ' ',
  }),
});

// Route modules load lazily and are transformed on first import; the first find can take over a second.
configure({ asyncUtilTimeout: 5000 });

let consoleErrorSpy: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleErrorSpy = vi.spyOn(console, 'error');
});

afterEach(() => {
  // react-hot-toast keeps its toasts in a module of its own, which outlives the test's render.
  act(() => toast.remove());
  cleanup();
  window.localStorage.clear();
  const calls = consoleErrorSpy.mock.calls;
  consoleErrorSpy.mockRestore();
  if (calls.length > 0) {
    const text = calls.map((args) =>
      args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '),
    );
    throw new Error(`console.error was called during the test:\n${text.join('\n')}`);
  }
});

/** Width that the matchMedia stub below evaluates min-/max-width queries against. */
export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

function evaluateMediaQuery(query: string): boolean {
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  if (max) return window.innerWidth <= Number(max[1]);
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  if (min) return window.innerWidth >= Number(min[1]);
  return false; // prefers-reduced-motion, prefers-color-scheme: not set
}

Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string): MediaQueryList => {
    const listeners = new Set<() => void>();
    const onResize = () => listeners.forEach((listener) => listener());
    return {
      media: query,
      get matches() {
        return evaluateMediaQuery(query);
      },
      onchange: null,
      addEventListener: (_type: string, listener: () => void) => {
        listeners.add(listener);
        window.addEventListener('resize', onResize);
      },
      removeEventListener: (_type: string, listener: () => void) => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('resize', onResize);
      },
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  },
});

// jsdom has no layout: Radix measures with ResizeObserver and scrolls menu items into view.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
window.scrollTo = (() => undefined) as typeof window.scrollTo;

// Picked photos are previewed through object URLs, which jsdom does not make.
let objectUrlCount = 0;
URL.createObjectURL ??= () => {
  objectUrlCount += 1;
  return `blob:http://localhost:3000/test-${objectUrlCount}`;
};
URL.revokeObjectURL ??= () => undefined;
