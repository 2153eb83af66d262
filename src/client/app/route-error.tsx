import { RefreshCw } from 'lucide-react';
import { useRouteError } from 'react-router';
import { APP_MESSAGES } from '../../shared/shell-messages.ts';
import { getButtonClass } from '../components/ui/button-styles.ts';
import { LogoMark } from '../components/ui/logo.tsx';

/**
 * Last resort for a render error or a route chunk that failed to load (for example after a deploy replaced the
 * hashed files): a reload fetches the current ones.
 */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.warn(error);
  return (
    <div
      role="alert"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-page px-6 text-center"
    >
      <LogoMark className="size-14" />
      <h1 className="text-2xl font-extrabold text-ink">{APP_MESSAGES.somethingWentWrong}</h1>
      <button type="button" className={getButtonClass()} onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden="true" className="size-4" />
        {APP_MESSAGES.tryAgain}
      </button>
    </div>
  );
}
