// The server's render and the client's hydration of it are made from the same facts (decision 0080): what the
// server knew of the visitor (phone or not, the time, the session hint) is in the page, and every component that
// would read the browser during its first render reads these instead; after hydration it reads the browser.
import { createContext, useContext, useState, useSyncExternalStore } from 'react';
import type { RenderEnvironment } from '../../shared/page-render.ts';

export type { RenderEnvironment };

/**
 * What a route module may export beside its Component (`loadForHydration`): code to load before the server's HTML
 * of its page is hydrated (a lazy part the page showed), so that the page hydrates in one go.
 */
export type HydrationPreload = (environment: RenderEnvironment) => Promise<unknown> | undefined;

/** Present on the server and in a client that hydrates a server-rendered page; null in a client-only page. */
export const RenderEnvironmentContext = createContext<RenderEnvironment | null>(null);

export function useRenderEnvironment(): RenderEnvironment | null {
  return useContext(RenderEnvironmentContext);
}

/** A `useSyncExternalStore` subscription for a value that never changes after the first render. */
export const subscribeToNothing = () => () => undefined;

/**
 * True while this component renders on the server or hydrates the server's HTML, false in every client render
 * after it (and in a client-only page): React renders with the server's snapshot only then.
 */
export function useIsHydrating(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}

/** `time` (ms), or the server render's time while hydrating one, so that the two renders show the same. */
export function useServerTimeWhileHydrating(time: number): number {
  const environment = useRenderEnvironment();
  return useIsHydrating() && environment ? environment.now : time;
}

/** The time (ms) the component mounted at, as useServerTimeWhileHydrating shows it. */
export function useRenderTime(): number {
  const [mountedAt] = useState(() => Date.now());
  return useServerTimeWhileHydrating(mountedAt);
}
