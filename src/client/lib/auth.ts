// Who is signed in, and the calls that change it (docs/product.md "Auth", docs/architecture.md "Identity",
// src/shared/contracts/auth.ts). The ID token lives only in memory; the refresh token only in an HttpOnly cookie the
// server sets. On start the store asks POST /auth/refresh for the first state; it refreshes 5 minutes before the
// token expires, retries network failures with back-off from 30 s to 16 minutes, and tells other tabs when the user
// signs in or out.
import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  AUTH_RETRY_MAX_MS,
  AUTH_RETRY_MIN_MS,
  SESSION_HINT_COOKIE_NAME,
  TOKEN_REFRESH_BEFORE_EXPIRY_MS,
} from '../../shared/constants.ts';
import type { AuthUser, Session, SignInBody, SignUpBody } from '../../shared/contracts/auth.ts';
import type { TwoFactorVerifyBody } from '../../shared/contracts/two-factor.ts';
import { AUTH_ERROR_MESSAGES, HTTP_MESSAGES } from '../../shared/shell-messages.ts';
import {
  api as defaultApi,
  ApiError,
  setAccessTokenReader,
  setUnauthorizedHandler,
  type ApiClient,
} from './api-client.ts';

export type { AuthUser };

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'signed-in'; user: AuthUser }
  | { status: 'signed-out'; user: null };

/** The session as the store keeps it: expiresAt is a Date.now() time. */
export type ActiveSession = { user: AuthUser; idToken: string; expiresAt: number };

const LOADING: AuthState = { status: 'loading', user: null };
const SIGNED_OUT: AuthState = { status: 'signed-out', user: null };
const TAB_CHANNEL = 'lootklip-auth';
const REFRESH_LOCK = 'lootklip-auth-refresh';

const USER_TEXT_FIELDS = ['uid', 'email', 'username', 'fullName', 'displayName'] as const;

/**
 * The session of an identity API answer (SessionResponseSchema of the shared contract), or null. Checked by hand:
 * this module is in the first download of every page, and zod would add about 20 KB gzip to it (bench:bundle).
 * A test holds it to the schema.
 */
export function readSessionResponse(body: unknown): Session | null {
  if (typeof body !== 'object' || body === null || !('success' in body) || body.success !== true) return null;
  const data = (body as { data?: unknown }).data as Record<string, unknown> | null | undefined;
  const user = data?.user as Record<string, unknown> | null | undefined;
  if (typeof data?.idToken !== 'string' || typeof user !== 'object' || user === null) return null;
  const { expiresIn } = data;
  if (typeof expiresIn !== 'number' || !Number.isSafeInteger(expiresIn) || expiresIn <= 0) return null;
  if (!USER_TEXT_FIELDS.every((field) => typeof user[field] === 'string')) return null;
  if (user.avatar !== null && typeof user.avatar !== 'string') return null;
  const picked = Object.fromEntries(
    [...USER_TEXT_FIELDS, 'avatar'].map((field) => [field, user[field]]),
  ) as AuthUser;
  return { user: picked, idToken: data.idToken, expiresIn };
}

/** A right password for an account with two-factor on (decision 0075): the second step's challenge, no session. */
export interface TwoFactorRequired {
  twoFactorRequired: true;
  challenge: string;
}

/** The sign-in answer's two-factor challenge (TwoFactorChallengeSchema), or null when it is something else. */
export function readTwoFactorChallenge(body: unknown): TwoFactorRequired | null {
  if (typeof body !== 'object' || body === null) return null;
  const { twoFactorRequired, challenge } = body as Record<string, unknown>;
  return twoFactorRequired === true && typeof challenge === 'string' && challenge
    ? { twoFactorRequired, challenge }
    : null;
}

/** Reads a session answer of the identity API; anything else is not a session. */
function parseSessionResponse(body: unknown, now: number): ActiveSession {
  const session = readSessionResponse(body);
  if (!session) throw new ApiError(200, HTTP_MESSAGES.invalidResponseFormat);
  const { user, idToken, expiresIn } = session;
  return { user, idToken, expiresAt: now + expiresIn * 1000 };
}

/**
 * Each refresh rotates the one refresh cookie all tabs share; the Web Locks API lets one tab refresh at a time,
 * so that the next one sends the cookie the last one received instead of a rotated (and so refused) one.
 */
