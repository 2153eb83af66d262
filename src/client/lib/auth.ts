// Who is signed in, and the calls that change it. The identity issue fills in the server side (refresh tokens,
// session restore); the shape here is what the rest of the client relies on: useAuth() gives status, user and
// the actions, and the api client reads the current token through setAccessTokenReader.
import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { ID_TOKEN_TTL_SECONDS } from '../../shared/constants.ts';
import { HTTP_MESSAGES } from '../../shared/messages.ts';
import { api as defaultApi, ApiError, setAccessTokenReader, type ApiClient } from './api-client.ts';

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

export const SESSION_STORAGE_KEY = 'lootklip.session';

const LOADING: AuthState = { status: 'loading', user: null };
const SIGNED_OUT: AuthState = { status: 'signed-out', user: null };

function readString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}

/** Accepts a user object from the server or from storage; null when it lacks what every screen needs. */
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

function parseStoredSession(text: string | null, now: number): StoredSession | null {
  if (!text) return null;
  try {
    const raw = JSON.parse(text) as Record<string, unknown>;
    const user = normalizeAuthUser(raw.user);
    const idToken = readString(raw.idToken);
    const expiresAt = typeof raw.expiresAt === 'number' ? raw.expiresAt : 0;
    if (!user || !idToken || expiresAt <= now) return null;
    return { user, idToken, expiresAt };
  } catch {
    return null;
  }
}

/** Reads a sign-in or sign-up answer. Field names follow the identity contract; a few aliases are tolerated. */
function parseSessionResponse(body: unknown, now: number): StoredSession {
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const data = (typeof raw.data === 'object' && raw.data !== null ? raw.data : raw) as Record<
    string,
    unknown
  >;
  const user = normalizeAuthUser(data.user);
  const idToken = readString(data.idToken) ?? readString(data.token) ?? readString(data.accessToken);
  if (!user || !idToken) throw new ApiError(200, HTTP_MESSAGES.invalidResponseFormat);
  const expiresIn = typeof data.expiresIn === 'number' ? data.expiresIn : ID_TOKEN_TTL_SECONDS;
  return { user, idToken, expiresAt: now + expiresIn * 1000 };
}

function readStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode); the session then lives in memory only
  }
}

export function createAuthStore({
  initial = LOADING,
  api = defaultApi,
}: { initial?: AuthState; api?: ApiClient } = {}) {
  let state = initial;
  let session: StoredSession | null = null;
  const listeners = new Set<() => void>();

  function setState(next: AuthState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  function applySession(next: StoredSession | null, { persist }: { persist: boolean }): void {
    session = next;
    if (persist) {
      const storage = readStorage();
      if (next) storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(next));
      else storage?.removeItem(SESSION_STORAGE_KEY);
    }
    setState(next ? { status: 'signed-in', user: next.user } : SIGNED_OUT);
  }

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: (): AuthState => state,
    getToken(): string | null {
      if (session && session.expiresAt <= Date.now()) return null;
      return session?.idToken ?? null;
    },
    /** Decides the first auth state. There is no session endpoint yet, so a stored, unexpired session is it. */
    async restore(): Promise<void> {
      const stored = parseStoredSession(readStorage()?.getItem(SESSION_STORAGE_KEY) ?? null, Date.now());
      applySession(stored, { persist: !stored });
    },
    /** For sign-in paths that produce a session elsewhere (the identity provider popup, tests). */
    setSession(next: StoredSession | null): void {
      applySession(next, { persist: true });
    },
    /** Another tab signed in or out. */
    syncFromStorage(): void {
      const stored = parseStoredSession(readStorage()?.getItem(SESSION_STORAGE_KEY) ?? null, Date.now());
      applySession(stored, { persist: false });
    },
    async signInWithPassword(input: { email: string; password: string }): Promise<AuthUser> {
      const body = await api.post<unknown>('/auth/sign-in', input);
      const next = parseSessionResponse(body, Date.now());
      applySession(next, { persist: true });
      return next.user;
    },
    async signUpWithPassword(input: {
      email: string;
      password: string;
      fullName: string;
      username: string;
    }): Promise<AuthUser> {
      const body = await api.post<unknown>('/auth/sign-up', input);
      const next = parseSessionResponse(body, Date.now());
      applySession(next, { persist: true });
      return next.user;
    },
    signOut(): void {
      const hadSession = session !== null;
      if (hadSession) {
        // Tell the server so it can revoke the refresh token; the local sign-out never waits for it.
        void api.post('/auth/sign-out').catch(() => undefined);
      }
      applySession(null, { persist: true });
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;

export const authStore = createAuthStore();

const AuthContext = createContext<AuthStore | null>(null);

export function AuthProvider({ store = authStore, children }: { store?: AuthStore; children: ReactNode }) {
  useEffect(() => {
    setAccessTokenReader(store.getToken);
    if (store.getSnapshot().status === 'loading') void store.restore();
    function onStorage(event: StorageEvent): void {
      if (event.key === SESSION_STORAGE_KEY || event.key === null) store.syncFromStorage();
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
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
  };
}

/** The name to greet a user with: full name, then display name, then username. */
export function getUserDisplayName(user: AuthUser): string {
  return user.fullName ?? user.displayName ?? user.username ?? user.email;
}
