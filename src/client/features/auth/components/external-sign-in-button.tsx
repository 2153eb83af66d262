// The external OpenID Connect provider (docs/architecture.md "Identity"): shown only when the server has one
// configured. It opens a 500 x 600 popup and listens for the one message the callback page posts: only from our
// own origin and only from that popup. The message carries no token; the session then comes from the refresh
// cookie.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  OIDC_POPUP_MESSAGE_TYPE,
  type OidcPopupMessage,
  type ProvidersResponse,
} from '../../../../shared/contracts/auth.ts';
import { AUTH_POPUP_HEIGHT_PX, AUTH_POPUP_WIDTH_PX } from '../../../../shared/constants.ts';
import { AUTH_ERROR_MESSAGES } from '../../../../shared/shell-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { api } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.ts';
import { FormError } from '../../../components/ui/form-error.tsx';

const POPUP_NAME = 'lootklip-external-sign-in';
const CLOSED_CHECK_MS = 500;

function openCenteredPopup(url: string): Window | null {
  const left = Math.max(0, window.screenX + (window.outerWidth - AUTH_POPUP_WIDTH_PX) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - AUTH_POPUP_HEIGHT_PX) / 2);
  return window.open(
    url,
    POPUP_NAME,
    `popup=yes,width=${AUTH_POPUP_WIDTH_PX},height=${AUTH_POPUP_HEIGHT_PX},left=${left},top=${top}`,
  );
}

export function ExternalSignInButton() {
  const { refreshSession } = useAuth();
  const providers = useQuery({
    queryKey: ['auth-providers'],
    queryFn: ({ signal }) => api.get<ProvidersResponse>('/auth/providers', { signal }),
    staleTime: Infinity,
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cleanup = useRef<() => void>(() => undefined);
  useEffect(() => () => cleanup.current(), []);

  const external = providers.data?.external;
  if (!external) return null;

  function start(): void {
    cleanup.current();
    setError(null);
    const popup = openCenteredPopup('/api/v1/auth/oidc/start');
    if (!popup) {
      setError(AUTH_ERROR_MESSAGES['auth/popup-blocked']!);
      return;
    }
    setBusy(true);
    let settled = false;
    const finish = (message: string | null) => {
      settled = true;
      cleanup.current();
      setBusy(false);
      setError(message);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const data = event.data as OidcPopupMessage | null;
      if (data?.type !== OIDC_POPUP_MESSAGE_TYPE) return;
      if (data.ok) {
        finish(null);
        void refreshSession();
      } else {
        finish(AUTH_ERROR_MESSAGES[data.code] ?? data.message);
      }
    };
    // The popup posts its message and closes at once, so the message can still be queued behind the check that
    // first sees it closed: only a popup seen closed twice was closed without an answer.
    let seenClosed = false;
    const closedCheck = setInterval(() => {
      if (!popup.closed || settled) return;
      if (seenClosed) finish(AUTH_ERROR_MESSAGES['auth/popup-closed-by-user']!);
      seenClosed = true;
    }, CLOSED_CHECK_MS);
    window.addEventListener('message', onMessage);
    cleanup.current = () => {
      clearInterval(closedCheck);
      window.removeEventListener('message', onMessage);
    };
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs text-ink-subtle">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      <button
        type="button"
        className={getButtonClass({ variant: 'secondary', size: 'lg' })}
        disabled={busy}
        onClick={start}
      >
        {busy ? 'Waiting for the sign-in window...' : `Continue with ${external.label}`}
      </button>
      <FormError message={error} />
    </div>
  );
}
