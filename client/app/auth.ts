import { useSyncExternalStore } from 'react';
import type { User } from '../../shared/schemas/auth';
import { clearStartSnapshot } from './start-snapshot';

/**
 * The session. Persisted under `auth-storage` ({state: {token, user,
 * isAuthenticated}}) with the token also under `access_token`, as the spec says.
 */
export interface Session {
  token: string | null;
  user: User | null;
  isAuthenticated: boolean;
}

/** Also read by public/warm.js (through its meta tag, vite.config.ts) before any app code has loaded. */
export const STORAGE_KEY = 'auth-storage';
const TOKEN_KEY = 'access_token';
const LOGGED_OUT: Session = { token: null, user: null, isAuthenticated: false };

function read(): Session {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return LOGGED_OUT;
    const parsed = JSON.parse(raw) as { state?: Session };
    const s = parsed.state;
    if (!s?.token || !s.user) return LOGGED_OUT;
    return { token: s.token, user: s.user, isAuthenticated: true };
  } catch {
    return LOGGED_OUT;
  }
}

let session: Session = typeof localStorage === 'undefined' ? LOGGED_OUT : read();
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

function persist(): void {
  if (session.isAuthenticated && session.token) {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ state: session, version: 0 }));
    localStorage.setItem(TOKEN_KEY, session.token);
  } else {
    localStorage.removeItem(STORAGE_KEY);
    localStorage.removeItem(TOKEN_KEY);
    clearStartSnapshot();
  }
}

export function getSession(): Session {
  return session;
}

export function getToken(): string | null {
  return session.token;
}

export function setSession(token: string, user: User): void {
  session = { token, user, isAuthenticated: true };
  persist();
  emit();
}

export function updateUser(user: User): void {
  if (!session.token) return;
  session = { ...session, user };
  persist();
  emit();
}

export function clearSession(): void {
  session = LOGGED_OUT;
  persist();
  emit();
}

export function subscribeSession(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** Other tabs log in/out too. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEY) {
      session = read();
      emit();
    }
  });
}
