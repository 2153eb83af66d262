import { useIsHydrating } from '../../lib/render-environment.ts';

/**
 * The document's title (React puts it in the head). Not in a server render: there it would land inside the page's
 * body, and the server's page already has its title in its head (decision 0080).
 */
export function PageTitle({ children }: { children: string }) {
  return useIsHydrating() ? null : <title>{children}</title>;
}
