import { lazy, type ComponentType } from 'react';

/**
 * React.lazy plus a preload() to start fetching the chunk early (on hover, on sign-in) so that the first real use
 * does not wait. Both share one promise, so the chunk is requested once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint React.lazy itself uses
export function lazyWithPreload<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let pending: Promise<{ default: T }> | undefined;
  const preload = () => (pending ??= load());
  return Object.assign(lazy(preload), { preload });
}
