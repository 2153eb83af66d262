import { APP_MESSAGES } from '../../../shared/shell-messages.ts';
import { LogoMark } from './logo.tsx';

/**
 * Shown until the first auth state is known (docs/product.md "First load and scrolling"), so nothing renders
 * twice or jumps.
 */
export function FullScreenLoader() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 flex flex-col items-center justify-center gap-4 bg-page"
    >
      <LogoMark className="size-16 motion-safe:animate-pulse" />
      <p className="text-sm font-medium text-ink-muted">{APP_MESSAGES.loading}</p>
    </div>
  );
}