function runExclusively<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK, task) : task();
}

/** Back-off for refresh retries: 30 s, 60 s, 2 min, ... at most 16 minutes. */
export function getRetryDelay(failures: number): number {
  return Math.min(AUTH_RETRY_MAX_MS, AUTH_RETRY_MIN_MS * 2 ** Math.max(0, failures - 1));
}

/** What a failed identity call says to a person: the sentence for its auth/... code, whatever the status. */
export function getAuthErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return AUTH_ERROR_MESSAGES['auth/internal-error']!;
  const text = error.code === undefined ? undefined : AUTH_ERROR_MESSAGES[error.code];
  if (text) return text;
  if (error.status === 0) return AUTH_ERROR_MESSAGES['auth/network-request-failed']!;
  if (error.status >= 500) return AUTH_ERROR_MESSAGES['auth/internal-error']!;
  return error.message;
}

/** The cookie the server sets and clears with the refresh cookie (src/server/auth/cookies.ts). */
function hasSessionHint(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.cookie.split(';').some((cookie) => cookie.trim() === `${SESSION_HINT_COOKIE_NAME}=1`)
  );
}

/**
 * The first auth state, before any answer: signed out when the page has no session hint (a visitor), loading until
 * the refresh answers otherwise. The server renders a page from the same (decision 0080).
 */
export function getFirstAuthState(signedInHint: boolean): AuthState {
  return signedInHint ? LOADING : SIGNED_OUT;
}

