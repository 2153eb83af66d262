// Who is signed in, and the calls that change it (spec §4 "Auth", ARCHITECTURE.md §7). The ID token lives only in
// memory; the refresh token only in an HttpOnly cookie the server sets. On start the store asks
// POST /auth/refresh for the first state; it refreshes 5 minutes before the token expires, retries network
// failures with back-off from 30 s to 16 minutes, and tells other tabs when the user signs in or out.
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
  ID_TOKEN_TTL_SECONDS,
  TOKEN_REFRESH_BEFORE_EXPIRY_MS,
} from '../../shared/constants.ts';
import { HTTP_MESSAGES } from '../../shared/messages.ts';
import {
  api as defaultApi,
  ApiError,
  setAccessTokenReader,
  setUnauthorizedHandler,
  type ApiClient,
} from './api-client.ts';

export type AuthUser = {
  uid: string;
  email: string;
  displayName: string | null;
  photoURL: string | null;
  username: string | null;
  fullName: string | null;
};

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'signed-in'; user: AuthUser }
  | { status: 'signed-out'; user: null };

export type StoredSession = { user: AuthUser; idToken: string; expiresAt: number };

const LOADING: AuthState = { status: 'loading', user: null };
const SIGNED_OUT: AuthState = { status: 'signed-out', user: null };
const TAB_CHANNEL = 'lootklip-auth';
/** After a refresh answered 401, one more try this much later: another tab may have just rotated the cookie. */
const RACE_RETRY_MS = 1000;

function readString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}

/** Accepts a user object from the server; null when it lacks what every screen needs. */
export function normalizeAuthUser(value: unknown): AuthUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  const uid = readString(raw.uid) ?? readString(raw.id);
  const email = readString(raw.email);
  if (!uid || !email) return null;
  return {
    uid,
    email,
    displayName: readString(raw.displayName),
    photoURL: readString(raw.photoURL) ?? readString(raw.avatar),
    username: readString(raw.username),
    fullName: readString(raw.fullName),
  };
}

/** Reads a session answer of the identity API ({ success, data: { user, idToken, expiresIn } }). */
function parseSessionResponse(body: unknown, now: number): StoredSession {
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const data = (typeof raw.data === 'object' && raw.data !== null ? raw.data : raw) as Record<
    string,
    unknown
  >;
  const user = normalizeAuthUser(data.user);
  const idToken = readString(data.idToken);
  if (!user || !idToken) throw new ApiError(200, HTTP_MESSAGES.invalidResponseFormat);
  const expiresIn = typeof data.expiresIn === 'number' ? data.expiresIn : ID_TOKEN_TTL_SECONDS;
  return { user, idToken, expiresAt: now + expiresIn * 1000 };
}

/** Back-off for refresh retries: 30 s, 60 s, 2 min, ... at most 16 minutes. */
export function getRetryDelay(failures: number): number {
  return Math.min(AUTH_RETRY_MAX_MS, AUTH_RETRY_MIN_MS * 2 ** Math.max(0, failures - 1));
}

export function createAuthStore({
  initial = LOADING,
  api = defaultApi,
}: { initial?: AuthState; api?: ApiClient } = {}) {
  let state = initial;
  let session: StoredSession | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  const listeners = new Set<() => void>();
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(TAB_CHANNEL);

  function setState(next: AuthState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  function schedule(delayMs: number): void {
    clearTimeout(timer);
    timer = setTimeout(() => void refresh(), Math.max(0, delayMs));
  }

  function applySession(next: StoredSession | null): void {
    session = next;
    failures = 0;
    clearTimeout(timer);
    if (next) schedule(next.expiresAt - TOKEN_REFRESH_BEFORE_EXPIRY_MS - Date.now());
    setState(next ? { status: 'signed-in', user: next.user } : SIGNED_OUT);
  }

  async function requestSession(): Promise<StoredSession | null> {
    try {
      return parseSessionResponse(await api.post<unknown>('/auth/refresh'), Date.now());
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
    }
    // Two tabs refreshing at once: the loser retries once with the cookie the winner received.
    await new Promise((resolve) => setTimeout(resolve, RACE_RETRY_MS));
    try {
      return parseSessionResponse(await api.post<unknown>('/auth/refresh'), Date.now());
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  }

  let inflight: Promise<void> | null = null;

  /** One refresh at a time: a second caller waits for the one under way (each would rotate the cookie). */
  function refresh(): Promise<void> {
    inflight ??= (async () => {
      try {
        applySession(await requestSession());
      } catch {
        // Network trouble or a server error: keep what we have while it is valid, try again later.
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
    getToken(): string | null {
      if (!session || session.expiresAt <= Date.now()) return null;
      return session.idToken;
    },
    /** Decides the first auth state from the refresh cookie, if there is one. */
    restore: refresh,
    /** For sign-in paths that produce a session elsewhere (tests). */
    setSession(next: StoredSession | null): void {
      applySession(next);
    },
    async signInWithPassword(input: { email: string; password: string }): Promise<AuthUser> {
      const next = parseSessionResponse(await api.post<unknown>('/auth/sign-in', input), Date.now());
      applySession(next);
      announce();
      return next.user;
    },
    async signUpWithPassword(input: {
      email: string;
      password: string;
      fullName: string;
      username: string;
    }): Promise<AuthUser> {
      const next = parseSessionResponse(await api.post<unknown>('/auth/sign-up', input), Date.now());
      applySession(next);
      announce();
      return next.user;
    },
    /** Ends the session here and on the server; never waits for the server. */
    signOut(): void {
      void api.post('/auth/sign-out').catch(() => undefined);
      applySession(null);
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

export const authStore = createAuthStore();

const AuthContext = createContext<AuthStore | null>(null);

export function AuthProvider({ store = authStore, children }: { store?: AuthStore; children: ReactNode }) {
  useEffect(() => {
    setAccessTokenReader(store.getToken);
    setUnauthorizedHandler(() => {
      if (store.getSnapshot().status !== 'signed-in') return;
      store.handleUnauthorized();
      void import('react-hot-toast').then(({ toast }) => toast.error(HTTP_MESSAGES.unauthorized));
    });
    if (store.getSnapshot().status === 'loading') void store.restore();
  }, [store]);

  return createElement(AuthContext.Provider, { value: store }, children);
}

export function useAuth() {
  const store = useContext(AuthContext);
  if (!store) throw new Error('useAuth must be used within an AuthProvider');
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return {
    status: state.status,
    user: state.user,
    signInWithPassword: store.signInWithPassword,
    signUpWithPassword: store.signUpWithPassword,
    signOut: store.signOut,
    /** Asks the server for the session again, e.g. after the external provider's popup set the cookie. */
    refreshSession: store.restore,
  };
}

/** The name to greet a user with: full name, then display name, then username. */
export function getUserDisplayName(user: AuthUser): string {
  return user.fullName ?? user.displayName ?? user.username ?? user.email;
}
