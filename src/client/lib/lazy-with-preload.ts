import { createElement, lazy, type ComponentProps, type ComponentType } from 'react';

/**
 * React.lazy plus a preload() to start fetching the chunk early (on hover, on sign-in) so that the first real use
 * does not wait. Both share one promise, so the chunk is requested once. Once loaded, the component renders at
 * once instead of suspending for a moment: hydrating a server-rendered page after preload() (decision 0080) never
 * leaves a part of it waiting, where an update from the app would make React drop that part's HTML (and restart
 * the klip playing in it).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint React.lazy itself uses
export function lazyWithPreload<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let pending: Promise<{ default: T }> | undefined;
  let loaded: T | undefined;
  const preload = () =>
    (pending ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  function Preloadable(props: ComponentProps<T>) {
    return createElement(loaded ?? Lazy, props);
  }
  return Object.assign(Preloadable, { preload });
}