export function createAuthStore({
  initial = getFirstAuthState(hasSessionHint()),
  api = defaultApi,
}: { initial?: AuthState; api?: ApiClient } = {}) {
  let state = initial;
  let session: ActiveSession | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  const listeners = new Set<() => void>();
  // Only in a browser: a server render's store (decision 0080) must not hold the process open.
  const channel =
    typeof window === 'undefined' || typeof BroadcastChannel === 'undefined'
      ? null
      : new BroadcastChannel(TAB_CHANNEL);

  function setState(next: AuthState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  function schedule(delayMs: number): void {
    clearTimeout(timer);
    timer = setTimeout(() => void refresh(), Math.max(0, delayMs));
  }

  // Bumped whenever the session changes, so that a refresh answer that arrives after a sign-in or sign-out is
  // dropped instead of undoing it.
  let generation = 0;

  function applySession(next: ActiveSession | null): void {
    generation += 1;
    session = next;
    failures = 0;
    clearTimeout(timer);
    if (next) schedule(next.expiresAt - TOKEN_REFRESH_BEFORE_EXPIRY_MS - Date.now());
    setState(next ? { status: 'signed-in', user: next.user } : SIGNED_OUT);
  }

  /** A session, or null when the server says there is none (401); throws on network and server trouble. */
  async function requestSession(): Promise<ActiveSession | null> {
    try {
      return parseSessionResponse(await runExclusively(() => api.post<unknown>('/auth/refresh')), Date.now());
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  }

  let inflight: Promise<void> | null = null;

  /** One refresh at a time in this tab: a second caller waits for the one under way. */
  function refresh(): Promise<void> {
    inflight ??= (async () => {
      const started = generation;
      try {
        const next = await requestSession();
        if (generation === started) applySession(next);
      } catch {
        if (generation !== started) return;
        // Network trouble or a server error: keep the session while it lasts (the user stays signed in), and try
        // again later. With no first state yet, render signed out meanwhile rather than keep the loader up.
        failures += 1;
        if (state.status === 'loading') setState(SIGNED_OUT);
        schedule(getRetryDelay(failures));
      } finally {
        inflight = null;
      }
    })();
    return inflight;
  }

  function announce(): void {
    channel?.postMessage('changed');
  }
  if (channel) channel.onmessage = () => void refresh();

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: (): AuthState => state,
    /** The state the page was rendered with on the server, for the hydration render. */
    getFirstSnapshot: (): AuthState => initial,
    getToken(): string | null {
      if (!session || session.expiresAt <= Date.now()) return null;
      return session.idToken;
    },
    /** Asks the server for the session (the refresh cookie decides), e.g. after a sign-in in a popup. */
    restore: refresh,
    /**
     * Decides the first auth state: signed out at once when the page has no session hint (a visitor), else from
     * the refresh cookie.
     */
    start(): Promise<void> {
      if (!hasSessionHint()) {
        applySession(null);
        return Promise.resolve();
      }
      return refresh();
    },
    /** Resolves once no refresh is under way (tests wait on it instead of on the clock). */
    settled: (): Promise<void> => inflight ?? Promise.resolve(),
    /**
     * Refreshes now when a refresh is overdue: timers stall while a laptop sleeps or a tab is in the background,
     * and a retry need not wait out its back-off once the network is back. For the page's online and
     * visibility events.
     */
    refreshIfDue(): void {
      if (state.status === 'loading') return;
      const due = session !== null && session.expiresAt - TOKEN_REFRESH_BEFORE_EXPIRY_MS <= Date.now();
      if (failures > 0 || due) void refresh();
    },
    /** For sign-in paths that produce a session elsewhere (tests). */
    setSession(next: ActiveSession | null): void {
      applySession(next);
    },
    /** The user, or, for an account with two-factor on, the challenge its code must come with (verifyTwoFactor). */
    async signInWithPassword(input: SignInBody): Promise<AuthUser | TwoFactorRequired> {
      const body = await api.post<unknown>('/auth/sign-in', input);
      const pending = readTwoFactorChallenge(body);
      if (pending) return pending;
      const next = parseSessionResponse(body, Date.now());
      applySession(next);
      announce();
      return next.user;
    },
    /** The second step of a sign-in: the challenge with a code or a recovery code; signs in like a password. */
    async verifyTwoFactor(input: TwoFactorVerifyBody): Promise<AuthUser> {
      const next = parseSessionResponse(
        await api.post<unknown>('/auth/two-factor/verify', input),
        Date.now(),
      );
      applySession(next);
      announce();
      return next.user;
    },
    async signUpWithPassword(input: SignUpBody): Promise<AuthUser> {
      const next = parseSessionResponse(await api.post<unknown>('/auth/sign-up', input), Date.now());
      applySession(next);
      announce();
      return next.user;
    },
    /**
     * Signed out here at once; then the server revokes the refresh cookie, and only then are other tabs told, so
     * that their refresh fails. (If the server cannot be reached, the cookie stays valid until it expires.)
     */
    async signOut(): Promise<void> {
      applySession(null);
      await runExclusively(() => api.post('/auth/sign-out')).catch(() => undefined);
      announce();
    },
    /** A request was refused with 401: the session is over. */
    handleUnauthorized(): void {
      if (state.status !== 'signed-in') return;
      applySession(null);
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;

let pageAuthStore: AuthStore | undefined;

/** The page's store, made on first use (not at import: a server render has a store per request). */
export function getAuthStore(): AuthStore {
  pageAuthStore ??= createAuthStore();
  return pageAuthStore;
}

const AuthContext = createContext<AuthStore | null>(null);

export function AuthProvider({ store: given, children }: { store?: AuthStore; children: ReactNode }) {
  const store = given ?? getAuthStore();
  useEffect(() => {
    setAccessTokenReader(store.getToken);
    setUnauthorizedHandler(() => {
      if (store.getSnapshot().status !== 'signed-in') return;
      store.handleUnauthorized();
      void import('react-hot-toast').then(({ toast }) => toast.error(HTTP_MESSAGES.unauthorized));
    });
    if (store.getSnapshot().status === 'loading') void store.start();
    const onWake = () => {
      if (document.visibilityState === 'visible') store.refreshIfDue();
    };
    window.addEventListener('online', onWake);
    document.addEventListener('visibilitychange', onWake);
    return () => {
      window.removeEventListener('online', onWake);
      document.removeEventListener('visibilitychange', onWake);
    };
  }, [store]);

  return createElement(AuthContext.Provider, { value: store }, children);
}

export function useAuth() {
  const store = useContext(AuthContext);
  if (!store) throw new Error('useAuth must be used within an AuthProvider');
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getFirstSnapshot);
  return {
    status: state.status,
    user: state.user,
    signInWithPassword: store.signInWithPassword,
    verifyTwoFactor: store.verifyTwoFactor,
    signUpWithPassword: store.signUpWithPassword,
    signOut: store.signOut,
    /** Asks the server for the session again, e.g. after the external provider's popup set the cookie. */
    refreshSession: store.restore,
  };
}
